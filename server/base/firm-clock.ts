import { dayLabel } from '../../src/contracts/days'

/*
 * The firm's clock, one file for every module: times and days as the firm reads them
 * (config.firmTimeZone, Asia/Jakarta by default), not the server's UTC. The wall clock of a stored time,
 * the firm's days (the Dokumentasi filters, the report's selection, a period share link), the day a photo
 * counts as taken (decision 0068), and times in Indonesian words (riwayat.csv, the report PDF, the share
 * pages and WhatsApp text). Pure calendar-day words (no zone to apply) are src/contracts/days.ts, shared
 * with the web app.
 */

// One formatter per zone: each Intl.DateTimeFormat holds ICU memory outside the JS heap, and a
// 1,000-photo report or a long riwayat.csv asks for thousands of times.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

const ZONED = /(Z|[+-]\d{2}:?\d{2})$/

/**
 * A stored time as the firm's wall clock, 'YYYY-MM-DDTHH:MM:SS'. Capture times without a zone (a camera
 * that wrote no offset into EXIF) are the camera's own clock, taken to be the firm's: kept as written.
 */
export function firmWallClock(iso: string, timeZone: string): string {
  if (!ZONED.test(iso)) return iso.slice(0, 19)
  const parts: Record<string, string> = {}
  for (const p of formatter(timeZone).formatToParts(new Date(iso))) parts[p.type] = p.value
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`
}

/** 'HH.mm', the Indonesian way of writing a time ('09.14'). */
export function firmClock(iso: string, timeZone: string): string {
  const wall = firmWallClock(iso, timeZone)
  return `${wall.slice(11, 13)}.${wall.slice(14, 16)}`
}

/**
 * 'YYYY-MM-DD HH:MM:SS' for riwayat.csv: sorts as text, and Excel reads it as a date and time whatever
 * the regional settings (its Indonesian 'HH.mm.ss' it kept as text; issue 30).
 */
export function firmDateTime(iso: string, timeZone: string): string {
  return firmWallClock(iso, timeZone).replace('T', ' ')
}

/** The firm's day ('YYYY-MM-DD') of a stored time. */
export const firmDayOf = (iso: string, timeZone: string) => firmWallClock(iso, timeZone).slice(0, 10)

/** Indonesia's zones by their Indonesian names; any other zone by its IANA name. */
export function zoneLabel(timeZone: string): string {
  if (['Asia/Jakarta', 'Asia/Pontianak'].includes(timeZone)) return 'WIB'
  if (['Asia/Makassar', 'Asia/Ujung_Pandang'].includes(timeZone)) return 'WITA'
  if (timeZone === 'Asia/Jayapura') return 'WIT'
  return timeZone
}

/** '17 November 2026 09.14 WIB' (the Indonesian way of writing a time). */
export function indonesianDateTime(iso: string, timeZone: string): string {
  const wall = firmWallClock(iso, timeZone)
  return `${dayLabel(wall.slice(0, 10))} ${wall.slice(11, 13)}.${wall.slice(14, 16)} ${zoneLabel(timeZone)}`
}

/** The share pages' and WhatsApp text's formatters, one per zone and length. */
const moments = new Map<string, Intl.DateTimeFormat>()

/** An instant in the firm's zone: '24 November 2026 pukul 15.26 WIB' (short: '24 Nov 2026 15.26 WIB'). */
export function formatMoment(iso: string | null, timeZone: string, short = false): string {
  if (!iso) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  let f = moments.get(`${timeZone}|${short}`)
  if (!f) {
    f = new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: 'numeric',
      month: short ? 'short' : 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    moments.set(`${timeZone}|${short}`, f)
  }
  return short ? f.format(at).replace(' pukul ', ', ') : f.format(at)
}

/**
 * The UTC instant a calendar day starts in the firm's time zone: the Dokumentasi filters' `from` and
 * `to` are the firm's days, not the server's.
 */
export function firmDayStart(day: string, timeZone: string): Date {
  return firmInstant(`${day}T00:00:00`, timeZone)
}

/** The UTC instant of a wall-clock time 'YYYY-MM-DDTHH:MM:SS' in the firm's time zone. */
function firmInstant(wall: string, timeZone: string): Date {
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number)
  const [h, mi, s] = wall.slice(11, 19).split(':').map(Number)
  const guess = Date.UTC(y, m - 1, d, h || 0, mi || 0, s || 0)
  // The zone's offset at that moment (twice, so a time whose offset changes near it lands right).
  const once = guess - offsetMs(new Date(guess), timeZone)
  return new Date(guess - offsetMs(new Date(once), timeZone))
}

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/

/**
 * A stored time as an instant (ISO-8601 UTC, as toISOString writes it): zoned times as they are, a
 * capture time without a zone as the firm's wall clock. Undefined for text that is no time.
 */
export function firmMoment(at: string, timeZone: string): string | undefined {
  const ms = ZONED.test(at)
    ? Date.parse(at)
    : WALL.test(at)
      ? firmInstant(at, timeZone).getTime()
      : Number.NaN
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined
}

/** The time a photo counts as taken at: its capture time, else its item's upload time (as stored). */
export const photoTime = (takenAt: string | null, itemCreatedAt: string): string => takenAt ?? itemCreatedAt

/**
 * The instant an item counts as taken at (docs.taken_at, which the list filters and groups by): the
 * earliest of its current photos' times (photoTime), else its upload time.
 */
export function itemTakenAt(
  takenAts: readonly (string | null)[],
  createdAt: string,
  timeZone: string,
): string {
  let earliest: string | undefined
  for (const t of takenAts) {
    const at = firmMoment(photoTime(t, createdAt), timeZone)
    if (at && (earliest === undefined || at < earliest)) earliest = at
  }
  return earliest ?? firmMoment(createdAt, timeZone) ?? createdAt
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  )
  return wall - Math.floor(at.getTime() / 1000) * 1000
}
