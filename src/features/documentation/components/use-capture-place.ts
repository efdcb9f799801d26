import { useCallback, useRef, useState } from 'react'

/*
 * Where the photos are taken: asked of navigator.geolocation once per upload, when the first photo is
 * picked or shot (the browser shows its permission prompt). Never in the way: the upload goes with or
 * without it, and a refusal or a slow fix just leaves the photos without a place.
 */

export type CapturePlace =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'found'; lat: number; lng: number; accuracy: number }
  | { state: 'denied' }
  | { state: 'unavailable' }

/** How long a fix may take before the photos go without one. */
const FIX_TIMEOUT_MS = 15_000

export function useCapturePlace() {
  const [place, setPlace] = useState<CapturePlace>({ state: 'idle' })
  const asked = useRef(false)

  const ask = useCallback(() => {
    if (asked.current) return
    asked.current = true
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setPlace({ state: 'unavailable' })
      return
    }
    setPlace({ state: 'asking' })
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        setPlace({
          state: 'found',
          lat: pos.coords.latitude,
          lng: pos.coords.longitude,
          accuracy: pos.coords.accuracy,
        }),
      (err) => setPlace({ state: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: FIX_TIMEOUT_MS, maximumAge: 60_000 },
    )
  }, [])

  const reset = useCallback(() => {
    asked.current = false
    setPlace({ state: 'idle' })
  }, [])

  return { place, ask, reset }
}

/** The quiet line under the photos: what the app knows of where they were taken. */
export function placeNote(place: CapturePlace): string | null {
  switch (place.state) {
    case 'idle':
      return null
    case 'asking':
      return 'Mencari lokasi...'
    case 'found':
      return `Lokasi tercatat (±${Math.round(place.accuracy)} m)`
    case 'denied':
      return 'Lokasi tidak diizinkan; foto dikirim tanpa lokasi'
    case 'unavailable':
      return 'Lokasi tidak tersedia; foto dikirim tanpa lokasi'
  }
}
