import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import type { DocSiteFields, DocWrite, PhotoBlob, PhotoMeta } from '../../contracts/doc-writes'
import type { Doc, DocComment, DocReview } from '../../contracts/documentation'
import { useCurrentUser } from '../../lib/current-user'
import { docKeys, PROJECT_COUNTS, workItemKeys } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { newRequestId } from '../../lib/upload-request'
import {
  createWorkItem,
  type DocPage,
  deleteWorkItem,
  docHistory,
  listComments,
  listDocs,
  removeDoc,
  renameWorkItem,
  reviewDoc,
  sendDocWrite,
} from './api'
import { sendOrQueueDocWrite } from './outbox'
import { type DocFilters, filterParams, hasFilters, type SiteDoc } from './site'

/** One list per filter set, all under docKeys.list(slug): a refresh of the project's list reaches every one. */
export const docListKey = (slug: string, filters: DocFilters = {}) =>
  [...docKeys.list(slug), filterParams(filters)] as const

export const docListQueryOptions = (slug: string, filters: DocFilters = {}) =>
  infiniteQueryOptions({
    queryKey: docListKey(slug, filters),
    queryFn: ({ pageParam }) => listDocs(slug, pageParam, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DocPage) => last.nextCursor,
    // A fresh upload's thumbnails are made by the server a moment after it answered: ask again until
    // they are there (paused offline like every query, and only for recent items, so a stuck server
    // is not asked forever).
    refetchInterval: (query) => (thumbnailsComing(query.state.data?.pages) ? THUMBNAIL_POLL_MS : false),
  })

const THUMBNAIL_POLL_MS = 2000
const THUMBNAIL_WAIT_MS = 10 * 60 * 1000

function thumbnailsComing(pages: DocPage[] | undefined): boolean {
  const since = Date.now() - THUMBNAIL_WAIT_MS
  return (pages ?? []).some((p) =>
    p.docs.some((d) => d.images.some((i) => i.thumb === null) && Date.parse(d.created_at) > since),
  )
}

export const docCommentsQueryOptions = (slug: string, doc: string) =>
  queryOptions({ queryKey: docKeys.comments(slug, doc), queryFn: () => listComments(slug, doc) })

export const docHistoryQueryOptions = (slug: string, doc: string) =>
  queryOptions({ queryKey: docKeys.history(slug, doc), queryFn: () => docHistory(slug, doc) })

type Pages = InfiniteData<DocPage, string | null>

/** Rewrites one item wherever it sits in the loaded pages of every filtered list. */
export function patchDoc(qc: QueryClient, slug: string, uuid: string, change: (doc: SiteDoc) => SiteDoc) {
  qc.setQueriesData<Pages>({ queryKey: docKeys.list(slug) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            docs: p.docs.map((d) => (d.uuid === uuid ? change(d) : d)),
          })),
        }
      : data,
  )
}

function findDoc(qc: QueryClient, slug: string, uuid: string): SiteDoc | undefined {
  for (const [, data] of qc.getQueriesData<Pages>({ queryKey: docKeys.list(slug) }))
    for (const page of data?.pages ?? []) {
      const doc = page.docs.find((d) => d.uuid === uuid)
      if (doc) return doc
    }
  return undefined
}

export type UploadVariables = {
  key: string
  description: string
  photos: PhotoBlob[]
  /** Per photo, in order: when and where it was captured. */
  meta?: PhotoMeta[]
  site?: DocSiteFields
  /** The chosen work item's name, for the waiting card while queued. */
  workItemName?: string
  onProgress?: (percent: number) => void
  /** Aborting it ends the direct attempt: the upload goes to the outbox (the dialog's 'Lanjutkan di latar belakang'). */
  signal?: AbortSignal
}

