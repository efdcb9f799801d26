import { startTransition, useEffect, useState } from 'react'

/**
 * How many of a list's `total` items to render now: `first` at once, then `step` more in each following
 * render until all are shown.
 *
 * Mounting a list of rich items (each card has a link, a menu, a tooltip, a dozen styled elements) in
 * one render is one long task: on a returning visit the persisted cache already holds the list when the
 * route first renders, so the layout, the page and every card mounted in one synchronous render and the
 * phone's main thread was blocked for hundreds of milliseconds (bench:lighthouse, returning visit). Here
 * each further batch is a transition of its own: React renders it in slices between which input and
 * paint go first, and when a store changes during it (which makes React redo a transition's render
 * synchronously, at once) only that batch is redone. The first batch shows at once, so what the screen
 * shows first is never held back.
 */
export function useProgressiveCount(total: number, first: number, step = first): number {
  const [count, setCount] = useState(first)
  useEffect(() => {
    if (count < total) startTransition(() => setCount((n) => n + step))
  }, [count, total, step])
  return Math.min(count, total)
}
