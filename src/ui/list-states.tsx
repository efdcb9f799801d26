import type { ReactNode } from 'react'
import { MSG } from '../contracts/common'
import { errorMessage } from '../lib/api'
import { CardSkeletons } from './card-skeletons'
import { LoadFailed } from './empty-state'

type ListQuery = {
  data: readonly unknown[] | undefined
  isError: boolean
  isPending: boolean
  error: unknown
  refetch: () => unknown
}

/**
 * A searchable card list in whichever state it is: failed to load (with a retry), loading, empty,
 * nothing matching the search, or the cards themselves (children).
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
