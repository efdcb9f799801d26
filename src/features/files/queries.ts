import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ExploreResult, FileArea, ReviewDecision } from '../../contracts/files'
import { fileListKeys, PROJECT_COUNTS } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { createFolder, exploreFolder, removeFile, removeFolder, renameFolder, reviewFile } from './api'

export const fileKeys = {
  ...fileListKeys,
  area: (slug: string, area: FileArea) => fileListKeys.area(slug, area),
  /** One folder's pages; `null` is the area's root. */
  folder: (slug: string, area: FileArea, folder: string | null) =>
    [...fileKeys.area(slug, area), folder ?? 'root'] as const,
}

export type FolderPages = InfiniteData<ExploreResult, string | null>

/**
 * A folder in pages of PAGE_SIZE entries (folders first, then files, each by name). Persisted with the
 * rest of the query cache, so a folder seen once opens offline.
 */
export const folderQueryOptions = (slug: string, area: FileArea, folder: string | null) =>
  infiniteQueryOptions({
    queryKey: fileKeys.folder(slug, area, folder),
    queryFn: ({ pageParam }) => exploreFolder(slug, area, folder, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ExploreResult) => last.next_cursor,
  })

type Place = { slug: string; area: FileArea }

/**
 * What a write changes: the folder it happened in (its pages and its parent's item counts, so the whole
 * area, cheap: only the folders on screen refetch) and the project's counts.
 */
function useInvalidateArea() {
  const qc = useQueryClient()
  return ({ slug, area }: Place, counts = true) =>
    refreshQueries(qc, fileKeys.area(slug, area), counts && PROJECT_COUNTS)
}

export function useCreateFolder() {
  const invalidate = useInvalidateArea()
  return useMutation({
    mutationFn: ({ slug, area, name, parent }: Place & { name: string; parent: string | null }) =>
      createFolder(slug, area, name, parent),
    onSuccess: (_res, place) => invalidate(place, false),
  })
}

export function useRenameFolder() {
  const invalidate = useInvalidateArea()
  return useMutation({
    mutationFn: ({ slug, area, folder, name }: Place & { folder: string; name: string }) =>
      renameFolder(slug, area, folder, name),
    onSuccess: (_res, place) => invalidate(place, false),
  })
}

export function useRemoveFolder() {
  const qc = useQueryClient()
  const invalidate = useInvalidateArea()
  return useMutation({
    mutationFn: ({ slug, folder }: Place & { folder: string }) => removeFolder(slug, folder),
    onSuccess: (_res, place) => {
      // Its own pages (and any below it that were opened) name nothing any more.
      qc.removeQueries({ queryKey: fileKeys.folder(place.slug, place.area, place.folder) })
      return invalidate(place)
    },
  })
}

/** Rewrites every loaded page of the area's folders (a file sits in one of them). */
function patchPages(
  qc: ReturnType<typeof useQueryClient>,
  { slug, area }: Place,
  change: (page: ExploreResult) => ExploreResult,
) {
  qc.setQueriesData<FolderPages>({ queryKey: fileKeys.area(slug, area) }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  )
}

/**
 * A decision changes one entry: it is rewritten in place from the answer (a folder of thousands of
 * files is not fetched again page by page), and the project's counts are refetched.
 */
export function useReviewFile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({
      slug,
      file,
      decision,
      note,
    }: Place & { file: string; decision: ReviewDecision; note?: string }) =>
      reviewFile(slug, file, decision, note),
    onSuccess: (res, place) => {
      const entry = res.data
      if (entry)
        patchPages(qc, place, (page) => ({
          ...page,
          files: page.files.map((f) => (f.uuid === entry.uuid ? entry : f)),
        }))
      return refreshQueries(qc, PROJECT_COUNTS)
    },
    // Someone else decided first (409), or the file is gone: show the folder as it now is.
    onError: (_err, place) => refreshQueries(qc, fileKeys.area(place.slug, place.area)),
  })
}

/** A removal takes the entry out of the loaded pages at once; the folder is refetched when next shown. */
export function useRemoveFile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ slug, file }: Place & { file: string }) => removeFile(slug, file),
    onSuccess: (_res, place) => {
      patchPages(qc, place, (page) => {
        const files = page.files.filter((f) => f.uuid !== place.file)
        const removed = page.files.length - files.length
        return { ...page, files, total: { ...page.total, files: page.total.files - removed } }
      })
      return refreshQueries(
        qc,
        { queryKey: fileKeys.area(place.slug, place.area), refetchType: 'none' },
        PROJECT_COUNTS,
      )
    },
  })
}

/** After an upload (sent outside react-query for its progress): the folder and the counts. */
export function useUploaded() {
  const invalidate = useInvalidateArea()
  return (place: Place) => invalidate(place)
}
