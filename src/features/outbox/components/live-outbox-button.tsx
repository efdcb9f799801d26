import { useState } from 'react'
import { css } from 'styled-system/css'
import { useOutbox } from '../../../lib/outbox-client'
import { outboxCounts } from '../../../lib/outbox-store'
import { Button } from '../../../ui/button'
import { CountBadge } from '../../../ui/count-badge'
import { lazyDialog } from '../../../ui/dialog'
import { IconOutbox } from '../../../ui/icons'
import { Tooltip } from '../../../ui/tooltip'

// The panel's code comes after the first paint and it renders from its first opening on.
const OutboxPanel = lazyDialog(
  () => import('./outbox-panel').then((m) => m.OutboxPanel),
  (p) => p.open,
)

/** The header button with its badge: how many items have not reached the server yet. */
export function LiveOutboxButton() {
  const { items, authRequired } = useOutbox()
  const [open, setOpen] = useState(false)
  const counts = outboxCounts(items)
  const label =
    counts.pending === 0
      ? 'Kotak Keluar'
      : `Kotak Keluar: ${counts.waiting + counts.sending} menunggu${counts.failed ? `, ${counts.failed} ditolak` : ''}`
  const tone = counts.failed > 0 || authRequired ? 'danger' : 'warning'
  return (
    <>
      <Tooltip content={label}>
        <Button
          variant="ghost"
          iconOnly
          aria-label={label}
          data-testid="outbox-button"
          className={css({ position: 'relative' })}
          onClick={() => setOpen(true)}
        >
          <IconOutbox size={20} />
          {counts.pending > 0 ? (
            <CountBadge count={counts.pending} tone={tone} data-testid="outbox-badge" />
          ) : null}
        </Button>
      </Tooltip>
      <OutboxPanel open={open} onOpenChange={setOpen} />
    </>
  )
}
