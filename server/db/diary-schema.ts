import type { Generated } from 'kysely'

/* The diary's tables (migration 024, server/modules/diary), kept beside schema.ts's DB. */

/** Laporan Harian (migration 024, server/modules/diary): one row per project and firm day once written. */
export type DiaryDaysTable = {
  id: Generated<number>
  project_id: number
  day: string
  status: string
  version: number
  revision: number
  /** JSON of the sections. */
  sections: string
  /** JSON { section: the day's version at which it last changed }. */
  section_versions: string
  /** JSON { section: { by: name, at: ISO time } }: who last changed each section (a clash names them). */
  section_authors: Generated<string>
  hash: string | null
  returned_note: string | null
  revision_reason: string | null
  created_at: string
  updated_at: string
  updated_by: number | null
  updated_by_name: string
}

/** A signature of one revision of a diary day, in one role (migration 024). */
export type DiarySignaturesTable = {
  id: Generated<number>
  diary_id: number
  revision: number
  role: string
  name: string
  position: string
  user_id: number | null
  image: string
  hash: string
  ip: string
  signed_at: string
}

/** A signed diary revision superseded by a correction (migration 024). */
export type DiaryVersionsTable = {
  id: Generated<number>
  diary_id: number
  revision: number
  sections: string
  hash: string
  superseded_at: string
  superseded_by: number | null
  reason: string
}

/** The contractor's sign link '/t/{token}' (migration 024): the token's sha256 only. */
export type DiarySignLinksTable = {
  id: Generated<number>
  diary_id: number
  token_hash: string
  revision: number
  hash: string
  phone: string | null
  created_by: number | null
  created_at: string
  expires_at: string
  revoked_at: string | null
  used_at: string | null
  decision: string | null
}
