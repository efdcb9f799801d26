import { describe, expect, it } from 'vitest'
import { type CapturePlace, photoMeta, placeNote, wantsLivePlace } from './use-capture-place'
import type { PickedPhoto } from './use-picked-photos'

const now = Date.now()
const MIN = 60_000
const fix: CapturePlace = { state: 'found', lat: -6.914, lng: 107.6105, accuracy: 8.04, at: now }

function picked(over: Partial<PickedPhoto>): PickedPhoto {
  return { id: 'p', name: 'a.jpg', status: 'ready', capturedAt: now, fromCamera: false, exif: null, ...over }
}

describe("a picked photo's place: where it was taken, never where it is uploaded", () => {
  it('its own EXIF GPS first, whatever the device says', () => {
    const own = picked({
      exif: { takenAt: now - 2 * 86_400_000, place: { lat: -6.9, lng: 107.6, accuracy_m: 12 } },
    })
    expect(photoMeta(own, fix)).toMatchObject({ lat: -6.9, lng: 107.6, accuracy_m: 12, source: 'exif' })
    expect(wantsLivePlace(own)).toBe(false)
  })

  it("the device's position for a shot in the app's camera, or a gallery photo taken minutes ago", () => {
    const shot = picked({ fromCamera: true })
    expect(photoMeta(shot, fix)).toMatchObject({
      lat: -6.914,
      lng: 107.6105,
      accuracy_m: 8,
      source: 'camera',
    })
    const recent = picked({ exif: { takenAt: now - 5 * MIN, place: null } })
    expect(wantsLivePlace(recent)).toBe(true)
    expect(photoMeta(recent, fix).source).toBe('camera')
  })

  it('no place for an old gallery photo, one without EXIF, or a fix far from the moment', () => {
    const old = picked({ exif: { takenAt: now - 26 * 60 * MIN, place: null } })
    expect(wantsLivePlace(old)).toBe(false)
    expect(photoMeta(old, fix)).toEqual({
      taken_at: new Date(now).toISOString(),
      lat: null,
      lng: null,
      accuracy_m: null,
    })
    expect(photoMeta(picked({ exif: null }), fix).lat).toBeNull()
    expect(photoMeta(picked({ fromCamera: true }), { ...fix, at: now - 20 * MIN }).lat).toBeNull()
    expect(photoMeta(picked({ fromCamera: true }), { state: 'denied' }).lat).toBeNull()
  })

  it('the dialog says where the photos will be placed', () => {
    const photos = [
      picked({ exif: { takenAt: null, place: { lat: 1, lng: 2, accuracy_m: null } } }),
      picked({ fromCamera: true }),
      picked({}),
    ]
    expect(placeNote(photos, fix)).toBe(
      'Lokasi foto: 1 dari GPS foto · 1 dari lokasi perangkat (±8 m) · 1 tanpa lokasi',
    )
    expect(placeNote([], fix)).toBeNull()
  })
})
