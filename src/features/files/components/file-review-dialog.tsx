import { useState } from 'react'
import * as v from 'valibot'
import { REVIEW_NOTE_MAX } from '../../../contracts/documentation'
import type { FileEntry } from '../../../contracts/files'
import { ReviewNoteSchema } from '../../../contracts/review'
import { needsSignalTo } from '../../../lib/use-online'
import { FormDialog } from '../../../ui/dialog'
import { TextAreaField } from '../../../ui/field'

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
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const close = () => {
    setNote('')
    setError(undefined)
    onClose()
  }
  return (
    <FormDialog
      open={file !== null}
      onOpenChange={(o) => {
        if (!o) close()
      }}
      title="Minta Revisi File"
      description={
        file
          ? `Tulis apa yang perlu diperbaiki pada ${file.name}. Pengunggah menerima catatan ini di daftar file dan notifikasinya.`
          : undefined
      }
      size="sm"
      submitLabel="Kirim Revisi"
      pending={pending}
      needsSignal={needsSignalTo('meninjau')}
      onSubmit={async (e) => {
        e.preventDefault()
        if (!file) return
        const checked = v.safeParse(ReviewNoteSchema, note)
        if (!checked.success) return setError(checked.issues[0].message)
        if (await onSubmit(file, checked.output)) close()
      }}
    >
      <TextAreaField
        label="Catatan revisi"
        name="note"
        required
        autoFocus
        rows={4}
        maxLength={REVIEW_NOTE_MAX}
        value={note}
        placeholder="Contoh: Skala denah tidak sesuai, gunakan 1:100 dan lengkapi as kolom"
        onChange={(e) => {
          setNote(e.target.value)
          setError(undefined)
        }}
        error={error}
        hint={`${note.trim().length}/${REVIEW_NOTE_MAX}`}
      />
    </FormDialog>
  )
}
