/*
 * Query keys named in more than one place: the documentation lists and threads (the outbox refreshes
 * them when a queued write lands, outbox-kinds.ts) and the project counts that a write in any area
 * changes. Features never import each other, so the keys they share live here, spelled once.
 */

export const docKeys = {
  all: ['docs'] as const,
  lists: () => [...docKeys.all, 'list'] as const,
  list: (slug: string) => [...docKeys.lists(), slug] as const,
  comments: (slug: string, doc: string) => [...docKeys.all, 'comments', slug, doc] as const,
}

/** The projects feature keeps every project count (list, detail tabs, dashboard) under this root key. */
export const PROJECT_COUNTS = ['projects'] as const