/** New items go on top of the first page at once (the answer carries them whole): no refetch of pages. */
export function useUploadDocs(slug: string) {
  const qc = useQueryClient()
  const user = useCurrentUser()
  return useMutation({
    mutationFn: async (vars: UploadVariables) => {
      const { key, description, photos, meta, site, workItemName, onProgress, signal } = vars
      const write: DocWrite = { kind: 'doc.upload', key, slug, description, photos, meta, site }
      // Offline, or the network failed: queued in the outbox and shown in the grid as waiting.
      const res = await sendOrQueueDocWrite(write, { owner: user, workItemName }, () =>
        sendDocWrite(write, onProgress, signal),
      )
      if (!res.data && !res.queued) throw new Error(res.message)
      return res
    },
    onSuccess: (res) => {
      // Queued: nothing reached the server yet; the grid shows the outbox item, and its landing refreshes.
      if (res.queued) return
      const created = (res.data?.docs ?? []) as SiteDoc[]
      // The unfiltered list takes them on top at once; a filtered one asks the server what matches.
      const unfiltered = docListKey(slug)
      qc.setQueryData<Pages>(unfiltered, (data) => {
        if (!data || data.pages.length === 0) return data
        const known = new Set(data.pages.flatMap((p) => p.docs.map((d) => d.uuid)))
        const fresh = created.filter((d) => !known.has(d.uuid))
        const [first, ...rest] = data.pages
        return { ...data, pages: [{ ...first, docs: [...fresh, ...first.docs] }, ...rest] }
      })
      const filtered = qc
        .getQueryCache()
        .findAll({ queryKey: docKeys.list(slug) })
        .map((q) => q.queryKey)
        .filter((k) => hasFilters((k[3] ?? {}) as DocFilters))
      return refreshQueries(
        qc,
        !qc.getQueryData(unfiltered) && docKeys.list(slug),
        ...filtered,
        PROJECT_COUNTS,
      )
    },
  })
}

export type ReviseVariables = UploadVariables & { doc: string }

/**
 * 'Unggah Revisi': new photos (and perhaps a new description) for an item in revision, under one
 * Idempotency-Key; offline it waits in the outbox as 'doc.revise'. The answer is the item, back to pending.
 */
export function useReviseDoc(slug: string) {
  const qc = useQueryClient()
  const user = useCurrentUser()
  return useMutation({
    mutationFn: async (vars: ReviseVariables) => {
      const { key, doc, description, photos, meta, site, workItemName, onProgress, signal } = vars
      const write: DocWrite = { kind: 'doc.revise', key, slug, doc, description, photos, meta, site }
      const res = await sendOrQueueDocWrite(
        write,
        { owner: user, doc: findDoc(qc, slug, doc) as Doc | undefined, workItemName },
        () => sendDocWrite(write, onProgress, signal),
      )
      if (!res.data && !res.queued) throw new Error(res.message)
      return res
    },
    onSuccess: (res, { doc }) => {
      if (res.queued) return
      const updated = res.data as SiteDoc | undefined
      if (updated) patchDoc(qc, slug, doc, (d) => ({ ...d, ...updated }))
      return refreshQueries(qc, docKeys.list(slug), docKeys.history(slug, doc), PROJECT_COUNTS)
    },
  })
}

/** Like mutations in flight per item: only the last one's answer may overwrite the optimistic state. */
const likesInFlight = new Map<string, number>()

/**
 * The like toggle, optimistic: the heart and count change at once and roll back if the call fails. The
 * call sets a value (true/false), never toggles, and calls of one project run one after another, so the
 * last tap wins on the server as on the screen.
 */
