import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { ContractSite } from '../../../src/contracts/contract'
import { distanceM, outsideTerm } from '../../../src/contracts/geo'
import type { DB } from '../../db/schema'

/*
 * A photo's place against its project's site (issue 34, decision 0088): computed when read, from the
 * site as it is now (project_contracts, kept by server/modules/contract), never stored, so photos stored
 * before a site was set get their distance once it is. The card's words and the 'Di luar lokasi' filter
 * use the same haversine term (src/contracts/geo.ts), so they agree on every photo.
 */

type SiteColumns = { site_lat: number | null; site_lng: number | null; site_radius_m: number | null }

/** The project's site, or null when none is set. */
export async function projectSite(db: Kysely<DB>, projectId: number): Promise<ContractSite | null> {
  const row = await db
    .selectFrom('project_contracts')
    .select(['site_lat', 'site_lng', 'site_radius_m'])
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return row ? siteFrom(row) : null
}

export function siteFrom(row: SiteColumns): ContractSite | null {
  if (row.site_lat === null || row.site_lng === null || row.site_radius_m === null) return null
  return { lat: Number(row.site_lat), lng: Number(row.site_lng), radius_m: Number(row.site_radius_m) }
}

/** A photo's distance from the site in whole metres and whether it lies within the radius; nulls when unknown. */
export function photoSite(
  photo: { lat: number | null; lng: number | null },
  site: ContractSite | null,
): { site_distance_m: number | null; on_site: boolean | null } {
  if (!site || photo.lat === null || photo.lng === null) return { site_distance_m: null, on_site: null }
  const metres = distanceM({ lat: Number(photo.lat), lng: Number(photo.lng) }, site)
  return { site_distance_m: Math.round(metres), on_site: metres <= site.radius_m }
}

const HALF_RAD = Math.PI / 360
const RAD = Math.PI / 180
const real = (x: number) => sql<number>`cast(${x} as double precision)`

/**
 * True for a photo with a place outside `site`: the haversine term of src/contracts/geo.ts in SQL (sin and
 * cos exist on both databases: SQLite's math functions, PostgreSQL's own), compared with the term at the
 * radius, so no square root or arcsine is needed.
 */
export function outsideSite(eb: ExpressionBuilder<DB, 'doc_images'>, site: ContractSite) {
  const halfLat = sql<number>`sin((doc_images.lat - ${real(site.lat)}) * ${real(HALF_RAD)})`
  const halfLng = sql<number>`sin((doc_images.lng - ${real(site.lng)}) * ${real(HALF_RAD)})`
  const term = sql<number>`(${halfLat} * ${halfLat} + ${real(Math.cos(site.lat * RAD))} * cos(doc_images.lat * ${real(RAD)}) * ${halfLng} * ${halfLng})`
  return eb.and([
    eb('doc_images.lat', 'is not', null),
    eb('doc_images.lng', 'is not', null),
    eb(term, '>', real(outsideTerm(site.radius_m))),
  ])
}
