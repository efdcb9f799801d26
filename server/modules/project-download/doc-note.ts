import type { LocationSource } from '../../../src/contracts/documentation'
import type { Status } from '../../../src/contracts/projects'
import { firmDateTime } from '../../base/firm-clock'

/*
 * keterangan.txt beside each documentation item's photos in the project zip: what the app shows beside
 * them, and per photo the evidence that makes it one (issue 30): when it was taken and uploaded, where
 * and how that place is known, its SHA-256. Plain text for any editor, CRLF for Notepad.
 */

const STATUS_TEXT: Record<Status, string> = {
  pending: 'Pending (menunggu review)',
  approved: 'Disetujui',
  rejected: 'Ditolak (perlu revisi)',
}

/**
 * How a photo's place is known, in the words of the app's photo viewer (documentation's placeLabel);
 * a place from the upload moment is said not to be the photo's own.
 */
const SOURCE_TEXT: Record<LocationSource, string> = {
  exif: 'GPS foto (EXIF)',
  camera: 'lokasi perangkat saat pemotretan',
  upload: 'lokasi saat diunggah (belum tentu tempat foto diambil)',
}

export type DocForNote = {
  description: string
  status: Status
  created_at: string
  reviewed_at: string | null
  creator_name: string
  reviewer_name: string | null
  work_item: string | null
  location: string | null
  progress: number | null
}

export type PhotoForNote = {
  name: string
  taken_at: string | null
  received_at: string | null
  lat: number | null
  lng: number | null
  accuracy_m: number | null
  location_source: LocationSource | null
  sha256: string | null
}

/**
 * The note. `formatLong` writes the item's dates as the app does ('24 November 2026 pukul 09.14 WIB');
 * a photo's times are 'YYYY-MM-DD HH:MM:SS' in the firm's zone, to the second, as evidence needs them.
 */
export function docNote(
  doc: DocForNote,
  photos: readonly PhotoForNote[],
  formatLong: (iso: string) => string,
  timeZone: string,
): string {
  const zone = zoneName(timeZone)
  const at = (iso: string) => `${firmDateTime(iso, timeZone)} ${zone}`
  const lines = [
    'Deskripsi:',
    doc.description,
    '',
    `Status: ${STATUS_TEXT[doc.status] ?? doc.status}`,
    `Item pekerjaan: ${doc.work_item ?? '-'}`,
    `Lokasi di proyek: ${doc.location || '-'}`,
    `Progres: ${doc.progress === null ? '-' : `${doc.progress}%`}`,
    `Diunggah oleh: ${doc.creator_name}`,
    `Tanggal unggah: ${formatLong(doc.created_at)}`,
  ]
  if (doc.reviewed_at && doc.status !== 'pending')
    lines.push(`Direview oleh: ${doc.reviewer_name ?? '-'}, ${formatLong(doc.reviewed_at)}`)
  lines.push(`Jumlah foto: ${photos.length}`)
  for (const [i, p] of photos.entries()) {
    lines.push(
      '',
      `Foto ${i + 1}: ${p.name}`,
      `  Waktu diambil: ${p.taken_at ? at(p.taken_at) : 'tidak tercatat'}`,
      `  Waktu diunggah: ${at(p.received_at ?? doc.created_at)}`,
      `  Tempat: ${place(p)}`,
      `  SHA-256: ${p.sha256 ?? 'belum dihitung'}`,
    )
  }
  lines.push('')
  return lines.join('\r\n').replace(/\r?\n/g, '\r\n')
}

function place(p: PhotoForNote): string {
  if (p.lat === null || p.lng === null) return 'tidak diketahui'
  const where = `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}${p.accuracy_m === null ? '' : ` (±${Math.round(p.accuracy_m)} m)`}`
  return `${where}, sumber: ${p.location_source ? SOURCE_TEXT[p.location_source] : 'tidak tercatat'}`
}

/** 'WIB' for Asia/Jakarta: the zone's short name as Indonesian readers write it. */
function zoneName(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' }).formatToParts(
    new Date(),
  )
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone
}
