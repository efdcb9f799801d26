/* Times and sizes as the client reads them, in Indonesian (days and periods: src/contracts/days.ts). */

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
