/* A project's contract and site (issue 34), apart from schema.ts to keep it short. */

/** A project's contract and site (migration 023, server/modules/contract); the start day is projects.start_day. */
export type ProjectContractsTable = {
  project_id: number
  number: string | null
  contractor: string | null
  owner: string | null
  /** Whole rupiah (bigint; read back as a number: db/index.ts parses int8). */
  value: number | null
  duration_days: number | null
  site_lat: number | null
  site_lng: number | null
  site_radius_m: number | null
  updated_at: string
  updated_by: number | null
}
