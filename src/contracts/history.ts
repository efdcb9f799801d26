import * as v from 'valibot'
import { RoleSchema } from './common'
import { SIGNER_LABELS, type SignerRole } from './diary'

/**
 * Riwayat: what happened in a project, append-only. Every upload, revision, review (with its reason),
 * comment, deletion, restore, rename, membership change and project edit is one entry.
 */
export const HISTORY_ACTIONS = [
  'upload',
  'revise',
  'approve',
  'reject',
  'comment',
  'delete',
  'restore',
  'purge',
  'rename',
  'members',
  'edit',
  'create',
  // A share link sent by WhatsApp (issue 30), to the number in its detail.
  'send',
  // Laporan Harian (issue 34): a day submitted for signing, and a signature (its role in detail.signer).
  'submit',
  'sign',
] as const
export type HistoryAction = (typeof HISTORY_ACTIONS)[number]

export const HISTORY_OBJECTS = [
  'project',
  'folder',
  'file',
  'doc',
  'recap',
  'work_item',
  'report',
  // A share link made or revoked (issue 24); its id is 'share:{id}'.
  'share',
  // A day of the site diary, Laporan Harian (issue 34); its id is 'diary:{YYYY-MM-DD}'.
  'diary',
] as const
export type HistoryObjectKind = (typeof HISTORY_OBJECTS)[number]

export const HistoryEntrySchema = v.object({
  id: v.number(),
  /** ISO-8601 UTC. */
  at: v.string(),
  actor: v.object({ id: v.nullable(v.number()), name: v.string(), role: RoleSchema }),
  action: v.picklist(HISTORY_ACTIONS),
  object: v.object({ kind: v.picklist(HISTORY_OBJECTS), id: v.string(), name: v.string() }),
  /** What changed: before/after, the review note, the version, the members added and removed... */
  detail: v.nullable(v.record(v.string(), v.unknown())),
})
export type HistoryEntry = v.InferOutput<typeof HistoryEntrySchema>

/** GET history: `data` is the page (newest first); `next_cursor` beside it, null at the end. */
export type HistoryEnvelope = {
  success: boolean
  message: string
  data: HistoryEntry[]
  next_cursor: string | null
}

export const HISTORY_PAGE_SIZE = 50

/** Indonesian labels of the actions, for the screens and riwayat.csv. */
export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  upload: 'Unggah',
  revise: 'Unggah revisi',
  // One wording for review (issue 30, decision 0069): the entry says what the item became.
  approve: 'Disetujui',
  reject: 'Revisi',
  comment: 'Komentar',
  delete: 'Hapus',
  restore: 'Pulihkan',
  purge: 'Hapus permanen',
  rename: 'Ganti nama',
  members: 'Ubah anggota',
  edit: 'Ubah project',
  create: 'Buat',
  send: 'Kirim',
  submit: 'Ajukan tanda tangan',
  sign: 'Tanda tangan',
}

/**
 * A diary day's steps as sentences (decision 0089): saved, submitted for signing, signed (as whom),
 * returned by the contractor, revised. The generic labels would read a diary as a project edit.
 */
const DIARY_ACTION_LABELS: Partial<Record<HistoryAction, string>> = {
  edit: 'Mengubah laporan harian',
  submit: 'Mengajukan tanda tangan',
  sign: 'Menandatangani',
  reject: 'Mengembalikan laporan harian',
  revise: 'Merevisi laporan harian',
}

/** The Indonesian label of an entry's action, for the Riwayat screen and riwayat.csv. */
export function historyActionLabel(entry: Pick<HistoryEntry, 'action' | 'object' | 'detail'>): string {
  if (entry.object.kind !== 'diary') return HISTORY_ACTION_LABELS[entry.action] ?? entry.action
  const label = DIARY_ACTION_LABELS[entry.action] ?? HISTORY_ACTION_LABELS[entry.action] ?? entry.action
  const signer = SIGNER_LABELS[entry.detail?.signer as SignerRole] as string | undefined
  return entry.action === 'sign' && signer ? `${label} sebagai ${signer}` : label
}

/** The day a diary entry is about ('diary:2026-12-04' -> '2026-12-04'), else null. */
export function historyDiaryDay(object: Pick<HistoryEntry['object'], 'kind' | 'id'>): string | null {
  if (object.kind !== 'diary') return null
  const m = /^diary:(\d{4}-\d{2}-\d{2})$/.exec(object.id)
  return m ? (m[1] as string) : null
}

export const HISTORY_MSG = { listed: 'Riwayat' } as const
