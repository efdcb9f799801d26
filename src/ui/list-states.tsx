import type { ReactNode } from 'react'
import { MSG } from '../contracts/common'
import { errorMessage, failureMessage } from '../lib/api'
import { useOnline } from '../lib/use-online'
import { CardSkeletons } from './card-skeletons'
import { LoadFailed } from './empty-state'
import { IconAlertCircle } from './icons'
import { NotStoredHere, notStored } from './not-stored'

type ListQuery = {
  data: unknown
  isError: boolean
  isPending: boolean
  fetchStatus: 'fetching' | 'paused' | 'idle'
  error: unknown
  refetch: () => unknown
}

/**
 * A list in whichever state it is, the one part for it: not stored on this device and offline (it
 * says so instead of loading forever), loading (`loading`, card skeletons unless given), failed to
 * load (what failed and 'Coba lagi'), empty, nothing matching a search (`shown` and `noMatch`), or the
 * items themselves (children).
 */
export function ListStates({
  query,
  count,
  loading = <CardSkeletons />,
  offline = <NotStoredHere />,
  failedTitle,
  errorIcon = <IconAlertCircle />,
  empty,
  shown,
  noMatch,
  children,
}: {
  query: ListQuery
  /** How many items the list has (default: the length of `query.data`). */
  count?: number
  /** The placeholder while the first page loads. */
  loading?: ReactNode
  /** Offline with no copy on this device. */
  offline?: ReactNode
  /**
   * The title when the list fails to load ('Gagal memuat riwayat'), with the server's message or
   * 'Periksa koneksi Anda.' under it; without one the title is the server's message itself.
   */
  failedTitle?: string
  errorIcon?: ReactNode
  /** Shown when the list has no items at all. */
  empty: ReactNode
  /** How many items the search lets through. */
  shown?: number
  /** Shown when the search lets none through. */
  noMatch?: ReactNode
  children: ReactNode
}) {
  const online = useOnline()
  if (notStored(query, online)) return offline
  if (query.isError && !query.data) {
    return failedTitle ? (
      <LoadFailed
        icon={errorIcon}
        title={failedTitle}
        description={failureMessage(query.error, { failed: failedTitle, thrown: 'Periksa koneksi Anda.' })}
        onRetry={query.refetch}
      />
    ) : (
      <LoadFailed
        icon={errorIcon}
        title={errorMessage(query.error, MSG.loadFailed)}
        onRetry={query.refetch}
      />
    )
  }
  if (query.isPending) return loading
  const total = count ?? (Array.isArray(query.data) ? query.data.length : 0)
  if (total === 0) return empty
  if (shown === 0 && noMatch) return noMatch
  return children
}
