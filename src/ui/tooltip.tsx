import { type ReactNode, useEffect, useState } from 'react'
import type { TooltipPopup } from './tooltip-popup'

/*
 * Tooltips wrap buttons of the first screen (the header, project cards), but Ark's tooltip brings zag's
 * machine, its popper and floating-ui: about 20 KB gzip that the first paint does not need (docs/performance.md's
 * 170 KB budget for the initial route). So the buttons render bare, and the tooltip chunk is fetched once
 * the browser is idle after the first paint; every Tooltip then wraps its button. Nobody hovers a button
 * in the first moment, and the buttons' names are their aria-labels, never the tooltip. Offline before
 * the app was stored (the chunk unreachable), the buttons simply stay without tooltips.
 */

type Popup = typeof TooltipPopup
let popup: Popup | null = null
let loading: Promise<Popup | null> | null = null

function loadPopup(): Promise<Popup | null> {
  loading ??= new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 })
    else setTimeout(resolve, 200)
  })
    .then(() => import('./tooltip-popup'))
    .then((m) => {
      popup = m.TooltipPopup
      return popup
    })
    .catch(() => {
      loading = null
      return null
    })
  return loading
}

/** SPEC section 9: 700 ms open delay, 300 ms skip/close delay. `children` must be one focusable element. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [Loaded, setLoaded] = useState<Popup | null>(() => popup)
  useEffect(() => {
    if (Loaded) return
    let live = true
    void loadPopup().then((p) => {
      if (live && p) setLoaded(() => p)
    })
    return () => {
      live = false
    }
  }, [Loaded])
  return Loaded ? <Loaded content={content}>{children}</Loaded> : children
}
