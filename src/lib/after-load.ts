import { useEffect, useState } from 'react'

/**
 * Work the first screen does not need (the service worker, the outbox, the notification feed, code
 * prefetches) waits until the page has loaded and the browser has been idle once. On a phone the first
 * screen then gets the network and the main thread to itself.
 */
const settled = new Promise<void>((resolve) => {
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => resolve(), { timeout: 3000 })
      : setTimeout(resolve, 200)
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
})
let isSettled = false
void settled.then(() => {
  isSettled = true
})

/** Runs `work` once after the page's load and a first idle moment (at once, in a microtask, later on). */
export function afterFirstPaint(work: () => void): void {
  void settled.then(work)
}

/** False during the first screen's load, true from the first idle moment after it on. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(isSettled)
  useEffect(() => {
    if (ready) return
    let live = true
    void settled.then(() => {
      if (live) setReady(true)
    })
    return () => {
      live = false
    }
  }, [ready])
  return ready
}
