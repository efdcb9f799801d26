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

const nextIdle = (then: () => void) =>
  'requestIdleCallback' in window
    ? requestIdleCallback(() => then(), { timeout: 3000 })
    : setTimeout(then, 50)

/*
 * One piece of deferred work per idle moment, each begun once the previous one's promise (a chunk's
 * import) has settled. Started all at once, the dialogs', the outbox's and the service worker's chunks
 * arrived together (from the service worker's cache, on a returning visit) and were evaluated in one long
 * task, right while the restored screen was rendering and revalidating.
 */
const queue: (() => unknown)[] = []
let draining = false
function drain() {
  const work = queue.shift()
  if (!work) {
    draining = false
    return
  }
  void Promise.resolve()
    .then(work)
    .catch(() => undefined)
    .finally(() => nextIdle(drain))
}

/**
 * Runs `work` after the page's load and a first idle moment, one piece per idle moment in the order
 * asked; when `work` returns a promise (an import), the next piece waits for it.
 */
export function afterFirstPaint(work: () => unknown): void {
  queue.push(work)
  if (draining) return
  draining = true
  void settled.then(drain)
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
