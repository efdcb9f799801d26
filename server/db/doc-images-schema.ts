import type { ColumnType, Generated } from 'kysely'
import type { LocationSource } from '../../src/contracts/documentation'

/* The photos of documentation items (migrations 005, 009, 010, 014, 023), apart from schema.ts to keep it short. */

export type DocImagesTable = {
  id: Generated<number>
  uuid: string
  doc_id: number
  name: string
  ext: string
  blob_key: string
  size_bytes: number
  width: number | null
  height: number | null
  position: number
  /** The ~480 px WebP beside the original (public blob), its size, and the EXIF capture time (migration 005). */
  thumb_key: string | null
  thumb_width: number | null
  thumb_height: number | null
  taken_at: string | null
  /** 'ready', 'pending' (its thumbnail job has not run) or 'failed' (would not decode) (migration 009). */
  thumb_state: ColumnType<ThumbState, ThumbState | undefined, ThumbState>
  /** When the server stored it, the stored bytes' SHA-256, where it was taken (migration 010). */
  received_at: ColumnType<string | null, string | null | undefined, string | null>
  sha256: ColumnType<string | null, string | null | undefined, string | null>
  lat: ColumnType<number | null, number | null | undefined, number | null>
  lng: ColumnType<number | null, number | null | undefined, number | null>
  accuracy_m: ColumnType<number | null, number | null | undefined, number | null>
  /** Where lat/lng come from (migration 014): 'exif', 'camera', 'upload' (stored before it), null none. */
  location_source: ColumnType<LocationSource | null, LocationSource | null | undefined, LocationSource | null>
  /** The device's clock minus the server's at upload, seconds (migration 023); null: not sent, or stored before. */
  clock_skew_s: ColumnType<number | null, number | null | undefined, number | null>
  /** The item version it belongs to. */
  version: ColumnType<number, number | undefined, number>
}

export type ThumbState = 'ready' | 'pending' | 'failed'
