import { useCallback, useEffect, useRef, useState } from 'react'

/** Shown until the server has answered: the bytes may all be out while it still stores them. */
export const BEFORE_ANSWER_MAX = 99
const TICK_MS = 300

/** SPEC's simulated step: each file gains a random 5 to 14 percent, never past BEFORE_ANSWER_MAX. */
export function tick(percents: number[], random: () => number = Math.random): number[] {
  return percents.map((p) => Math.min(BEFORE_ANSWER_MAX, p + 5 + Math.floor(random() * 10)))
}

/**
 * Each file's percent from the request bytes sent: the body holds the files in order, and the multipart
 * framing around them is counted pro rata. Never past BEFORE_ANSWER_MAX.
 */
export function percentsFromBytes(sizes: number[], sent: number, total: number): number[] {
  const all = sizes.reduce((a, b) => a + b, 0)
  const done = total > 0 ? (Math.min(sent, total) / total) * all : 0
  let offset = 0
  return sizes.map((size) => {
    const start = offset
    offset += size
    const part = size > 0 ? (done - start) / size : done >= start ? 1 : 0
    return Math.min(BEFORE_ANSWER_MAX, Math.max(0, Math.floor(part * 100)))
  })
}

/** SPEC section 4: the total is the average of the files. */
export const averagePercent = (percents: number[]) =>
  percents.length ? Math.round(percents.reduce((a, b) => a + b, 0) / percents.length) : 0

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
        setPercents((current) => tick(current))
      }, TICK_MS)
    },
    [stopTicker],
  )

  /** The browser's count of request bytes sent. */
  const bytes = useCallback(
    (sent: number, total: number) => {
      real.current = true
      stopTicker()
      setPercents(percentsFromBytes(sizes.current, sent, total))
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

  return { percents, total: averagePercent(percents), start, bytes, settle, reset }
}
