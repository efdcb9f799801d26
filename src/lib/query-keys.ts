/*
 * The query keys several features name, spelled once. A feature owns its own keys (reports, trash,
 * shares...), but when another feature's write or the outbox must refresh them (a restore refreshes
 * the file lists and the history, 'Simpan ke Rekap' the Rekap tab, a landed upload the documentation
 * list), the key lives here and both sides import it. Features never import each other and never
 * respell another feature's key. Plain data: the outbox (src/lib/outbox-kinds.ts, also run by the
 * service worker) imports this file.
 */

/** The documentation lists (one per filter set under `list(slug)`), threads and each item's history. */
export const docKeys = {
  all: ['docs'] as const,
  lists: () => [...docKeys.all, 'list'] as const,
  list: (slug: string) => [...docKeys.lists(), slug] as const,
  comments: (slug: string, doc: string) => [...docKeys.all, 'comments', slug, doc] as const,
  /** One item's history (Riwayat): versions, reviews and their reasons. */
  history: (slug: string, doc: string) => [...docKeys.all, 'history', slug, doc] as const,
}

/** The projects feature keeps every project count (list, detail tabs, dashboard) under this root key. */
export const PROJECT_COUNTS = ['projects'] as const

/** The file areas' folder pages (the files feature builds the folder keys under `area`). */
export const fileListKeys = {
  all: ['files'] as const,
  project: (slug: string) => [...fileListKeys.all, slug] as const,
  area: (slug: string, area: string) => [...fileListKeys.project(slug), area] as const,
}

/** The Rekap tab's list. */
export const recapKeys = {
  all: ['recaps'] as const,
  list: (slug: string) => [...recapKeys.all, slug] as const,
}

/** The history pages (Riwayat of a project). */
export const historyKeys = {
  all: ['history'] as const,
  project: (projectId: number) => [...historyKeys.all, 'project', projectId] as const,
}

/** A project's work items ('Item Pekerjaan'): the documentation pickers, the report dialog and the setup. */
export const workItemKeys = {
  all: ['work-items'] as const,
  project: (projectId: number) => [...workItemKeys.all, projectId] as const,
}

/** The Laporan Harian (issue 34): a project's list of days and each day, also refreshed by the outbox. */
export const diaryKeys = {
  all: ['diary'] as const,
  project: (slug: string) => [...diaryKeys.all, slug] as const,
  days: (slug: string) => [...diaryKeys.project(slug), 'days'] as const,
  day: (slug: string, day: string) => [...diaryKeys.project(slug), 'day', day] as const,
}
