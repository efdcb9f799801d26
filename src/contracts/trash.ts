import * as v from 'valibot'
import { PersonRefSchema } from './common'

/** Sampah: deleted files, folders and documentation items wait here 30 days before they are gone. */
export const TRASH_DAYS = 30
export const TRASH_KINDS = ['file', 'folder', 'doc'] as const
export type TrashKind = (typeof TRASH_KINDS)[number]

export const TrashItemSchema = v.object({
  kind: v.picklist(TRASH_KINDS),
  uuid: v.string(),
  /** File or folder name; a documentation item's description (shortened). */
  name: v.string(),
  /** perencanaan or pengawasan for files and folders; dokumentasi for items. */
  area: v.string(),
  deleted_at: v.string(),
  deleted_by: v.nullable(PersonRefSchema),
  /** When it is removed for good (deleted_at + 30 days). */
  expires_at: v.string(),
})
export type TrashItem = v.InferOutput<typeof TrashItemSchema>

export const TRASH_MSG = {
  listed: 'Isi sampah',
  restored: 'Berhasil dipulihkan',
  purged: 'Dihapus permanen',
  notFound: 'Item tidak ada di sampah',
  parentGone: 'Folder asalnya sudah tidak ada: dipulihkan ke akar area',
  nameTaken: 'Nama folder sudah dipakai di tempat asalnya. Ganti nama folder yang ada lalu pulihkan lagi',
  badKind: 'Jenis item sampah tidak dikenal',
} as const

/** The answer of a restore: where the item is now (its folder, or null at the area's root). */
export const TrashRestoredSchema = v.object({
  kind: v.picklist(TRASH_KINDS),
  uuid: v.string(),
  folder: v.nullable(v.object({ uuid: v.string(), name: v.string() })),
})
export type TrashRestored = v.InferOutput<typeof TrashRestoredSchema>
