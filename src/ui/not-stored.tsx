import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { useOnline } from '../lib/use-online'
import { EmptyState } from './empty-state'
import { IconWifiOff } from './icons'

/** What a screen says offline about data this device never stored (issue 32: no screen that never finishes). */
export const NOT_STORED = 'Belum tersimpan di perangkat ini · buka lagi saat ada sinyal'

type PendingQuery = { isPending: boolean; fetchStatus: 'fetching' | 'paused' | 'idle' }

/**
 * True when a query has nothing to show and cannot get it: no copy on the device and no signal (its
 * fetch is paused until the network returns, which may be hours on site). Such a screen says so
 * instead of showing skeletons forever.
 */
export function notStored(query: PendingQuery, online: boolean): boolean {
  return query.isPending && (query.fetchStatus === 'paused' || !online)
}

/**
 * The message in place of a screen's content (inside the app shell, so the header and the way back
 * stay): this device has no copy yet, open it again with signal.
 */
export function NotStoredHere({ title = 'Belum tersimpan di perangkat ini' }: { title?: string }) {
  return (
    <div data-testid="not-stored" role="status" className={css({ w: 'full' })}>
      <EmptyState
        icon={<IconWifiOff />}
        title={title}
        description="Buka lagi saat ada sinyal: setelah itu halaman ini juga dapat dilihat tanpa sinyal."
      />
    </div>
  )
}

/**
 * Offline, a placeholder that is still up after a moment waits for the network: true then, so the
 * skeleton gives way to NotStoredHere. The moment lets a chunk or cached answer that is on its way
 * (from the service worker or IndexedDB) arrive without the message flashing first.
 */
export function useWaitingOffline(delayMs = 700): boolean {
  const online = useOnline()
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (online) {
      setLate(false)
      return
    }
    const t = setTimeout(() => setLate(true), delayMs)
    return () => clearTimeout(t)
  }, [online, delayMs])
  return !online && late
}
