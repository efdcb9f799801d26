import { useState } from 'react'
import { needsSignalTo } from '../lib/use-online'
import { FormDialog } from './dialog'
import { TextAreaField } from './field'

/** What a reason check answers: the reason as it will be sent (trimmed), or why it cannot be. */
export type ReasonCheck = { note: string } | { error: string }

/**
 * The form every 'Revisi' asks its reason with (issue 30): a documentation item, a changed review,
 * several items at once, a file in perencanaan or pengawasan. One wording and one behaviour: the
 * reason is checked before anything is sent, the count shows as it is typed, the dialog closes only
 * when the caller's send succeeded. The caller brings the rule (its schema), so the part knows none.
 */
export function ReasonDialog({
  open,
  title,
  description,
  placeholder,
  maxLength,
  pending,
  check,
  onClose,
  onSubmit,
}: {
  open: boolean
  title: string
  description?: string
  placeholder: string
  maxLength: number
  pending: boolean
  check: (note: string) => ReasonCheck
  onClose: () => void
  onSubmit: (note: string) => Promise<boolean>
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
      open={open}
      onOpenChange={(o) => {
        if (!o) close()
      }}
      title={title}
      description={description}
      size="sm"
      submitLabel="Kirim Revisi"
      pending={pending}
      needsSignal={needsSignalTo('meninjau')}
      onSubmit={async (e) => {
        e.preventDefault()
        const checked = check(note)
        if ('error' in checked) return setError(checked.error)
        if (await onSubmit(checked.note)) close()
      }}
    >
      <TextAreaField
        label="Catatan revisi"
        name="note"
        required
        autoFocus
        rows={4}
        maxLength={maxLength}
        value={note}
        placeholder={placeholder}
        onChange={(e) => {
          setNote(e.target.value)
          setError(undefined)
        }}
        error={error}
        hint={`${note.trim().length}/${maxLength}`}
      />
    </FormDialog>
  )
}
