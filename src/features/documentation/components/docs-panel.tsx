import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Doc } from '../../../contracts/documentation'
import type { Project } from '../../../contracts/projects'
import { projectCan } from '../../../lib/can'
import { useCurrentUser } from '../../../lib/current-user'
import {
  rememberProjectName,
  useQueuedDocStates,
  useQueuedRevisions,
  useQueuedUploads,
  withQueued,
} from '../outbox'
import { docListQueryOptions } from '../queries'
import { type DocFilters, hasFilters, type SiteDoc } from '../site'
import { SelectOverlay } from './bulk-review-bar'
import { DocCard } from './doc-card'
import { DocDays, LoadMore } from './doc-days'
import { DocFiltersBar } from './doc-filters'
import { DocsDialogs } from './docs-dialogs'
import { DocsHeader } from './docs-header'
import { type DocsState, DocsStateView } from './docs-states'
import { byTakenDay } from './taken-day'
import { useBulkReview } from './use-bulk-review'
import { useDocActions } from './use-doc-actions'
import { useDocLink } from './use-doc-link'

/** Cards loaded eagerly: the first row on any screen. */
const EAGER = 3

/**
 * The Dokumentasi tab: a grid of documentation cards, newest first, that loads the next page as it is
 * scrolled to (thumbnails only), with upload, comments, full-size preview, likes, review and delete
 * (useDocActions; the dialogs in DocsDialogs).
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
  // Review, reports and work items are the admins' in the policy; the project's `can` says so (review_docs).
  const isAdmin = projectCan(project).review_docs
  const list = useInfiniteQuery(docListQueryOptions(slug, filters))
  const actions = useDocActions(slug)
  const { reviewing, viewer, commentsFor } = actions

  const [uploadOpen, setUploadOpen] = useState(false)
  const queuedRevisions = useQueuedRevisions(slug)

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

  // A notification's link opens its item read fresh, with its status, reason and action (use-doc-link.ts).
  useDocLink(slug, docs, (doc, part) =>
    part === 'komentar' ? actions.setCommentsFor(doc.uuid) : actions.setViewer({ doc, index: 0 }),
  )
  const bulk = useBulkReview(slug, docs)

  // The viewer shows the item as the list now has it (a review made in it shows at once).
  const viewerDoc = viewer ? (docs.find((d) => d.uuid === viewer.doc.uuid) ?? (viewer.doc as SiteDoc)) : null

  const total = project.folder_counts?.dokumentasi ?? docs.length
  const filtered = hasFilters(filters)
  // One header per day the photos were taken (Asia/Jakarta), newest day first; within a day newest
  // upload first, as the list comes.
  const days = byTakenDay(docs.map((doc, i) => ({ doc, i })))
  const noQueued = queuedUploads.length === 0
  const state: DocsState | null =
    list.isPending && list.fetchStatus === 'paused' && noQueued
      ? 'not-stored'
      : list.isPending && noQueued
        ? 'loading'
        : list.isError && !list.data
          ? 'failed'
          : docs.length === 0 && filtered
            ? 'no-match'
            : docs.length === 0 && noQueued
              ? 'empty'
              : null

  const renderCard = (doc: SiteDoc, i: number) => (
    <>
      <DocCard
        doc={doc}
        waiting={queuedStates.get(doc.uuid)}
        revisionWaiting={queuedRevisions.has(doc.uuid)}
        isAdmin={isAdmin}
        canRevise={isAdmin || doc.creator.id === user.id}
        eager={i < EAGER}
        reviewing={reviewing?.uuid === doc.uuid ? reviewing.status : null}
        onOpenPhoto={actions.onOpenPhoto}
        onToggleLike={actions.onToggleLike}
        onComments={actions.onComments}
        onReview={actions.onReview}
        onDelete={actions.onDelete}
        onRevise={actions.onRevise}
        onHistory={actions.onHistory}
      />
      {bulk.selecting ? (
        <SelectOverlay
          selected={bulk.isSelected(doc.uuid)}
          label={doc.description.slice(0, 60)}
          onToggle={() => bulk.toggle(doc.uuid)}
        />
      ) : null}
    </>
  )

  return (
    <section aria-label="Dokumentasi" data-area="dokumentasi">
      <DocsHeader
        slug={slug}
        filters={filters}
        total={total}
        isAdmin={isAdmin}
        canSelect={docs.length > 0 && !bulk.selecting}
        showUpload={!(list.isSuccess && docs.length === 0)}
        onSelect={bulk.start}
        onUpload={() => setUploadOpen(true)}
      />

      {onFiltersChange ? (
        <DocFiltersBar projectId={project.id} filters={filters} docs={docs} onChange={onFiltersChange} />
      ) : null}

      {state ? (
        <DocsStateView
          state={state}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
          onClearFilters={() => onFiltersChange?.({})}
          onUpload={() => setUploadOpen(true)}
        />
      ) : (
        <>
          <DocDays queuedUploads={queuedUploads} days={days} renderCard={renderCard} />
          <LoadMore
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
            pages={list.data?.pages.length ?? 0}
          />
        </>
      )}

      <DocsDialogs
        slug={slug}
        projectId={project.id}
        user={user}
        isAdmin={isAdmin}
        actions={actions}
        uploadOpen={uploadOpen}
        onUploadClosed={() => setUploadOpen(false)}
        commentDoc={commentDoc}
        viewerDoc={viewerDoc}
        queuedRevisions={queuedRevisions}
        bulkUi={bulk.ui}
      />
    </section>
  )
}
