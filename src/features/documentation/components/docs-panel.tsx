import { useInfiniteQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import type { Doc, DocReview } from '../../../contracts/documentation'
import type { Project } from '../../../contracts/projects'
import { errorMessage, failureMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { formatDateLong, formatYmd } from '../../../lib/format'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { cardGrid } from '../../../ui/card'
import { ConfirmDialog, lazyDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import {
  IconAlertCircle,
  IconCamera,
  IconImagePlus,
  IconListChecks,
  IconSearchX,
  IconWifiOff,
} from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import {
  rememberProjectName,
  useQueuedDocStates,
  useQueuedRevisions,
  useQueuedUploads,
  withQueued,
} from '../outbox'
import { docListQueryOptions, toggleLikeVariables, useRemoveDoc, useReviewDoc, useSetLike } from '../queries'
import { type DocFilters, hasFilters, type SiteDoc } from '../site'
import { SelectOverlay } from './bulk-review-bar'
import { CommentDialog } from './comment-dialog'
import { DocCard } from './doc-card'
import { DocFiltersBar } from './doc-filters'
import { DocSkeletons } from './doc-parts'
import { QueuedDocCard } from './queued-doc-card'
import { ReportLink } from './report-link'
import { byTakenDay } from './taken-day'
import { useBulkReview } from './use-bulk-review'
import { useDocLink } from './use-doc-link'
import { ViewerReview } from './viewer-review'

// The full-size viewer (Swiper's zoom) loads when a photo is first opened.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })))

// The upload, reason and history dialogs load after the grid has painted (the grid's chunk stays light).
const UploadDialog = lazyDialog(
  () => import('./upload-dialog').then((m) => m.UploadDialog),
  (p) => p.open,
)
const ReviewNoteDialog = lazyDialog(
  () => import('./review-dialogs').then((m) => m.ReviewNoteDialog),
  (p) => p.doc !== null,
)
const DocHistoryDialog = lazyDialog(
  () => import('./review-dialogs').then((m) => m.DocHistoryDialog),
  (p) => p.doc !== null,
)

/** Cards loaded eagerly: the first row on any screen. */
const EAGER = 3

/**
 * The Dokumentasi tab: a grid of documentation cards, newest first, that loads the next page as it is
 * scrolled to (thumbnails only), with upload, comments, full-size preview, likes, review and delete.
 */
export default function DocsPanel({
  project,
  filters = {},
  onFiltersChange,
}: {
  project: Project
  filters?: DocFilters
  onFiltersChange?: (next: DocFilters) => void
}) {
  const slug = project.slug
  const user = useCurrentUser()
  const isAdmin = user.role === 'admin'
  const list = useInfiniteQuery(docListQueryOptions(slug, filters))
  const like = useSetLike(slug)
  const review = useReviewDoc(slug)
  const remove = useRemoveDoc(slug)

  const [uploadOpen, setUploadOpen] = useState(false)
  const [revising, setRevising] = useState<SiteDoc | null>(null)
  const [rejecting, setRejecting] = useState<SiteDoc | null>(null)
  const [historyOf, setHistoryOf] = useState<SiteDoc | null>(null)
  const queuedRevisions = useQueuedRevisions(slug)
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
    () => loaded.map((d) => withQueued(d as Doc, queuedStates.get(d.uuid)) as SiteDoc),
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
  // A notification's link opens its item read fresh, with its status, reason and action (use-doc-link.ts).
  useDocLink(slug, docs, (doc, part) =>
    part === 'komentar' ? setCommentsFor(doc.uuid) : setViewer({ doc, index: 0 }),
  )
  const bulk = useBulkReview(slug, docs)

  const onOpenPhoto = useCallback((doc: Doc, index: number) => setViewer({ doc, index }), [])
  // The viewer shows the item as the list now has it (a review made in it shows at once).
  const viewerDoc = viewer ? (docs.find((d) => d.uuid === viewer.doc.uuid) ?? (viewer.doc as SiteDoc)) : null
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
  const filtered = hasFilters(filters)
  // One header per day the photos were taken (Asia/Jakarta), newest day first; within a day newest
  // upload first, as the list comes.
  const days = byTakenDay(docs.map((doc, i) => ({ doc, i })))

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
        <div className={flex({ gap: '2', '& > *': { flex: { base: '1', sm: 'initial' } } })}>
          {isAdmin ? <ReportLink slug={slug} filters={filters} /> : null}
          {isAdmin && docs.length > 0 && !bulk.selecting ? (
            // On a phone only its icon: three labelled buttons do not fit one row at 390 px.
            <Button
              variant="secondary"
              onClick={bulk.start}
              aria-label="Pilih"
              title="Pilih beberapa untuk ditinjau sekaligus"
              className={css({ flex: { base: '0 0 auto!', sm: 'initial' } })}
            >
              <IconListChecks />
              <span className={css({ display: { base: 'none', sm: 'inline' } })}>Pilih</span>
            </Button>
          ) : null}
          {/* An empty grid has its own button in the middle of the page. */}
          {list.isSuccess && docs.length === 0 ? null : (
            <Button onClick={() => setUploadOpen(true)}>
              <IconCamera /> Unggah Foto
            </Button>
          )}
        </div>
      </div>

      {onFiltersChange ? (
        <DocFiltersBar projectId={project.id} filters={filters} docs={docs} onChange={onFiltersChange} />
      ) : null}

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
      ) : docs.length === 0 && filtered ? (
        <EmptyState
          icon={<IconSearchX />}
          title="Tidak ada dokumentasi yang cocok dengan filter"
          description="Ubah tanggal, item pekerjaan, pengunggah atau status, atau hapus filter."
          action={
            <Button variant="secondary" onClick={() => onFiltersChange?.({})}>
              Hapus filter
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
          {/* No offline note of its own: the shell's banner already says the shown data is the device's copy
              (two similar banners on one screen, issue 32). Queued items first, then one list per day (each named 'Daftar dokumentasi …'), newest day first. */}
          <div className={stack({ gap: '5' })}>
            {queuedUploads.length > 0 ? (
              <ul aria-label="Daftar dokumentasi menunggu dikirim" className={cardGrid}>
                {queuedUploads.map((item) => (
                  <li key={item.key} className={css({ minW: '0' })}>
                    <QueuedDocCard item={item} />
                  </li>
                ))}
              </ul>
            ) : null}
            {days.map(({ day, docs: dayDocs }) => (
              <section key={day} aria-labelledby={`doc-day-${day}`} data-day={day}>
                <h3 id={`doc-day-${day}`} className={dayHeader}>
                  {dayLabel(day)}
                  <span className={css({ fontWeight: '400', color: 'fgSubtle' })}>
                    {dayDocs.length} dokumentasi
                  </span>
                </h3>
                <ul aria-label={`Daftar dokumentasi ${dayLabel(day)}`} className={cardGrid}>
                  {dayDocs.map(({ doc, i }) => (
                    <li key={doc.uuid} className={css({ minW: '0', position: 'relative' })}>
                      <DocCard
                        doc={doc}
                        waiting={queuedStates.get(doc.uuid)}
                        revisionWaiting={queuedRevisions.has(doc.uuid)}
                        isAdmin={isAdmin}
                        canRevise={isAdmin || doc.creator.id === user.id}
                        eager={i < EAGER}
                        reviewing={reviewing?.uuid === doc.uuid ? reviewing.status : null}
                        onOpenPhoto={onOpenPhoto}
                        onToggleLike={onToggleLike}
                        onComments={onComments}
                        onReview={onReview}
                        onDelete={onDelete}
                        onRevise={onRevise}
                        onHistory={onHistory}
                      />
                      {bulk.selecting ? (
                        <SelectOverlay
                          selected={bulk.isSelected(doc.uuid)}
                          label={doc.description.slice(0, 60)}
                          onToggle={() => bulk.toggle(doc.uuid)}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
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

      <UploadDialog
        slug={slug}
        projectId={project.id}
        isAdmin={isAdmin}
        open={uploadOpen || revising !== null}
        revising={revising}
        onClose={() => {
          setUploadOpen(false)
          setRevising(null)
        }}
      />
      <ReviewNoteDialog
        doc={rejecting}
        pending={reviewing?.status === 'rejected'}
        onClose={() => setRejecting(null)}
        onSubmit={(doc, note) => sendReview(doc, 'rejected', note)}
      />
      <DocHistoryDialog slug={slug} doc={historyOf} onClose={() => setHistoryOf(null)} />
      <CommentDialog slug={slug} doc={commentDoc} onClose={() => setCommentsFor(null)} />
      {viewer ? (
        <Suspense fallback={null}>
          <PhotoViewer
            key={`${viewer.doc.uuid}:${viewer.index}`}
            doc={viewerDoc}
            index={viewer.index}
            onClose={() => setViewer(null)}
            review={
              viewerDoc ? (
                <ViewerReview
                  doc={viewerDoc}
                  isAdmin={isAdmin}
                  canRevise={isAdmin || viewerDoc.creator.id === user.id}
                  revisionWaiting={queuedRevisions.has(viewerDoc.uuid)}
                  reviewing={reviewing?.uuid === viewerDoc.uuid ? reviewing.status : null}
                  onReview={onReview}
                  onRevise={(doc) => {
                    setViewer(null)
                    setRevising(doc)
                  }}
                />
              ) : null
            }
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => {
          if (!open) setApproving(null)
        }}
        title="Ubah ke Disetujui"
        description="Dokumentasi ini sedang menunggu revisi. Jika disetujui, catatan revisinya tidak lagi ditampilkan (tetap ada di riwayat) dan pengunggah diberi tahu."
        confirmLabel="Ya, Setujui"
        onConfirm={async () => {
          if (approving && (await sendReview(approving, 'approved'))) setApproving(null)
        }}
        loading={reviewing?.status === 'approved'}
        needsSignal={needsSignalTo('meninjau')}
      />
      {bulk.ui}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Hapus Dokumentasi"
        description={
          toDelete ? (
            <>
              Dokumentasi ini beserta {toDelete.images.length} fotonya, suka dan komentarnya dipindahkan ke
              Sampah. Admin dapat memulihkannya dalam 30 hari; setelah itu dihapus permanen.
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

const dayHeader = hstack({
  gap: '2',
  mb: '2.5',
  fontSize: 'sm',
  fontWeight: '600',
  color: 'fg',
  _after: { content: '""', order: '1', flex: '1', h: '1px', bg: 'border' },
  '& > span': { order: '2' },
})

/** 'Hari ini', 'Kemarin', else '24 November 2026'. */
function dayLabel(day: string): string {
  const today = formatYmd(new Date())
  const yesterday = formatYmd(new Date(Date.now() - 86_400_000))
  if (day === today) return 'Hari ini'
  if (day === yesterday) return 'Kemarin'
  return formatDateLong(day)
}
