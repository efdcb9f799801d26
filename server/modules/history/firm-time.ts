/** Times as the firm reads them (config.firmTimeZone, Asia/Jakarta by default), not the server's UTC. */

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
