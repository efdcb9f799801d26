import type { Kysely } from 'kysely'
import { ROLE_LABELS, type Role } from '../../../src/contracts/common'
import {
  HISTORY_ACTION_LABELS,
  type HistoryAction,
  type HistoryEntry,
  type HistoryObjectKind,
} from '../../../src/contracts/history'
import type { DB } from '../../db/schema'
import { firmDateTime } from '../history/firm-time'
import { toHistoryEntry } from '../history/history.service'

/**
 * riwayat.csv in the project zip: the project's whole history, oldest first, one row per entry. RFC 4180
 * (comma, CRLF, quotes doubled), UTF-8 with a byte order mark so that Excel reads the Indonesian text
 * right; a cell that would start a formula (= + - @) is prefixed with an apostrophe, so a name typed by a
 * user is never run as one.
 */
export const HISTORY_CSV_NAME = 'riwayat.csv'

const HEADER = ['Waktu', 'Pengguna', 'Peran', 'Aksi', 'Objek', 'Nama', 'Detail']

const OBJECT_LABELS: Record<HistoryObjectKind, string> = {
  project: 'Project',
  folder: 'Folder',
  file: 'File',
  doc: 'Dokumentasi',
  recap: 'Rekap',
  work_item: 'Item Pekerjaan',
  report: 'Laporan',
  share: 'Tautan bagikan',
}

/** The CSV and the time of its newest entry (the zip entry's date: the same archive twice is the same). */
export async function projectHistoryCsv(
  db: Kysely<DB>,
  projectId: number,
  timeZone: string,
): Promise<{ text: string; newest: string | null }> {
  const rows = await db
    .selectFrom('history')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute()
  return { text: historyCsv(rows.map(toHistoryEntry), timeZone), newest: rows.at(-1)?.at ?? null }
}

export function historyCsv(entries: readonly HistoryEntry[], timeZone: string): string {
  const lines = [HEADER, ...entries.map((e) => row(e, timeZone))].map((cells) => cells.map(cell).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

function row(e: HistoryEntry, timeZone: string): string[] {
  return [
    firmDateTime(e.at, timeZone),
    e.actor.name,
    ROLE_LABELS[e.actor.role as Role] ?? e.actor.role,
    HISTORY_ACTION_LABELS[e.action as HistoryAction] ?? e.action,
    OBJECT_LABELS[e.object.kind] ?? e.object.kind,
    e.object.name,
    detailText(e.detail),
  ]
}

/** The detail as a person reads it: before → after, the note, the members added and removed... */
export function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return ''
  const parts: string[] = []
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === undefined) continue
    if (key === 'before' && 'after' in detail) {
      const before = value as Record<string, unknown> | string
      const after = detail.after as Record<string, unknown> | string
      if (typeof before === 'object' && typeof after === 'object' && before && after) {
        for (const k of Object.keys(after))
          if (before[k] !== after[k]) parts.push(`${FIELD[k] ?? k}: ${text(before[k])} → ${text(after[k])}`)
      } else parts.push(`${text(before)} → ${text(after)}`)
      continue
    }
    if (key === 'after' && 'before' in detail) continue
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${FIELD[key] ?? key}: ${value.map(text).join(', ')}`)
      continue
    }
    if (key === 'to_root') {
      parts.push('dipulihkan ke akar area')
      continue
    }
    parts.push(`${FIELD[key] ?? key}: ${text(value)}`)
  }
  return parts.join('; ')
}

const FIELD: Record<string, string> = {
  name: 'Nama',
  description: 'Deskripsi',
  added: 'Ditambahkan',
  removed: 'Dikeluarkan',
  area: 'Area',
  folder: 'Folder',
  parent: 'Folder induk',
  note: 'Catatan',
  version: 'Versi',
  status: 'Status',
  comment: 'Komentar',
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
