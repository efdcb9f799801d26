import { AppError } from '../../http'

/** The app shows it from the download's x-response header, as every download failure. */
export const EXPORT_BUSY_MSG =
  'Server sedang menyiapkan unduhan project lain. Coba lagi dalam beberapa detik.'

/** How long a refused export is told to wait before asking again. */
const RETRY_AFTER_SECONDS = 10

/**
 * Project exports running at once in this process (issue 21): each holds its whole listing (about 25 MB
 * per 20,000 files) while it streams, and ten at once took a server from 271 to 492 MB. Over the limit
 * the caller gets 429 with Retry-After. Per process on purpose: what it bounds is this process's memory
 * (every process has its own), not a rule about the project or the user.
 */
export class ExportSlots {
  private running = 0

  constructor(private readonly limit: number) {}

  /** Takes a slot or throws 429; the returned release is safe to call more than once. */
  take(): () => void {
    if (this.running >= this.limit)
      throw new AppError(429, EXPORT_BUSY_MSG, undefined, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      })
    this.running++
    let released = false
    return () => {
      if (released) return
      released = true
      this.running--
    }
  }

  get inUse(): number {
    return this.running
  }
}
