import * as v from 'valibot'
import { RoleSchema } from './common'

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
}

export const HISTORY_MSG = { listed: 'Riwayat' } as const
