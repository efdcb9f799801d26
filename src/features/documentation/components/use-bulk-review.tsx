import { type ReactNode, useCallback, useState } from 'react'
import { css } from 'styled-system/css'
import type { DocReview } from '../../../contracts/documentation'
import { errorMessage } from '../../../lib/api'
import { lazyDialog } from '../../../ui/dialog'
import { notify } from '../../../ui/notify'
import { useReviewDocs } from '../review-queries'
import type { SiteDoc } from '../site'
import { BulkReviewBar } from './bulk-review-bar'

const BulkReviewNoteDialog = lazyDialog(
  () => import('./review-dialogs').then((m) => m.BulkReviewNoteDialog),
  (p) => p.count > 0,
)

export type BulkReview = {
  selecting: boolean
  start: () => void
  isSelected: (uuid: string) => boolean
  toggle: (uuid: string) => void
  /** The bar and the reason dialog, rendered by the panel while selecting. */
  ui: ReactNode
}

/**
 * 'Pilih' mode of the Dokumentasi grid (admins, issue 30): the selection, the bottom bar and the one
 * call that judges the selected items together. Items that left the list (deleted, filtered away) drop
 * out of the selection by themselves: only loaded items count.
 */
export function useBulkReview(slug: string, docs: SiteDoc[]): BulkReview {
  const [selecting, setSelecting] = useState(false)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [asking, setAsking] = useState(false)
  const [running, setRunning] = useState<DocReview | null>(null)
  const bulk = useReviewDocs(slug)

  const selected = docs.filter((d) => chosen.has(d.uuid))
  const pendingLeft = docs.filter((d) => d.status === 'pending' && !chosen.has(d.uuid))
  const stop = useCallback(() => {
    setSelecting(false)
    setChosen(new Set())
    setAsking(false)
  }, [])
  const toggle = useCallback(
    (uuid: string) =>
      setChosen((prev) => {
        const next = new Set(prev)
        if (!next.delete(uuid)) next.add(uuid)
        return next
      }),
    [],
  )

  async function send(status: DocReview, note?: string): Promise<boolean> {
    setRunning(status)
    try {
      const res = await bulk.mutateAsync({ uuids: selected.map((d) => d.uuid), status, note })
      notify('success', res.message)
      stop()
      return true
    } catch (err) {
      notify(
        'error',
        errorMessage(err, status === 'approved' ? 'Failed to approve document' : 'Failed to reject document'),
      )
      return false
    } finally {
      setRunning(null)
    }
  }

  const ui = selecting ? (
    <>
      {/* Room under the last cards, so the bar never hides them. */}
      <div aria-hidden="true" className={css({ h: { base: '32', sm: '20' } })} />
      <BulkReviewBar
        count={selected.length}
        pendingLeft={pendingLeft.length}
        reviewing={running}
        onSelectPending={() => setChosen((prev) => new Set([...prev, ...pendingLeft.map((d) => d.uuid)]))}
        onReview={(status) => (status === 'rejected' ? setAsking(true) : void send('approved'))}
        onCancel={stop}
      />
      <BulkReviewNoteDialog
        count={asking ? selected.length : 0}
        pending={running === 'rejected'}
        onClose={() => setAsking(false)}
        onSubmit={(note) => send('rejected', note)}
      />
    </>
  ) : null

  return {
    selecting,
    start: () => setSelecting(true),
    isSelected: (uuid) => chosen.has(uuid),
    toggle,
    ui,
  }
}
