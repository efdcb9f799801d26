import * as v from 'valibot'

/* The reason a 'Revisi' asks for (apart from site.ts, so the viewer and the project route load no valibot). */

export const REVIEW_NOTE_MIN = 3
export const REVIEW_NOTE_MAX = 500

export const REVIEW_NOTE_MSG = {
  required: 'Catatan revisi harus diisi',
  short: `Catatan revisi terlalu pendek (min. ${REVIEW_NOTE_MIN} karakter)`,
  long: `Catatan revisi terlalu panjang (maks. ${REVIEW_NOTE_MAX} karakter)`,
} as const

/** 'Revisi' asks why: 3-500 characters once trimmed. */
export const ReviewNoteSchema = v.object({
  note: v.pipe(
    v.string(REVIEW_NOTE_MSG.required),
    v.trim(),
    v.nonEmpty(REVIEW_NOTE_MSG.required),
    v.minLength(REVIEW_NOTE_MIN, REVIEW_NOTE_MSG.short),
    v.maxLength(REVIEW_NOTE_MAX, REVIEW_NOTE_MSG.long),
  ),
})
