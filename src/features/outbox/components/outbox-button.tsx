import { lazy, Suspense } from 'react'
import { button } from 'styled-system/recipes'
import { IconOutbox } from '../../../ui/icons'

/*
 * The outbox's code (its IndexedDB store, the replay and the panel) is not part of the first load: the
 * button with its badge comes a moment after the first paint. Until then the same icon, inert and hidden
 * from assistive technology, holds its place in the header so nothing moves.
 */
const LiveOutboxButton = lazy(() =>
  import('./live-outbox-button').then((m) => ({ default: m.LiveOutboxButton })),
)

export function OutboxButton() {
  return (
    <Suspense
      fallback={
        <span aria-hidden className={button({ variant: 'ghost', iconOnly: true })}>
          <IconOutbox size={20} />
        </span>
      }
    >
      <LiveOutboxButton />
    </Suspense>
  )
}
