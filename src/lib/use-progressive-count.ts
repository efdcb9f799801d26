import { useEffect, useState } from 'react'

/**
 * How many of a list's `total` items to render now: `first` at once, then `step` more in each following
 * task until all are shown.
 *
 * Mounting a list of rich items (each card has a link, a menu, a tooltip, a dozen styled elements) in
 * one render is one long task: on a returning visit the persisted cache already holds the list when the
 * route first renders, so the layout, the page and every card mounted together and the phone's main
 * thread was blocked for hundreds of milliseconds (bench:lighthouse, returning visit). Here each batch
 * is its own render and commit in a task of its own (a timer, not a transition: a transition that mounts
 * components reading external stores is redone synchronously, all at once, when a store changes during
 * it). The first batch shows at once, so what the screen shows first is never held back.
 */
export function useProgressiveCount(total: number, first: number, step = first): number {
  const [count, setCount] = useState(first)
  useEffect(() => {
    if (count >= total) return
    const timer = setTimeout(() => setCount((n) => n + step), 0)
    return () => clearTimeout(timer)
  }, [count, total, step])
  return Math.min(count, total)
}
