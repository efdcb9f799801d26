import { dayLabel } from './days'
import { DIARY_STATUS_LABELS, type DiarySection, type DiaryStatus, SECTION_LABELS } from './diary'
import type { HistoryEntry } from './history'

/**
 * A history entry's `detail` as label/value lines, worded once for the Riwayat page and the project
 * zip's riwayat.csv (issue 30: the CSV had its own wording and leaked 'start_day: undefined').
 */

const DETAIL_LABELS: Record<string, string> = {
  note: 'Alasan',
  reason: 'Alasan',
  review_note: 'Alasan',
  version: 'Versi',
  added: 'Ditambahkan',
  removed: 'Dikeluarkan',
  area: 'Area',
  count: 'Jumlah',
  files: 'File',
  photos: 'Foto',
  comment: 'Komentar',
  content: 'Komentar',
  description: 'Deskripsi',
  parent: 'Folder induk',
  restored_to: 'Dipulihkan ke',
  // A share link's (issue 24, 30).
  label: 'Untuk',
  expires_at: 'Berlaku sampai',
  pin: 'PIN',
  revoked: 'Dicabut',
  sent_to: 'Nomor WhatsApp',
  // A diary day's (issue 34, decision 0089).
  sections: 'Bagian',
  position: 'Jabatan',
  hash: 'Hash isi',
  ip: 'Alamat IP',
  revision: 'Revisi',
  superseded: 'Menggantikan revisi',
}

/** Area values as the screens name them. */
const VALUE_LABELS: Record<string, string> = {
  perencanaan: 'Perencanaan',
  pengawasan: 'Pengawasan',
  dokumentasi: 'Dokumentasi',
  rekap: 'Rekapitulasi',
  pending: 'Pending',
  approved: 'Disetujui',
  rejected: 'Revisi',
}

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'string') return VALUE_LABELS[v] ?? v
  if (typeof v === 'boolean') return v ? 'Ya' : 'Tidak'
  if (typeof v === 'number') return String(v)
  if (Array.isArray(v)) return v.map(show).join(', ')
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    if ('name' in o) return show(o.name)
    return Object.entries(o)
      .map(([k, x]) => `${k}: ${show(x)}`)
      .join(', ')
  }
  return String(v)
}

/** Details that hold an instant (ISO-8601 UTC), written as the firm reads it ('11 Desember 2026 pukul 22.20 WIB'). */
const INSTANT_KEYS = new Set(['expires_at'])
const instants = new Map<string, Intl.DateTimeFormat>()
function showInstant(v: unknown, timeZone: string): string {
  const at = typeof v === 'string' ? new Date(v) : null
  if (!at || Number.isNaN(at.getTime())) return show(v)
  let f = instants.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    instants.set(timeZone, f)
  }
  return f.format(at)
}

/**
 * The detail as label/value lines: before → after first, then the reason, then what else it carries.
 * `timeZone`: the firm's, for the instants a detail holds (the app shows Jakarta time).
 */
export function detailLines(
  detail: Record<string, unknown> | null,
  timeZone = 'Asia/Jakarta',
): Array<[string, string]> {
  if (!detail) return []
  const out: Array<[string, string]> = []
  const rest = { ...detail }
  if ('before' in rest || 'after' in rest) {
    const before = rest.before
    const after = rest.after
    delete rest.before
    delete rest.after
    if (before && after && typeof before === 'object' && typeof after === 'object') {
      const b = before as Record<string, unknown>
      const a = after as Record<string, unknown>
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
        if (show(b[key]) === show(a[key])) continue
        out.push([fieldLabel(key), `${showField(key, b[key])} → ${showField(key, a[key])}`])
      }
    } else out.push(['Perubahan', `${show(before)} → ${show(after)}`])
  }
  for (const [k, v] of Object.entries(rest)) {
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue
    out.push([DETAIL_LABELS[k] ?? fieldLabel(k), INSTANT_KEYS.has(k) ? showInstant(v, timeZone) : show(v)])
  }
  return out
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Nama',
  description: 'Deskripsi',
  status: 'Status',
  location: 'Lokasi',
  progress: 'Progres',
  work_item: 'Item pekerjaan',
  start_day: 'Tanggal mulai',
  // The contract and site (issue 34).
  contract_number: 'Nomor kontrak',
  contractor: 'Kontraktor',
  owner: 'Pemilik / PPK',
  contract_value: 'Nilai kontrak',
  duration_days: 'Durasi (hari kalender)',
  site: 'Lokasi proyek',
}

/** A field's value: days in words ('5 Januari 2026'), the rest as `show` writes them. */
const showField = (key: string, v: unknown) =>
  key === 'start_day' && typeof v === 'string' ? dayLabel(v) : show(v)
const fieldLabel = (k: string) => FIELD_LABELS[k] ?? DETAIL_LABELS[k] ?? k.replace(/_/g, ' ')

/**
 * An entry's detail as label/value lines: a diary day's in its own words (the sections and the day's
 * status named as the diary screen names them; the signer is said by the action, historyActionLabel),
 * every other kind's as detailLines writes it.
 */
export function entryDetailLines(
  entry: Pick<HistoryEntry, 'object' | 'detail'>,
  timeZone = 'Asia/Jakarta',
): Array<[string, string]> {
  const detail = entry.detail
  if (entry.object.kind !== 'diary' || !detail) return detailLines(detail, timeZone)
  const worded: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(detail)) {
    if (k === 'signer') continue
    if (k === 'sections' && Array.isArray(v))
      worded[k] = v.map((s) => SECTION_LABELS[s as DiarySection] ?? String(s))
    else if (k === 'status' && typeof v === 'string') worded[k] = DIARY_STATUS_LABELS[v as DiaryStatus] ?? v
    else worded[k] = v
  }
  return detailLines(worded, timeZone)
}
