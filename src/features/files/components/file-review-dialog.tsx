import * as v from 'valibot'
import { REVIEW_NOTE_MAX } from '../../../contracts/documentation'
import type { FileEntry } from '../../../contracts/files'
import { ReviewNoteSchema } from '../../../contracts/review'
import { type ReasonCheck, ReasonDialog } from '../../../ui/reason-dialog'

function checkNote(note: string): ReasonCheck {
  const checked = v.safeParse(ReviewNoteSchema, note)
  return checked.success ? { note: checked.output } : { error: checked.issues[0].message }
}

/**
 * 'Revisi' on a file asks why, as on a documentation photo (issue 30): a drawing sent back without a
 * comment tells Tim Perencanaan nothing. The uploader reads the reason in the list and the notification.
 */
export function FileReviewNoteDialog({
  file,
  pending,
  onClose,
  onSubmit,
}: {
  file: FileEntry | null
  pending: boolean
  onClose: () => void
  onSubmit: (file: FileEntry, note: string) => Promise<boolean>
}) {
  return (
    <ReasonDialog
      open={file !== null}
      title="Minta Revisi File"
      description={
        file
          ? `Tulis apa yang perlu diperbaiki pada ${file.name}. Pengunggah menerima catatan ini di daftar file dan notifikasinya.`
          : undefined
      }
      placeholder="Contoh: Skala denah tidak sesuai, gunakan 1:100 dan lengkapi as kolom"
      maxLength={REVIEW_NOTE_MAX}
      pending={pending}
      check={checkNote}
      onClose={onClose}
      onSubmit={(note) => (file ? onSubmit(file, note) : Promise.resolve(false))}
    />
  )
}
