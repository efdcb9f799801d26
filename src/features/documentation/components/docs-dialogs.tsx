import { lazy, type ReactNode, Suspense } from 'react'
import type { User } from '../../../contracts/auth'
import { needsSignalTo } from '../../../lib/use-online'
import { ConfirmDialog, lazyDialog } from '../../../ui/dialog'
import type { SiteDoc } from '../site'
import type { DocActions } from './use-doc-actions'
import { ViewerReview } from './viewer-review'

// The full-size viewer (Swiper's zoom) loads when a photo is first opened.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })))

// The upload, comment, reason and history dialogs load after the grid has painted (the grid's chunk stays light).
const UploadDialog = lazyDialog(
  () => import('./upload-dialog').then((m) => m.UploadDialog),
  (p) => p.open,
)
const CommentDialog = lazyDialog(
  () => import('./comment-dialog').then((m) => m.CommentDialog),
  (p) => p.doc !== null,
)
const ReviewNoteDialog = lazyDialog(
  () => import('./review-dialogs').then((m) => m.ReviewNoteDialog),
  (p) => p.doc !== null,
)
const DocHistoryDialog = lazyDialog(
  () => import('./review-dialogs').then((m) => m.DocHistoryDialog),
  (p) => p.doc !== null,
)

/** Every dialog of the Dokumentasi tab, each open for the item `actions` says. */
export function DocsDialogs({
  slug,
  projectId,
  user,
  isAdmin,
  actions: a,
  uploadOpen,
  onUploadClosed,
  commentDoc,
  viewerDoc,
  queuedRevisions,
  bulkUi,
}: {
  slug: string
  projectId: number
  user: User
  isAdmin: boolean
  actions: DocActions
  uploadOpen: boolean
  onUploadClosed: () => void
  /** The item whose comments are open, as the list now has it. */
  commentDoc: SiteDoc | null
  /** The item in the viewer, as the list now has it. */
  viewerDoc: SiteDoc | null
  queuedRevisions: ReadonlyMap<string, unknown>
  /** 'Pilih' mode's bar and reason dialog. */
  bulkUi: ReactNode
}) {
  const { reviewing, viewer, approving, toDelete } = a
  return (
    <>
      <UploadDialog
        slug={slug}
        projectId={projectId}
        isAdmin={isAdmin}
        open={uploadOpen || a.revising !== null}
        revising={a.revising}
        onClose={() => {
          onUploadClosed()
          a.setRevising(null)
        }}
      />
      <ReviewNoteDialog
        doc={a.rejecting}
        pending={reviewing?.status === 'rejected'}
        onClose={() => a.setRejecting(null)}
        onSubmit={(doc, note) => a.sendReview(doc, 'rejected', note)}
      />
      <DocHistoryDialog slug={slug} doc={a.historyOf} onClose={() => a.setHistoryOf(null)} />
      <CommentDialog slug={slug} doc={commentDoc} onClose={() => a.setCommentsFor(null)} />
      {viewer ? (
        <Suspense fallback={null}>
          <PhotoViewer
            key={`${viewer.doc.uuid}:${viewer.index}`}
            doc={viewerDoc}
            index={viewer.index}
            onClose={() => a.setViewer(null)}
            review={
              viewerDoc ? (
                <ViewerReview
                  doc={viewerDoc}
                  isAdmin={isAdmin}
                  canRevise={isAdmin || viewerDoc.creator.id === user.id}
                  revisionWaiting={queuedRevisions.has(viewerDoc.uuid)}
                  reviewing={reviewing?.uuid === viewerDoc.uuid ? reviewing.status : null}
                  onReview={a.onReview}
                  onRevise={(doc) => {
                    a.setViewer(null)
                    a.setRevising(doc)
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
          if (!open) a.setApproving(null)
        }}
        title="Ubah ke Disetujui"
        description="Dokumentasi ini sedang menunggu revisi. Jika disetujui, catatan revisinya tidak lagi ditampilkan (tetap ada di riwayat) dan pengunggah diberi tahu."
        confirmLabel="Ya, Setujui"
        onConfirm={async () => {
          if (approving && (await a.sendReview(approving, 'approved'))) a.setApproving(null)
        }}
        loading={reviewing?.status === 'approved'}
        needsSignal={needsSignalTo('meninjau')}
      />
      {bulkUi}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) a.setToDelete(null)
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
        onConfirm={a.confirmDelete}
        loading={a.deleting}
        needsSignal={needsSignalTo('menghapus')}
      />
    </>
  )
}
