/**
 * The UTC instant a calendar day starts in the firm's time zone (config.firmTimeZone, Asia/Jakarta by
 * default): the Dokumentasi filters' `from` and `to` are the firm's days, not the server's.
 */
export function firmDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  const guess = Date.UTC(y, m - 1, d)
  // The zone's offset at that moment (twice, so a day whose offset changes near midnight lands right).
  const once = guess - offsetMs(new Date(guess), timeZone)
  return new Date(guess - offsetMs(new Date(once), timeZone))
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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isDay(text: string): boolean {
  const m = DAY.exec(text)
  if (!m) return false
  const [y, mo, d] = m.slice(1).map(Number)
  const t = new Date(Date.UTC(y, mo - 1, d))
  return y >= 1970 && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d
}
