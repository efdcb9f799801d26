import * as v from 'valibot'
import { MSG, ordered, requiredText, singleLine } from './common'
import { idNumber } from './ids'

/**
 * A project's work items ('Item Pekerjaan': Pekerjaan Persiapan, Struktur, Arsitektur, MEP...), listed in
 * the order admins give them (bill-of-quantities order, issue 30), each with its optional number in that
 * bill ('I.1', 'A.2').
 */
/** A work item as the calls answer it (WorkItemSchema below is what a create or an edit sends). */
export const WorkItemViewSchema = v.object({ id: v.number(), name: v.string(), code: v.nullable(v.string()) })
export type WorkItem = v.InferOutput<typeof WorkItemViewSchema>

/** 'I.1 Pekerjaan Persiapan', or the name alone: how lists, filters and the report name an item. */
export const workItemLabel = (item: { name: string; code?: string | null }) =>
  item.code ? `${item.code} ${item.name}` : item.name

export const WORK_ITEM_NAME_MAX = 100
export const WORK_ITEM_CODE_MAX = 20
/** More than any bill of quantities has; bounds the order call. */
export const WORK_ITEMS_MAX = 500

export const WORK_ITEM_MSG = {
  listed: 'Daftar item pekerjaan',
  created: 'Item pekerjaan berhasil ditambahkan',
  updated: 'Item pekerjaan berhasil diubah',
  deleted: 'Item pekerjaan berhasil dihapus',
  notFound: 'Item pekerjaan tidak ditemukan',
  nameRequired: 'Nama item pekerjaan harus diisi',
  nameLong: 'Nama item pekerjaan terlalu panjang (maks. 100 karakter)',
  duplicate: 'Item pekerjaan dengan nama ini sudah ada',
  codeLong: `Kode terlalu panjang (maks. ${WORK_ITEM_CODE_MAX} karakter)`,
  codeFormat: 'Kode hanya boleh berisi huruf, angka, titik, tanda hubung dan garis miring (mis. I.1)',
  ordered: 'Urutan item pekerjaan berhasil disimpan',
  orderIds: 'Daftar urutan tidak valid',
  orderMismatch:
    'Urutan harus memuat setiap item pekerjaan project tepat satu kali. Muat ulang lalu coba lagi.',
} as const

/** The code: optional; absent keeps the stored one on a change, '' clears it. */
const code = v.optional(
  ordered(
    v.pipe(
      v.string(WORK_ITEM_MSG.codeFormat),
      v.trim(),
      v.maxLength(WORK_ITEM_CODE_MAX, WORK_ITEM_MSG.codeLong),
      v.regex(/^[\p{L}\p{N}.\-/]*$/u, WORK_ITEM_MSG.codeFormat),
    ),
  ),
)

export const WorkItemSchema = v.object(
  {
    name: ordered(
      v.pipe(
        requiredText(WORK_ITEM_MSG.nameRequired),
        v.maxLength(WORK_ITEM_NAME_MAX, WORK_ITEM_MSG.nameLong),
        singleLine(),
      ),
    ),
    code,
  },
  MSG.validation,
)

/** PUT /work-items/order: every one of the project's items, once each, in the new order. */
export const WorkItemOrderSchema = v.object(
  {
    ids: ordered(
      v.pipe(
        v.array(idNumber(WORK_ITEM_MSG.orderIds), WORK_ITEM_MSG.orderIds),
        v.maxLength(WORK_ITEMS_MAX, WORK_ITEM_MSG.orderIds),
      ),
    ),
  },
  MSG.validation,
)
export type WorkItemInput = v.InferInput<typeof WorkItemSchema>
