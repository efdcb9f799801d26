import * as v from 'valibot'
import { MSG, multiLine, ordered } from './common'
import { DOC_MSG, DocSchema, REVIEW_NOTE_MAX, REVIEW_NOTE_MIN } from './documentation'

/*
 * Review of files and documentation items as one thing (issue 30, decision 0069): the same words
 * (SPEC's 'Approve' and 'Revisi', the latter with a reason), the reason required wherever the app sends one, and several
 * documentation items judged at once.
 */

export const REVIEW_MSG = {
  noteRequired: 'Catatan revisi harus diisi',
  bulkEmpty: 'Pilih minimal satu dokumentasi',
  bulkTooMany: (max: number) => `Maksimal ${max} dokumentasi sekali tinjau`,
  bulkDuplicate: 'Dokumentasi yang sama dipilih lebih dari sekali',
  bulkBadStatus: 'Status harus approved atau rejected',
  bulkMissing: (n: number) =>
    n === 1
      ? '1 dokumentasi yang dipilih tidak ditemukan (mungkin sudah dihapus). Muat ulang lalu pilih lagi.'
      : `${n} dokumentasi yang dipilih tidak ditemukan (mungkin sudah dihapus). Muat ulang lalu pilih lagi.`,
  bulkApproved: (n: number) => `${n} dokumentasi disetujui`,
  bulkRejected: (n: number) => `${n} dokumentasi dikembalikan untuk revisi`,
  bulkNothing: 'Semua dokumentasi yang dipilih sudah berstatus ini',
  changed: 'Review diubah',
} as const

/** Items in one bulk review: a screenful of selected cards and then some, one transaction. */
export const REVIEW_BULK_MAX = 100

/** The reason of a 'Revisi', required (the app always asks for it; the single review's API keeps it optional). */
export const ReviewNoteSchema = ordered(
  v.pipe(
    v.string(REVIEW_MSG.noteRequired),
    v.trim(),
    v.nonEmpty(REVIEW_MSG.noteRequired),
    v.maxLength(REVIEW_NOTE_MAX, DOC_MSG.noteLong),
    v.minLength(REVIEW_NOTE_MIN, DOC_MSG.noteShort),
    multiLine(),
  ),
)

const BulkFields = v.object(
  {
    uuids: ordered(
      v.pipe(
        v.array(v.pipe(v.string(DOC_MSG.notFound), v.maxLength(64, DOC_MSG.notFound)), REVIEW_MSG.bulkEmpty),
        v.minLength(1, REVIEW_MSG.bulkEmpty),
        v.maxLength(REVIEW_BULK_MAX, REVIEW_MSG.bulkTooMany(REVIEW_BULK_MAX)),
        v.check((ids) => new Set(ids).size === ids.length, REVIEW_MSG.bulkDuplicate),
      ),
    ),
    status: v.picklist(['approved', 'rejected'], REVIEW_MSG.bulkBadStatus),
    note: v.optional(v.nullable(ReviewNoteSchema)),
  },
  MSG.validation,
)
type BulkInput = v.InferOutput<typeof BulkFields>

/**
 * PATCH /api/doc/{slug}/status-bulk: `{ uuids, status, note? }`. 'rejected' needs the reason (it reaches
 * every uploader); with 'approved' a note is ignored.
 */
export const DocBulkReviewSchema = v.pipe(
  BulkFields,
  v.forward<BulkInput, v.CheckIssue<BulkInput>, ['note']>(
    v.check<BulkInput, string>((b) => b.status !== 'rejected' || !!b.note, REVIEW_MSG.noteRequired),
    ['note'] as never,
  ),
)
export type DocBulkReviewInput = v.InferInput<typeof DocBulkReviewSchema>

/**
 * The answer: the items whose review changed, as the list shows them, and the uuids that already had
 * this status (and this reason), left as they were.
 */
export const DocBulkReviewResultSchema = v.object({
  docs: v.array(DocSchema),
  unchanged: v.array(v.string()),
})
export type DocBulkReviewResult = v.InferOutput<typeof DocBulkReviewResultSchema>
