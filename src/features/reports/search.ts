/**
 * What a link asks of the Laporan page, in its hash (untyped, so the route needs no search parsing in
 * the app's entry): '#buat' opens 'Buat Laporan', '#buat/{from}/{to}' with that date range (the
 * Dokumentasi tab's date filter). The page checks the days with the contract once its chunk is in.
 */
export type ReportsRequest = { buat?: true; from?: string; to?: string }

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/

export function parseReportsHash(hash: string): ReportsRequest {
  const [what, from, to] = decodeURIComponent(hash.replace(/^#/, '')).split('/')
  if (what !== 'buat') return {}
  return from && to && DAY_SHAPE.test(from) && DAY_SHAPE.test(to) ? { buat: true, from, to } : { buat: true }
}
