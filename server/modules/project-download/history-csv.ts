import type { Kysely } from 'kysely'
import { ROLE_LABELS, type Role } from '../../../src/contracts/common'
import { type HistoryEntry, type HistoryObjectKind, historyActionLabel } from '../../../src/contracts/history'
import { detailLines, entryDetailLines } from '../../../src/contracts/history-detail'
import { firmDateTime } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import { toHistoryEntry } from '../history/history.service'

/**
 * riwayat.csv in the project zip: the project's whole history, oldest first, one row per entry, worded as
 * the Riwayat screen words it (src/contracts/history-detail.ts).
 *
 * Written for Excel as Indonesian offices set it up (issue 30): Indonesian regional settings use the
 * comma as the decimal mark, so Excel's list separator there is the semicolon, and a comma-separated file
 * opened with a double click landed in one column. Cells are separated by ';' (RFC 4180 otherwise: CRLF,
 * quotes doubled, a cell with ';', a quote or a line break quoted). UTF-8 with a byte order mark, so the
 * names, '→' and '—' read right; no 'sep=;' line, because Excel drops the BOM's UTF-8 when that line is
 * there. Times are 'YYYY-MM-DD HH:MM:SS' in the firm's zone, which Excel reads as a date in any
 * settings. A cell that would start a formula (= + - @) gets an apostrophe, so a name a user typed is
 * never run as one.
 */
export const HISTORY_CSV_NAME = 'riwayat.csv'

/** The list separator of Excel under Indonesian regional settings. */
const SEP = ';'

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
  diary: 'Laporan Harian',
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
  const lines = [HEADER, ...entries.map((e) => row(e, timeZone))].map((cells) => cells.map(cell).join(SEP))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

function row(e: HistoryEntry, timeZone: string): string[] {
  return [
    firmDateTime(e.at, timeZone),
    e.actor.name,
    ROLE_LABELS[e.actor.role as Role] ?? e.actor.role,
    historyActionLabel(e),
    OBJECT_LABELS[e.object.kind] ?? e.object.kind,
    e.object.name,
    entryDetailText(e, timeZone),
  ]
}

/** The detail as the Riwayat screen shows it, its lines joined: 'Tanggal mulai: — → 5 Januari 2026'. */
export function detailText(detail: Record<string, unknown> | null, timeZone = 'Asia/Jakarta'): string {
  return joined(detailLines(detail, timeZone))
}

/** An entry's detail (a diary day's in its own words, entryDetailLines), its lines joined. */
function entryDetailText(entry: HistoryEntry, timeZone: string): string {
  return joined(entryDetailLines(entry, timeZone))
}

function joined(lines: Array<[string, string]>): string {
  return lines.map(([label, value]) => `${label}: ${value}`).join('; ')
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
