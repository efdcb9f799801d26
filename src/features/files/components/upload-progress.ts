import { useCallback, useEffect, useRef, useState } from 'react'

/** Shown until the server has answered: the bytes may all be out while it still stores them. */
const BEFORE_ANSWER_MAX = 99
const TICK_MS = 300

/**
 * Per-file upload progress (0-100) for one request carrying several files.
 *
 * Real byte progress where the browser reports it: the request body holds the files in order, so the
 * bytes sent so far say how far each file is (multipart headers spread proportionally). Where it does
 * not, SPEC's simulated ticker: every 300 ms each file gains a random 5 to 14 percent. Either way no file
 * shows 100 before the server answered (`settle`); the total is the average (SPEC section 4).
 */
export function useUploadProgress() {
  const [percents, setPercents] = useState<number[]>([])
  const sizes = useRef<number[]>([])
  const real = useRef(false)
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined)

  const stopTicker = useCallback(() => {
    if (timer.current !== undefined) clearInterval(timer.current)
    timer.current = undefined
  }, [])
  useEffect(() => stopTicker, [stopTicker])

  const start = useCallback(
    (fileSizes: number[]) => {
      stopTicker()
      sizes.current = fileSizes
      real.current = false
      setPercents(fileSizes.map(() => 0))
      timer.current = setInterval(() => {
        if (real.current) return stopTicker()
        setPercents((current) =>
          current.map((p) => Math.min(BEFORE_ANSWER_MAX, p + 5 + Math.floor(Math.random() * 10))),
        )
      }, TICK_MS)
    },
    [stopTicker],
  )

  /** The browser's count of request bytes sent. */
  const bytes = useCallback(
    (sent: number, total: number) => {
      real.current = true
      stopTicker()
      const all = sizes.current.reduce((a, b) => a + b, 0)
      // The body is the files plus a little multipart framing; count the framing pro rata.
      const done = total > 0 ? (sent / total) * all : 0
      let offset = 0
      setPercents(
        sizes.current.map((size) => {
          const start = offset
          offset += size
          const part = size > 0 ? (done - start) / size : done >= start ? 1 : 0
          return Math.min(BEFORE_ANSWER_MAX, Math.max(0, Math.floor(part * 100)))
        }),
      )
    },
    [stopTicker],
  )

  /** The server answered: each file is done (100) or failed (kept where it was, the caller marks it). */
  const settle = useCallback(
    (done: boolean[]) => {
      stopTicker()
      setPercents((current) => current.map((p, i) => (done[i] ? 100 : p)))
    },
    [stopTicker],
  )

  const reset = useCallback(() => {
    stopTicker()
    setPercents([])
  }, [stopTicker])

  const total = percents.length ? Math.round(percents.reduce((a, b) => a + b, 0) / percents.length) : 0
  return { percents, total, start, bytes, settle, reset }
}
