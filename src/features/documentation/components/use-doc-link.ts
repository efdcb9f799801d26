import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { DOC_MSG } from '../../../contracts/documentation'
import { ApiError } from '../../../lib/api'
import { notify } from '../../../ui/notify'
import { fetchDoc, useStoreFreshDoc } from '../review-queries'
import type { SiteDoc } from '../site'

/** Said when a link's item cannot be read now and this phone never loaded it. */
const OFFLINE_UNKNOWN = 'Dokumentasi ini belum tersimpan di perangkat ini. Buka lagi saat ada sinyal.'

/**
 * A notification's link opens the exact item: '#dokumentasi/{uuid}' its photo, '…/komentar' its thread,
 * once per link. The item is read fresh from the server first (issue 30: the cached list still said
 * 'Pending' after the admin asked for a revision, so the viewer opened without the reason and without
 * 'Unggah Revisi'), and the fresh copy also replaces the card behind it. Wherever it sits in the list,
 * or in no loaded page at all, it opens. Without signal the copy this phone has stands in; an item that
 * is gone (404) is said so.
 */
export function useDocLink(
  slug: string,
  cached: SiteDoc[],
  open: (doc: SiteDoc, part: 'photo' | 'komentar') => void,
) {
  const store = useStoreFreshDoc(slug)
  const opened = useRef<string | null>(null)
  // The router's hash: a notification navigates with pushState, which fires no 'hashchange'.
  const location = useLocation({ select: (l) => l.hash })
  // The latest cached list and callbacks, read when the answer comes (not a reason to fetch again).
  const latest = useRef({ cached, open, store })
  latest.current = { cached, open, store }

  useEffect(() => {
    const hash = decodeURIComponent(location.replace(/^#/, ''))
    const [area, uuid, rest] = hash.split('/')
    if (area !== 'dokumentasi' || !uuid || opened.current === hash) return
    opened.current = hash
    const part = rest === 'komentar' ? 'komentar' : 'photo'
    // Only the latest link opens (another notification tapped meanwhile wins).
    const live = () => opened.current === hash
    fetchDoc(slug, uuid).then(
      (fresh) => {
        if (!live()) return
        latest.current.store(fresh)
        latest.current.open(fresh, part)
      },
      (err: unknown) => {
        if (!live()) return
        const status = err instanceof ApiError ? err.status : 0
        const known = latest.current.cached.find((d) => d.uuid === uuid)
        if (status === 0 && known) latest.current.open(known, part)
        else notify('error', status === 0 ? OFFLINE_UNKNOWN : DOC_MSG.notFound)
      },
    )
  }, [slug, location])
}
