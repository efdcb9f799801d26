/** Answers of the request limits (issue 12); 429 with Retry-After, so the outbox waits and retries. */
export const LIMIT_MSG = {
  tooManyWrites: 'Terlalu banyak permintaan. Coba lagi dalam 1 menit.',
  /** A share link's page, data or photos (or /v/) asked for too often, from one address or by all together. */
  publicBusy: 'Terlalu banyak permintaan ke halaman ini. Coba lagi dalam 1 menit.',
  uploadQuota: (bytes: number) =>
    `Kuota unggahan harian Anda (${quotaSize(bytes)}) sudah habis. Coba lagi besok.`,
} as const

function quotaSize(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return mb >= 1 ? `${Math.round(mb)} MB` : `${Math.round(bytes / 1024)} KB`
}
