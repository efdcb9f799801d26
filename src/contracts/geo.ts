/*
 * Distances on the earth, for a photo's place against its project's site (issue 34, decision 0088).
 * Pure arithmetic, shared by the server (the doc list, its 'Di luar lokasi' filter, report captions) and
 * the web app. The server's SQL filter compares the same haversine term (`haversineTerm`) with
 * `outsideTerm(radius)`, so the list, the card and the filter agree on which photo is outside.
 */

/** The mean earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8

export type LatLng = { lat: number; lng: number }

const rad = (deg: number) => (deg * Math.PI) / 180

/** The haversine term `a` of two points (0 same place, 1 antipodes). */
export function haversineTerm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat)
  const dLng = rad(b.lng - a.lng)
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2
  return Math.min(1, Math.max(0, s))
}

/** The great-circle distance between two points, metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(haversineTerm(a, b)))
}

/** The haversine term at `radiusM`: a point is outside the circle exactly when its term is greater. */
export function outsideTerm(radiusM: number): number {
  return Math.sin(radiusM / (2 * EARTH_RADIUS_M)) ** 2
}

/** A distance as a reader says it: '850 m', '3,4 km', '12 km' (Indonesian decimals). */
export function distanceLabel(metres: number): string {
  if (Math.round(metres) < 1000) return `${Math.round(metres)} m`
  const tenths = Math.round(metres / 100) / 10
  const text = tenths < 10 ? tenths.toFixed(1) : String(Math.round(metres / 1000))
  return `${text.replace('.', ',')} km`
}

/**
 * Where a photo was taken against the project's site, in words: 'Di lokasi', 'Di luar lokasi: 3,4 km dari
 * proyek', 'Tanpa lokasi' (the photo has no place); null when the project has no site (nothing to say).
 */
export function siteText(photo: {
  has_place: boolean
  site_distance_m: number | null
  on_site: boolean | null
}): string | null {
  if (!photo.has_place) return 'Tanpa lokasi'
  if (photo.site_distance_m === null || photo.on_site === null) return null
  return photo.on_site ? 'Di lokasi' : `Di luar lokasi: ${distanceLabel(photo.site_distance_m)} dari proyek`
}

/**
 * The same words from a place and a site (the report's captions and the verification page, which read the
 * rows themselves): 'Tanpa lokasi' without a place, null without a site.
 */
export function siteWords(
  place: { lat: number | null; lng: number | null },
  site: (LatLng & { radius_m: number }) | null,
): string | null {
  if (place.lat === null || place.lng === null)
    return siteText({ has_place: false, site_distance_m: null, on_site: null })
  if (!site) return null
  const metres = distanceM({ lat: Number(place.lat), lng: Number(place.lng) }, site)
  return siteText({ has_place: true, site_distance_m: Math.round(metres), on_site: metres <= site.radius_m })
}

/** Five minutes: a device clock off by less says nothing (a phone's clock drifts, networks lag). */
export const CLOCK_SKEW_SHOWN_S = 300

/**
 * A device clock's difference from the server's, in words ('Jam perangkat selisih 2 jam'), or null when it
 * is unknown or under five minutes.
 */
export function clockSkewText(skewS: number | null): string | null {
  if (skewS === null || Math.abs(skewS) < CLOCK_SKEW_SHOWN_S) return null
  const s = Math.abs(skewS)
  const amount =
    s >= 2 * 86_400
      ? `${Math.round(s / 86_400)} hari`
      : s >= 3600
        ? `${Math.round(s / 3600)} jam`
        : `${Math.round(s / 60)} menit`
  return `Jam perangkat selisih ${amount}`
}
