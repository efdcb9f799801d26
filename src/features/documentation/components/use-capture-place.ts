import { useCallback, useRef, useState } from 'react'
import type { PhotoMeta } from '../../../contracts/doc-writes'
import type { PickedPhoto } from './use-picked-photos'

/*
 * Where each photo was taken (issue 30): its own EXIF GPS when the camera wrote one; the device's live
 * position only for a photo taken at that moment (in the app's camera, or picked from the gallery
 * within a few minutes of its EXIF capture time); otherwise no place, never the position at upload.
 * navigator.geolocation is asked only when a photo may use it (the browser shows its permission prompt
 * then), and never in the way: the upload goes with or without it.
 */

export type CapturePlace =
  | { state: 'idle' }
  | { state: 'asking' }
  | { state: 'found'; lat: number; lng: number; accuracy: number; at: number }
  | { state: 'denied' }
  | { state: 'unavailable' }

/** How long a fix may take before the photos go without one. */
const FIX_TIMEOUT_MS = 15_000
/** A photo and a position this close in time are one moment (a fix older than that is asked again). */
export const LIVE_WINDOW_MS = 10 * 60_000
const REFRESH_MS = 2 * 60_000

export function useCapturePlace() {
  const [place, setPlace] = useState<CapturePlace>({ state: 'idle' })
  const last = useRef<{ asking: boolean; at: number } | null>(null)

  const ask = useCallback(() => {
    const was = last.current
    if (was && (was.asking || Date.now() - was.at < REFRESH_MS)) return
    last.current = { asking: true, at: Date.now() }
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setPlace({ state: 'unavailable' })
      return
    }
    setPlace((p) => (p.state === 'found' ? p : { state: 'asking' }))
    const done = () => {
      last.current = { asking: false, at: Date.now() }
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        done()
        setPlace({
          state: 'found',
          lat: pos.coords.latitude,
          lng: pos.coords.longitude,
          accuracy: pos.coords.accuracy,
          at: pos.timestamp || Date.now(),
        })
      },
      (err) => {
        done()
        setPlace({ state: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' })
      },
      { enableHighAccuracy: true, timeout: FIX_TIMEOUT_MS, maximumAge: 60_000 },
    )
  }, [])

  const reset = useCallback(() => {
    last.current = null
    setPlace({ state: 'idle' })
  }, [])

  return { place, ask, reset }
}

/**
 * The moment a photo was taken that a live position may stand for: a camera shot's, a gallery photo's
 * EXIF capture time; null without one (then it never gets the device's position).
 */
const liveMoment = (p: PickedPhoto): number | null =>
  p.fromCamera ? p.capturedAt : (p.exif?.takenAt ?? null)

/** Whether a photo would take the device's position: taken just now, without GPS of its own. */
export function wantsLivePlace(p: PickedPhoto): boolean {
  const moment = liveMoment(p)
  return (
    p.exif !== undefined &&
    !p.exif?.place &&
    moment !== null &&
    Math.abs(Date.now() - moment) < LIVE_WINDOW_MS
  )
}

/** The `meta` of one photo: its capture time, and a place only where it was taken. */
export function photoMeta(p: PickedPhoto, fix: CapturePlace): PhotoMeta {
  const taken_at = new Date(p.capturedAt).toISOString()
  const own = p.exif?.place
  if (own) return { taken_at, lat: own.lat, lng: own.lng, accuracy_m: own.accuracy_m, source: 'exif' }
  const moment = liveMoment(p)
  if (fix.state === 'found' && moment !== null && Math.abs(fix.at - moment) <= LIVE_WINDOW_MS)
    return {
      taken_at,
      lat: fix.lat,
      lng: fix.lng,
      accuracy_m: Math.round(fix.accuracy * 10) / 10,
      source: 'camera',
    }
  return { taken_at, lat: null, lng: null, accuracy_m: null }
}

/** The quiet line under the photos: where the picked photos will be placed, by source. */
export function placeNote(photos: PickedPhoto[], fix: CapturePlace): string | null {
  if (photos.length === 0) return null
  const metas = photos.map((p) => photoMeta(p, fix))
  const count = (source?: PhotoMeta['source']) => metas.filter((m) => m.source === source).length
  const parts: string[] = []
  if (count('exif')) parts.push(`${count('exif')} dari GPS foto`)
  if (count('camera'))
    parts.push(
      `${count('camera')} dari lokasi perangkat${fix.state === 'found' ? ` (±${Math.round(fix.accuracy)} m)` : ''}`,
    )
  if (photos.some(wantsLivePlace) && fix.state === 'asking') parts.push('mencari lokasi perangkat...')
  if (count(undefined)) parts.push(`${count(undefined)} tanpa lokasi`)
  return `Lokasi foto: ${parts.join(' · ')}`
}
