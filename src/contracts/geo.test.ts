import { describe, expect, it } from 'vitest'
import {
  clockSkewText,
  distanceLabel,
  distanceM,
  haversineTerm,
  outsideTerm,
  siteText,
  siteWords,
} from './geo'

describe('geo (issue 34)', () => {
  it('measures great-circle distances', () => {
    // One degree of latitude is ~111.2 km on the mean sphere.
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1)
    expect(distanceM({ lat: -6.2, lng: 106.8 }, { lat: -6.2, lng: 106.8 })).toBe(0)
    // Antipodes: half the circumference, no NaN from rounding past 1.
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0)
  })

  it('the outside term agrees with the distance at the radius', () => {
    const site = { lat: -6.175392, lng: 106.827153 }
    const inside = { lat: -6.1745, lng: 106.827153 }
    const d = distanceM(site, inside)
    expect(haversineTerm(site, inside) > outsideTerm(d + 0.5)).toBe(false)
    expect(haversineTerm(site, inside) > outsideTerm(d - 0.5)).toBe(true)
  })

  it('writes distances the Indonesian way', () => {
    expect(distanceLabel(0)).toBe('0 m')
    expect(distanceLabel(850.4)).toBe('850 m')
    expect(distanceLabel(999.6)).toBe('1,0 km')
    expect(distanceLabel(3_400)).toBe('3,4 km')
    expect(distanceLabel(9_960)).toBe('10 km')
    expect(distanceLabel(12_345)).toBe('12 km')
  })

  it('says where a photo was and how far the clock was off', () => {
    expect(siteText({ has_place: false, site_distance_m: null, on_site: null })).toBe('Tanpa lokasi')
    expect(siteText({ has_place: true, site_distance_m: null, on_site: null })).toBeNull()
    expect(siteText({ has_place: true, site_distance_m: 120, on_site: true })).toBe('Di lokasi')
    expect(siteText({ has_place: true, site_distance_m: 3_412, on_site: false })).toBe(
      'Di luar lokasi: 3,4 km dari proyek',
    )
    expect(siteWords({ lat: null, lng: null }, null)).toBe('Tanpa lokasi')
    expect(siteWords({ lat: -6.2, lng: 106.8 }, null)).toBeNull()
    expect(clockSkewText(null)).toBeNull()
    expect(clockSkewText(299)).toBeNull()
    expect(clockSkewText(-300)).toBe('Jam perangkat selisih 5 menit')
    expect(clockSkewText(7_200)).toBe('Jam perangkat selisih 2 jam')
    expect(clockSkewText(-3 * 86_400)).toBe('Jam perangkat selisih 3 hari')
  })
})
