/** Sampah: deleted files, folders and documentation items wait here 30 days before they are gone. */
export const TRASH_DAYS = 30
export const TRASH_KINDS = ['file', 'folder', 'doc'] as const
export type TrashKind = (typeof TRASH_KINDS)[number]

export type TrashItem = {
  kind: TrashKind
  uuid: string
  /** File or folder name; a documentation item's description (shortened). */
  name: string
  /** perencanaan or pengawasan for files and folders; dokumentasi for items. */
  area: string
  deleted_at: string
  deleted_by: { id: number; name: string } | null
  /** When it is removed for good (deleted_at + 30 days). */
  expires_at: string
}

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
export type TrashRestored = { kind: TrashKind; uuid: string; folder: { uuid: string; name: string } | null }
