import { formatDate, formatDateTime, formatYmd } from '../../../lib/format'
import type { SiteDoc } from '../site'

/*
 * The day an item was taken (issue 30): the grid's day headings and the card's time line follow the
 * photos' capture time (`taken_at`, the server's rule in server/base/firm-clock.ts), the upload time beside it.
 */

/** The item's day in this device's zone (the firm's on the team's phones): its headings' key. */
export const takenDay = (doc: Pick<SiteDoc, 'created_at'> & { taken_at?: string }) =>
  formatYmd(doc.taken_at ?? doc.created_at)

/** '26 Nov 14.02' ('26 Nov 2025 14.02' in another year). */
export function shortMoment(at: string): string {
  const day = formatDate(at)
  const year = String(new Date().getFullYear())
  const time = formatDateTime(at).split(', ')[1] ?? ''
  return `${day.endsWith(` ${year}`) ? day.slice(0, -year.length - 1) : day} ${time}`.trim()
}

/** 'Diambil 26 Nov 14.02 · Diunggah 27 Nov 09.10', or only the upload when no capture time is known. */
export function whenLine(doc: SiteDoc & { taken_at?: string }): string {
  const uploaded = `Diunggah ${shortMoment(doc.created_at)}`
  const captured = doc.images.some((i) => i.taken_at) && doc.taken_at ? doc.taken_at : null
  return captured ? `Diambil ${shortMoment(captured)} · ${uploaded}` : uploaded
}

/** Items grouped by the day they were taken, newest day first; within a day, as listed (newest upload first). */
export function byTakenDay<T extends { doc: Parameters<typeof takenDay>[0] }>(items: T[]) {
  const days = new Map<string, T[]>()
  for (const item of items) {
    const day = takenDay(item.doc)
    days.set(day, [...(days.get(day) ?? []), item])
  }
  return [...days].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([day, docs]) => ({ day, docs }))
}
