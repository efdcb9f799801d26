/** Times as the firm reads them (config.firmTimeZone, Asia/Jakarta by default), not the server's UTC. */

function parts(iso: string, timeZone: string): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  const out: Record<string, string> = {}
  for (const p of format.formatToParts(new Date(iso))) if (p.type !== 'literal') out[p.type] = p.value
  return out
}

/** 'HH.mm', the Indonesian way of writing a time ('09.14'). */
export function firmClock(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone)
  return `${p.hour}.${p.minute}`
}

/** 'YYYY-MM-DD HH.mm.ss' for riwayat.csv (sorts as text, and Excel shows it as written). */
export function firmDateTime(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone)
  return `${p.year}-${p.month}-${p.day} ${p.hour}.${p.minute}.${p.second}`
}