export function useSetLike(slug: string) {
  const qc = useQueryClient()
  const user = useCurrentUser()
  return useMutation({
    scope: { id: `doc-like:${slug}` },
    // Queued offline: the optimistic heart stays (no answer to apply yet); the grid marks it waiting.
    mutationFn: ({ doc, liked, key }: { doc: string; liked: boolean; key: string }) => {
      const write: DocWrite = { kind: 'doc.like', key, slug, doc, liked }
      return sendOrQueueDocWrite(write, { owner: user, doc: findDoc(qc, slug, doc) as Doc | undefined }, () =>
        sendDocWrite(write),
      )
    },
    onMutate: async ({ doc, liked }) => {
      likesInFlight.set(doc, (likesInFlight.get(doc) ?? 0) + 1)
      await qc.cancelQueries({ queryKey: docKeys.list(slug) })
      const before = findDoc(qc, slug, doc)
      patchDoc(qc, slug, doc, (d) =>
        d.is_liked === liked ? d : { ...d, is_liked: liked, likes: Math.max(0, d.likes + (liked ? 1 : -1)) },
      )
      return { before: before ? { likes: before.likes, is_liked: before.is_liked } : undefined }
    },
    onError: (_err, { doc }, context) => {
      if (context?.before) {
        const { likes, is_liked } = context.before
        patchDoc(qc, slug, doc, (d) => ({ ...d, likes, is_liked }))
      }
    },
    onSuccess: (res, { doc }) => {
      const data = res.data
      if (data && likesInFlight.get(doc) === 1)
        patchDoc(qc, slug, doc, (d) => ({ ...d, likes: data.likes, is_liked: data.liked }))
    },
    onSettled: (_res, _err, { doc }) => {
      const left = (likesInFlight.get(doc) ?? 1) - 1
      if (left > 0) likesInFlight.set(doc, left)
      else likesInFlight.delete(doc)
    },
  })
}

export function toggleLikeVariables(doc: Doc) {
  return { doc: doc.uuid, liked: !doc.is_liked, key: newRequestId() }
}

export function useAddComment(slug: string, doc: string) {
  const qc = useQueryClient()
  const user = useCurrentUser()
  return useMutation({
    mutationFn: async ({ comment, key }: { comment: string; key: string }) => {
      const write: DocWrite = { kind: 'doc.comment', key, slug, doc, comment }
      const res = await sendOrQueueDocWrite(write, { owner: user }, () => sendDocWrite(write))
      if (res.queued) return null
      if (!res.data) throw new Error(res.message)
      return res.data
    },
    onSuccess: (comment) => {
      // Queued: the dialog lists it from the outbox, marked as waiting, until it lands.
      if (!comment) return
      qc.setQueryData<DocComment[]>(docKeys.comments(slug, doc), (list) =>
        list?.some((c) => c.id === comment.id) ? list : [...(list ?? []), comment],
      )
      patchDoc(qc, slug, doc, (d) => ({ ...d, comments: d.comments + 1 }))
    },
  })
}

export function useReviewDoc(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ doc, status, note }: { doc: string; status: DocReview; note?: string }) =>
      reviewDoc(slug, doc, status, note),
    onSuccess: (res, { doc, note }) => {
      const updated = res.data as SiteDoc | undefined
      if (updated)
        patchDoc(qc, slug, doc, (d) => ({
          ...d,
          ...updated,
          review_note: updated.review_note ?? note ?? null,
        }))
      // Filtered lists (by status) and the item's history change with it.
      return refreshQueries(qc, docKeys.list(slug), docKeys.history(slug, doc), PROJECT_COUNTS)
    },
    // Someone else reviewed it first (409): show the item as it now is.
    onError: () => refreshQueries(qc, docKeys.list(slug)),
  })
}

export function useRemoveDoc(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (doc: string) => removeDoc(slug, doc),
    onSuccess: (_res, doc) => {
      qc.setQueriesData<Pages>({ queryKey: docKeys.list(slug) }, (data) =>
        data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, docs: p.docs.filter((d) => d.uuid !== doc) })) }
          : data,
      )
      qc.removeQueries({ queryKey: docKeys.comments(slug, doc) })
      return refreshQueries(qc, PROJECT_COUNTS)
    },
  })
}

/** 'Kelola Item Pekerjaan' (admins): add, rename, delete; the list is fetched again after each. */
export function useWorkItemActions(projectId: number) {
  const qc = useQueryClient()
  const done = () => refreshQueries(qc, workItemKeys.project(projectId))
  return {
    create: useMutation({ mutationFn: (name: string) => createWorkItem(projectId, name), onSuccess: done }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => renameWorkItem(projectId, id, name),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteWorkItem(projectId, id), onSuccess: done }),
  }
}
