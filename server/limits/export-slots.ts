import { AppError } from '../http'

/** The app shows it from the download's x-response header, as every download failure. */
export const EXPORT_BUSY_MSG =
  'Server sedang menyiapkan unduhan project lain. Coba lagi dalam beberapa detik.'

/** How long a refused export is told to wait before asking again. */
const RETRY_AFTER_SECONDS = 10

export type ExportSlotsOptions = {
  /** Exports streaming at once. */
  limit: number
  /** Exports waiting for a slot; one more is refused at once. */
  queue: number
  /** A wait longer than this ends in 429 (the client asks again later). */
  maxWaitMs: number
}

/**
 * Project exports running at once in this process (issue 21): each holds its whole listing (about 25 MB
 * per 20,000 files) while it streams, and ten at once took a server from 271 to 492 MB. Beyond the limit
 * an export waits its turn (first come, first served) holding nothing but its socket, so the server
 * keeps streaming at full speed instead of idling while refused clients wait out a Retry-After (measured:
 * ten exports at once with 429s and a 10 s Retry-After delivered 0.25x the plain-read rate). Only when
 * the queue is full, or a wait runs past maxWaitMs, is the caller refused with 429 and Retry-After. Per
 * process on purpose: what it bounds is this process's memory, not a rule about the project or the user.
 */
export class ExportSlots {
  private running = 0
  private waiting: { grant: () => void }[] = []

  constructor(private readonly opts: ExportSlotsOptions) {}

  /**
   * Resolves with a slot (its release is safe to call more than once) once one is free; throws 429 when
   * the queue is full or the wait is too long. A caller that goes away (`signal`) leaves the queue.
   */
  async take(signal?: AbortSignal): Promise<() => void> {
    if (this.running < this.opts.limit) {
      this.running++
      return this.releaser()
    }
    if (this.waiting.length >= this.opts.queue) throw busy()
    await new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      const leave = (err: Error) => {
        this.waiting = this.waiting.filter((w) => w !== entry)
        signal?.removeEventListener('abort', onAbort)
        clearTimeout(timer)
        reject(err)
      }
      const onAbort = () => leave(new Error('client went away while waiting for an export slot'))
      const timer = setTimeout(() => leave(busy()), this.opts.maxWaitMs)
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(entry)
    })
    // The slot was handed over by a release: `running` already counts it.
    return this.releaser()
  }

  private releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      if (next) next.grant()
      else this.running--
    }
  }

  get inUse(): number {
    return this.running
  }

  get queued(): number {
    return this.waiting.length
  }
}

const busy = () =>
  new AppError(429, EXPORT_BUSY_MSG, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
