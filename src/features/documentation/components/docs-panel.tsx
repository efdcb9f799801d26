import { useInfiniteQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import type { Doc, DocReview } from '../../../contracts/documentation'
import type { Project } from '../../../contracts/projects'
import { errorMessage, failureMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { cardGrid } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconAlertCircle, IconCamera, IconImagePlus, IconWifiOff } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { OfflineNote } from '../../../ui/offline-note'
import { rememberProjectName, useQueuedDocStates, useQueuedUploads, withQueued } from '../outbox'
import { docListQueryOptions, toggleLikeVariables, useRemoveDoc, useReviewDoc, useSetLike } from '../queries'
import { CommentDialog } from './comment-dialog'
import { DocCard } from './doc-card'
import { DocSkeletons } from './doc-parts'
import { QueuedDocCard } from './queued-doc-card'
import { UploadDialog } from './upload-dialog'

// The full-size viewer (Swiper's zoom) loads when a photo is first opened.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })))

/** Cards loaded eagerly: the first row on any screen. */
const EAGER = 3

/**
 * The Dokumentasi tab: a grid of documentation cards, newest first, that loads the next page as it is
 * scrolled to (thumbnails only), with upload, comments, full-size preview, likes, review and delete.
 */
export default function DocsPanel({ project }: { project: Project }) {
  const slug = project.slug
  const user = useCurrentUser()
  const isAdmin = user.role === 'admin'
  const list = useInfiniteQuery(docListQueryOptions(slug))
  const like = useSetLike(slug)
  const review = useReviewDoc(slug)
  const remove = useRemoveDoc(slug)

  const [uploadOpen, setUploadOpen] = useState(false)
  const [viewer, setViewer] = useState<{ doc: Doc; index: number } | null>(null)
  const [commentsFor, setCommentsFor] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<Doc | null>(null)
  const [reviewing, setReviewing] = useState<{ uuid: string; status: DocReview } | null>(null)

  const loaded = list.data?.pages.flatMap((p) => p.docs) ?? []
  rememberProjectName(slug, project.name)
  // What this phone has queued (outbox) shows at once: new photos first, likes and comments counted.
  const queuedUploads = useQueuedUploads(slug, loaded, list.dataUpdatedAt)
  const queuedStates = useQueuedDocStates(slug)
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the pages or the queue change
  const docs = useMemo(
    () => loaded.map((d) => withQueued(d, queuedStates.get(d.uuid))),
    [list.data, queuedStates],
  )
  // The dialog follows the cached item, so its counts stay current.
  const commentDoc = commentsFor ? (docs.find((d) => d.uuid === commentsFor) ?? null) : null

  const onToggleLike = useCallback(
    (doc: Doc) =>
      like.mutate(toggleLikeVariables(doc), {
        onError: (err) => notify('error', errorMessage(err, 'Failed to toggle like')),
      }),
    [like.mutate],
  )
  const onReview = useCallback(
    async (doc: Doc, status: DocReview) => {
      setReviewing({ uuid: doc.uuid, status })
      try {
        const res = await review.mutateAsync({ doc: doc.uuid, status })
        notify('success', res.message)
      } catch (err) {
        notify(
          'error',
          errorMessage(
            err,
            status === 'approved' ? 'Failed to approve document' : 'Failed to reject document',
          ),
        )
      } finally {
        setReviewing(null)
      }
    },
    [review.mutateAsync],
  )
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

  // Infinite scroll: the next page loads when the end of the grid comes within a screen of view.
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const total = project.folder_counts?.dokumentasi ?? docs.length

  return (
    <section aria-label="Dokumentasi" data-area="dokumentasi">
      <div
        className={stack({
          direction: { base: 'column', sm: 'row' },
          align: { base: 'stretch', sm: 'center' },
          justify: 'space-between',
          gap: '3',
          mb: '4',
        })}
      >
        <div className={css({ minW: '0' })}>
          <h2 className={css({ textStyle: 'sectionTitle' })}>Dokumentasi Lapangan</h2>
          <p className={css({ mt: '0.5', fontSize: 'sm', color: 'fgMuted' })}>
            {total > 0 ? `${total} dokumentasi foto` : 'Foto progres pekerjaan di lapangan'}
          </p>
        </div>
        {/* An empty grid has its own button in the middle of the page. */}
        {list.isSuccess && docs.length === 0 ? null : (
          <Button onClick={() => setUploadOpen(true)}>
            <IconCamera /> Unggah Foto
          </Button>
        )}
      </div>

      {list.isPending && list.fetchStatus === 'paused' && queuedUploads.length === 0 ? (
        <EmptyState
          icon={<IconWifiOff />}
          title="Dokumentasi belum tersimpan di perangkat ini"
          description="Buka tab ini sekali saat ada sinyal agar dapat dilihat offline. Foto baru tetap dapat diunggah: disimpan di Kotak Keluar dan dikirim saat ada sinyal."
        />
      ) : list.isPending && queuedUploads.length === 0 ? (
        <DocSkeletons />
      ) : list.isError && !list.data ? (
        <EmptyState
          icon={<IconAlertCircle />}
          title={errorMessage(list.error, 'Failed to fetch documentations')}
          action={
            <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
              Coba lagi
            </Button>
          }
        />
      ) : docs.length === 0 && queuedUploads.length === 0 ? (
        <EmptyState
          icon={<IconImagePlus />}
          title="Belum ada dokumentasi yang diunggah"
          description="Foto progres pekerjaan di lapangan beserta deskripsinya akan tampil di sini."
          action={
            <Button onClick={() => setUploadOpen(true)}>
              <IconCamera /> Unggah Foto
            </Button>
          }
        />
      ) : (
        <>
          <OfflineNote className={css({ mb: '3' })} />
          <ul aria-label="Daftar dokumentasi" className={cardGrid}>
            {queuedUploads.map((item) => (
              <li key={item.key} className={css({ minW: '0' })}>
                <QueuedDocCard item={item} />
              </li>
            ))}
            {docs.map((doc, i) => (
              <li key={doc.uuid} className={css({ minW: '0' })}>
                <DocCard
                  doc={doc}
                  waiting={queuedStates.get(doc.uuid)}
                  isAdmin={isAdmin}
                  eager={i < EAGER}
                  reviewing={reviewing?.uuid === doc.uuid ? reviewing.status : null}
                  onOpenPhoto={onOpenPhoto}
                  onToggleLike={onToggleLike}
                  onComments={onComments}
                  onReview={onReview}
                  onDelete={onDelete}
                />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className={flex({ justify: 'center', py: '6' })}>
            {hasNextPage ? (
              <Button variant="secondary" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
                {isFetchingNextPage ? 'Memuat...' : 'Muat lebih banyak'}
              </Button>
            ) : list.data && list.data.pages.length > 1 ? (
              <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
                Semua dokumentasi sudah ditampilkan
              </p>
            ) : null}
          </div>
        </>
      )}

      <UploadDialog slug={slug} open={uploadOpen} onClose={() => setUploadOpen(false)} />
      <CommentDialog slug={slug} doc={commentDoc} onClose={() => setCommentsFor(null)} />
      {viewer ? (
        <Suspense fallback={null}>
          <PhotoViewer
            key={`${viewer.doc.uuid}:${viewer.index}`}
            doc={viewer.doc}
            index={viewer.index}
            onClose={() => setViewer(null)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Hapus Dokumentasi"
        description={
          toDelete ? (
            <>
              Dokumentasi ini beserta {toDelete.images.length} fotonya, suka dan komentarnya akan dihapus.
              Tindakan ini tidak dapat dibatalkan.
            </>
          ) : undefined
        }
        confirmLabel="Ya, Hapus"
        onConfirm={confirmDelete}
        loading={remove.isPending}
        needsSignal={needsSignalTo('menghapus')}
      />
    </section>
  )
}
