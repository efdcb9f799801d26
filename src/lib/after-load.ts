import { useEffect, useState } from 'react'

/*
 * Work the first screen does not need (the service worker, the outbox, the notification feed, code
 * prefetches) waits until the page has loaded and the browser has been idle once. On a phone the first
 * screen then gets the network and the main thread to itself.
 *
 * The deferred work then runs one piece per idle period, each after the last one's promise (a chunk's
 * import) settled: a dozen prefetched chunks evaluated in the same moment, with the re-render they
 * cause, were one long task after the first paint (docs/decisions/0086).
 */
type IdleWork = () => unknown

/** The browser's next idle period, or `timeout` ms when it is never idle (a busy phone). */
const idle = (run: () => void, timeout: number) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout }) : setTimeout(run, 200)

const settled = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') idle(resolve, 3000)
  else addEventListener('load', () => idle(resolve, 3000), { once: true })
})
let isSettled = false
void settled.then(() => {
  isSettled = true
})

const queue: IdleWork[] = []
let pumping = false

function pump() {
  if (pumping) return
  const work = queue.shift()
  if (!work) return
  pumping = true
  // At most a second per piece: the service worker and the outbox start are queued first, a few pieces in.
  idle(() => {
    let done: Promise<unknown>
    try {
      done = Promise.resolve(work())
    } catch (err) {
      done = Promise.reject(err)
    }
    void done
      .catch((err) => console.warn('Deferred start-up work failed', err))
      .finally(() => {
        pumping = false
        pump()
      })
  }, 1000)
}

/**
 * Runs `work` after the page's load and a first idle moment, in an idle period of its own, once the
 * work queued before it has finished (a returned promise is waited for).
 */
export function afterFirstPaint(work: IdleWork): void {
  void settled.then(() => {
    queue.push(work)
    pump()
  })
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
