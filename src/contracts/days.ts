/*
 * Calendar days ('YYYY-MM-DD') in Indonesian words, the same on every screen, page and PDF: the web
 * app's report pages, the client's share and verification pages, the WhatsApp text and the report PDF.
 * Pure (a day has no time zone to apply), so the server and the browser share it.
 */

export const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const

const parts = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return { y, month: MONTHS_ID[m - 1] ?? '', d }
}

/** '24 November 2026' ('' for no day). */
export function dayLabel(day: string): string {
  if (!day) return ''
  const p = parts(day)
  return `${p.d} ${p.month} ${p.y}`
}

const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu']

/** 'Selasa, 17 November 2026' from 'YYYY-MM-DD'. */
export function indonesianDayName(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}, ${dayLabel(day)}`
}

/** 'November 2026' from '2026-11'. */
export function monthLabel(month: string): string {
  const p = parts(`${month}-01`)
  return `${p.month} ${p.y}`
}

/**
 * A period, as short as it reads clearly: '24–30 November 2026', '28 November – 4 Desember 2026',
 * '29 Desember 2026 – 4 Januari 2027', or one day.
 */
export function periodLabel(from: string, to: string): string {
  if (from === to) return dayLabel(from)
  const a = parts(from)
  const b = parts(to)
  if (a.y !== b.y) return `${dayLabel(from)} – ${dayLabel(to)}`
  if (a.month !== b.month) return `${a.d} ${a.month} – ${b.d} ${b.month} ${b.y}`
  return `${a.d}–${b.d} ${b.month} ${b.y}`
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * The days the app knows: a site's photos, reports, share periods and start days all fall in them.
 * Outside them a day is refused where it is parsed (422): 9999-12-31 once reached the date arithmetic
 * and the database, and the day after it (year 10000) is no ISO day at all (a 500).
 */
export const FIRST_DAY = '2000-01-01'
export const LAST_DAY = '2099-12-31'

/** The refusal of a day that is not a real YYYY-MM-DD between FIRST_DAY and LAST_DAY. */
export const DAY_MSG = 'Tanggal harus berformat YYYY-MM-DD, antara 1 Januari 2000 dan 31 Desember 2099'

/** A calendar day written YYYY-MM-DD that exists (2026-02-30 does not), from FIRST_DAY to LAST_DAY. */
export function isCalendarDay(text: string): boolean {
  if (typeof text !== 'string' || !DAY.test(text) || text < FIRST_DAY || text > LAST_DAY) return false
  const d = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text
}
