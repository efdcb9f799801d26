import { useCallback, useState } from 'react'
import type { Doc, DocReview } from '../../../contracts/documentation'
import { errorMessage, failureMessage } from '../../../lib/api'
import { notify } from '../../../ui/notify'
import { toggleLikeVariables, useRemoveDoc, useReviewDoc, useSetLike } from '../queries'
import type { SiteDoc } from '../site'

/**
 * What a card of the Dokumentasi grid can start, and which dialog is open for which item: likes, review
 * ('Revisi' asks for the reason first; 'Approve' on an item sent back is confirmed first), the revision
 * upload, the history, the comments, the full-size viewer and the delete.
 */
export function useDocActions(slug: string) {
  const like = useSetLike(slug)
  const review = useReviewDoc(slug)
  const remove = useRemoveDoc(slug)

  const [revising, setRevising] = useState<SiteDoc | null>(null)
  const [rejecting, setRejecting] = useState<SiteDoc | null>(null)
  const [historyOf, setHistoryOf] = useState<SiteDoc | null>(null)
  const [viewer, setViewer] = useState<{ doc: Doc; index: number } | null>(null)
  const [commentsFor, setCommentsFor] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<Doc | null>(null)
  const [reviewing, setReviewing] = useState<{ uuid: string; status: DocReview } | null>(null)

  const onToggleLike = useCallback(
    (doc: Doc) =>
      like.mutate(toggleLikeVariables(doc), {
        onError: (err) => notify('error', errorMessage(err, 'Failed to toggle like')),
      }),
    [like.mutate],
  )
  const sendReview = useCallback(
    async (doc: Doc, status: DocReview, note?: string) => {
      setReviewing({ uuid: doc.uuid, status })
      try {
        const res = await review.mutateAsync({ doc: doc.uuid, status, note })
        notify('success', res.message)
        // The viewer follows the answer too (its item may sit in no loaded list: a link's fresh copy).
        const fresh = res.data as SiteDoc | undefined
        if (fresh) setViewer((v) => (v && v.doc.uuid === fresh.uuid ? { ...v, doc: fresh } : v))
        return true
      } catch (err) {
        notify(
          'error',
          errorMessage(
            err,
            status === 'approved' ? 'Failed to approve document' : 'Failed to reject document',
          ),
        )
        return false
      } finally {
        setReviewing(null)
      }
    },
    [review.mutateAsync],
  )
  // 'Revisi' asks for the reason first (on an approved item its dialog says the review changes);
  // 'Approve' goes at once on a pending item and is confirmed first on one sent back (issue 30).
  const [approving, setApproving] = useState<SiteDoc | null>(null)
  const onReview = useCallback(
    (doc: Doc, status: DocReview) => {
      if (status === 'rejected') setRejecting(doc as SiteDoc)
      else if (doc.status !== 'pending') setApproving(doc as SiteDoc)
      else void sendReview(doc, status)
    },
    [sendReview],
  )
  const onRevise = useCallback((doc: SiteDoc) => setRevising(doc), [])
  const onHistory = useCallback((doc: SiteDoc) => setHistoryOf(doc), [])
  const onOpenPhoto = useCallback((doc: Doc, index: number) => setViewer({ doc, index }), [])
  const onComments = useCallback((doc: Doc) => setCommentsFor(doc.uuid), [])
  const onDelete = useCallback((doc: Doc) => setToDelete(doc), [])

  async function confirmDelete() {
    if (!toDelete) return
    try {
      await remove.mutateAsync(toDelete.uuid)
      notify('success', 'Dokumentasi berhasil dihapus')
      setToDelete(null)
    } catch (err) {
      notify(
        'error',
        failureMessage(err, { failed: 'Failed to delete document', thrown: 'Failed to delete document' }),
      )
    }
  }

  return {
    reviewing,
    sendReview,
    onToggleLike,
    onReview,
    onRevise,
    onHistory,
    onOpenPhoto,
    onComments,
    onDelete,
    revising,
    setRevising,
    rejecting,
    setRejecting,
    historyOf,
    setHistoryOf,
    viewer,
    setViewer,
    commentsFor,
    setCommentsFor,
    approving,
    setApproving,
    toDelete,
    setToDelete,
    confirmDelete,
    deleting: remove.isPending,
  }
}

export type DocActions = ReturnType<typeof useDocActions>
