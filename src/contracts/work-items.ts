import * as v from 'valibot'
import { MSG, ordered, requiredText, singleLine } from './common'

/** A project's work items ('Item Pekerjaan': Pekerjaan Persiapan, Struktur, Arsitektur, MEP...). */
export type WorkItem = { id: number; name: string }

export const WORK_ITEM_NAME_MAX = 100

export const WORK_ITEM_MSG = {
  listed: 'Daftar item pekerjaan',
  created: 'Item pekerjaan berhasil ditambahkan',
  updated: 'Item pekerjaan berhasil diubah',
  deleted: 'Item pekerjaan berhasil dihapus',
  notFound: 'Item pekerjaan tidak ditemukan',
  nameRequired: 'Nama item pekerjaan harus diisi',
  nameLong: 'Nama item pekerjaan terlalu panjang (maks. 100 karakter)',
  duplicate: 'Item pekerjaan dengan nama ini sudah ada',
} as const

export const WorkItemSchema = v.object(
  {
    name: ordered(
      v.pipe(
        requiredText(WORK_ITEM_MSG.nameRequired),
        v.maxLength(WORK_ITEM_NAME_MAX, WORK_ITEM_MSG.nameLong),
        singleLine(),
      ),
    ),
  },
  MSG.validation,
)
export type WorkItemInput = v.InferInput<typeof WorkItemSchema>
