import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import type { Doc } from '../../../contracts/documentation'
import { useCurrentUser } from '../../../lib/current-user'
import { useOnline } from '../../../lib/use-online'
import { Dialog } from '../../../ui/dialog'
import { OfflineNote } from '../../../ui/offline-note'
import { useQueuedComments } from '../outbox'
import { docCommentsQueryOptions } from '../queries'
import { CommentComposer } from './comment-composer'
import { CommentList, CommentsFailed, CommentsLoading, CommentsNotSaved, NoComments } from './comment-list'

/**
 * The comments of one item (SPEC, comment dialog): author name, role, content and time; 'Belum ada
 * komentar' when there are none; 'Gagal memuat komentar' with 'Coba lagi' when the list fails. Writing
 * sends with an Idempotency-Key kept until the text changes, so a retry after a lost answer lands once.
 */
export function CommentDialog({
  slug,
  doc,
  onClose,
}: {
  slug: string
  doc: Doc | null
  onClose: () => void
}) {
  return (
    <Dialog.Root
      open={doc !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <Dialog.Header
        title="Komentar"
        description={doc ? <span className={css({ lineClamp: '2' })}>{doc.description}</span> : undefined}
      />
      {doc ? <CommentThread key={doc.uuid} slug={slug} doc={doc} /> : null}
    </Dialog.Root>
  )
}

function CommentThread({ slug, doc }: { slug: string; doc: Doc }) {
  const comments = useQuery({ ...docCommentsQueryOptions(slug, doc.uuid), staleTime: 0 })
  const user = useCurrentUser()
  // Comments written on this phone that wait in the outbox: shown after the others, marked as waiting.
  const queued = useQueuedComments(slug, doc.uuid)
  const listRef = useRef<HTMLOListElement>(null)
  const count = (comments.data?.length ?? 0) + queued.length
  const online = useOnline()
  // Without signal a thread never opened on this phone has nothing saved: it says so, and a comment
  // written now is queued like any other (no red 'Gagal memuat komentar' for a fetch that cannot run).
  const notSaved = !comments.data && (!online || comments.fetchStatus === 'paused')

  // Newest at the bottom, like a chat: keep it in view when the list grows.
  useEffect(() => {
    if (count > 0) listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [count])

  return (
    <>
      <Dialog.Body flush>
        <div
          className={css({
            minH: '40',
            maxH: { base: '50dvh', sm: '24rem' },
            overflowY: 'auto',
            px: '6',
            py: '3',
            borderTopWidth: '1px',
            borderColor: 'border',
          })}
        >
          {notSaved ? (
            <CommentsNotSaved />
          ) : comments.data && !online ? (
            <OfflineNote className={css({ mb: '2' })} />
          ) : null}
          {comments.isPending && queued.length === 0 && !notSaved ? (
            <CommentsLoading />
          ) : notSaved && queued.length === 0 ? null : comments.isError &&
            !comments.data &&
            queued.length === 0 ? (
            <CommentsFailed onRetry={() => comments.refetch()} retrying={comments.isFetching} />
          ) : count === 0 ? (
            <NoComments />
          ) : (
            <CommentList comments={comments.data} queued={queued} user={user} listRef={listRef} />
          )}
        </div>
      </Dialog.Body>
      <CommentComposer slug={slug} docUuid={doc.uuid} />
    </>
  )
}
