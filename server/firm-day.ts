/*
 * The firm's days and the day a photo was taken, one rule for every module that shows, filters or
 * selects photos by day (the Dokumentasi list and its filters, the report's selection, a period share
 * link): a photo's time is its capture time (`doc_images.taken_at`), else its item's upload time
 * (`docs.created_at`); a capture time without a zone (a camera that wrote no EXIF offset) is the
 * camera's wall clock, read as the firm's (config.firmTimeZone, Asia/Jakarta by default).
 */

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

const ZONED = /(Z|[+-]\d{2}:?\d{2})$/
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
