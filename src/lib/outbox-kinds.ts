import type { OutboxItem } from './outbox-types'
import { diaryKeys, docKeys, fileListKeys, PROJECT_COUNTS, recapKeys } from './query-keys'

/*
 * Every kind of write the outbox may hold. A queued item stores its kind, its scope (slug, doc, ...)
 * and the kind's version; what it refreshes when it lands, how it coalesces and which icon it shows are
 * decided here by the build that is running, so renaming a query key never strands an item an older
 * build queued on a phone days ago. A new kind is one entry here (and its sender in its feature).
 *
 * Versions: bump a kind's `version` when the scope it stores changes shape, and keep understanding
 * every older version here. Items queued before this registry existed (no version) carry the query
 * keys to refresh themselves (`invalidate`): those are refreshed as stored.
 */

export type OutboxScope = Record<string, string>

export type OutboxKind = {
  /** What the kind is, in Indonesian (the outbox panel and its waiting cards). */
  label: string
  version: number
  icon: 'photo' | 'comment' | 'like' | 'file' | 'diary'
  /** Query keys fetched again once an item of this kind landed. */
  refresh: (scope: OutboxScope) => ReadonlyArray<readonly unknown[]>
  /** Items of one key replace each other while waiting (a like set, unset and set again is one like). */
  coalesce?: (scope: OutboxScope) => string
  /** Where the created id lies in the answer's data, for items queued on it (a comment on new photos). */
  refPath?: Array<string | number>
}

export const OUTBOX_KINDS: Record<string, OutboxKind> = {
  // Version 2 (issue 23): the scope may also name the work item, the place on site and the progress
  // ('workItem', 'location', 'progress', shown on the waiting card) and the request carries those fields
  // and each photo's `meta`. Version 1 items (slug only; description and photos) are refreshed the same
  // way and replay as stored: their bytes never change.
  'doc.upload': {
    label: 'Foto dokumentasi',
    version: 2,
    icon: 'photo',
    refresh: (s) => [docKeys.list(s.slug), PROJECT_COUNTS],
    refPath: ['docs', 0, 'uuid'],
  },
  // 'Unggah Revisi' (issue 23): new photos for an item in revision, same scope as an upload plus its doc.
  'doc.revise': {
    label: 'Revisi dokumentasi',
    version: 1,
    icon: 'photo',
    refresh: (s) => [docKeys.list(s.slug), docKeys.history(s.slug, s.doc), PROJECT_COUNTS],
  },
  'doc.comment': {
    label: 'Komentar',
    version: 1,
    icon: 'comment',
    refresh: (s) => [docKeys.comments(s.slug, s.doc), docKeys.list(s.slug)],
  },
  // Issue 32: area and recap files, small ones as one multipart request, big ones in parts (decision 0080).
  // Scope: slug, and the area ('perencanaan' | 'pengawasan') for an area file; the keys the files and
  // recaps features read their lists under (src/lib/query-keys.ts).
  'file.upload': {
    label: 'File area',
    version: 1,
    icon: 'file',
    refresh: (s) => [fileListKeys.area(s.slug, s.area), PROJECT_COUNTS],
  },
  'recap.upload': {
    label: 'File rekap',
    version: 1,
    icon: 'file',
    refresh: (s) => [recapKeys.list(s.slug), PROJECT_COUNTS],
  },
  // Issue 34: one section of a day's Laporan Harian (scope: slug, day, section and the section's JSON as
  // `value`, shown at once on the day screen). A newer save of the same section replaces one still waiting;
  // a 409 with both copies stays as a refused item holding them (the day screen asks which copy stays).
  'diary.save': {
    label: 'Laporan harian',
    version: 1,
    icon: 'diary',
    refresh: (s) => [diaryKeys.day(s.slug, s.day), diaryKeys.days(s.slug)],
    coalesce: (s) => `diary:${s.slug}:${s.day}:${s.section}`,
  },
  'doc.like': {
    label: 'Suka',
    version: 1,
    icon: 'like',
    refresh: (s) => [docKeys.list(s.slug)],
    coalesce: (s) => `like:${s.slug}:${s.doc}`,
  },
}

/** What to fetch again once `item` landed: its kind's say, or, for an item from before the registry, its own list. */
export function refreshTargets(item: OutboxItem): ReadonlyArray<readonly unknown[]> {
  const kind = OUTBOX_KINDS[item.kind]
  if (kind && item.version !== undefined) return kind.refresh(item.scope)
  return item.invalidate ?? []
}
