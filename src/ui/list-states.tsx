import type { ReactNode } from 'react'
import { MSG } from '../contracts/common'
import { errorMessage } from '../lib/api'
import { useOnline } from '../lib/use-online'
import { CardSkeletons } from './card-skeletons'
import { LoadFailed } from './empty-state'
import { NotStoredHere, notStored } from './not-stored'

type ListQuery = {
  data: readonly unknown[] | undefined
  isError: boolean
  isPending: boolean
  fetchStatus: 'fetching' | 'paused' | 'idle'
  error: unknown
  refetch: () => unknown
}

/**
 * A searchable card list in whichever state it is: failed to load (with a retry), loading, empty,
 * nothing matching the search, or the cards themselves (children). Offline with no copy on the device it
 * says so rather than loading forever.
 */
export function ListStates({
  query,
  errorIcon,
  empty,
  shown,
  noMatch,
  children,
}: {
  query: ListQuery
  errorIcon: ReactNode
  /** Shown when the list has no items at all. */
  empty: ReactNode
  /** How many items the search lets through. */
  shown: number
  /** Shown when the search lets none through. */
  noMatch: ReactNode
  children: ReactNode
}) {
  const online = useOnline()
  if (notStored(query, online)) return <NotStoredHere />
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        icon={errorIcon}
        title={errorMessage(query.error, MSG.loadFailed)}
        onRetry={query.refetch}
      />
    )
  }
  if (query.isPending) return <CardSkeletons />
  if (!query.data?.length) return empty
  if (shown === 0) return noMatch
  return children
}
