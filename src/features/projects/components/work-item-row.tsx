import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { type WorkItem, workItemLabel } from '../../../contracts/work-items'
import { errorMessage } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/field'
import { IconChevronDown, IconTrash } from '../../../ui/icons'
import { notify } from '../../../ui/notify'

type Props = {
  item: WorkItem
  index: number
  count: number
  busy: boolean
  onMove: (from: number, to: number) => void
  onSave: (item: { id: number; name: string; code: string }) => Promise<unknown>
  onRemove: (item: WorkItem) => void
}

const hidden = css({ '& label': { srOnly: true } })

/** One work item: its code and name, editable in place, and buttons to move it up or down the list. */
export function WorkItemRow({ item, index, count, busy, onMove, onSave, onRemove }: Props) {
  const [code, setCode] = useState(item.code ?? '')
  const [name, setName] = useState(item.name)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const changed = code.trim() !== (item.code ?? '') || name.trim() !== item.name
  const label = workItemLabel(item)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!changed) return
    setSaving(true)
    try {
      await onSave({ id: item.id, name: name.trim(), code: code.trim() })
      setErrors({})
      notify('success', 'Item pekerjaan berhasil diubah')
    } catch (err) {
      const fields = (err as { errors?: Record<string, string> }).errors
      setErrors(fields ?? {})
      if (!fields) notify('error', errorMessage(err, 'Item pekerjaan gagal diubah'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <li className={css({ py: '2', borderBottomWidth: '1px', borderColor: 'border' })}>
      <form onSubmit={onSubmit} className={hstack({ gap: '2', alignItems: 'flex-start' })}>
        <span
          aria-hidden
          className={css({
            w: '5',
            pt: '2',
            fontSize: 'xs',
            color: 'fgSubtle',
            textAlign: 'right',
            flexShrink: 0,
          })}
        >
          {index + 1}.
        </span>
        <TextField
          label={`Kode ${label}`}
          value={code}
          placeholder="Kode"
          maxLength={20}
          error={errors.code}
          onChange={(e) => setCode(e.target.value)}
          fieldClassName={`${hidden} ${css({ w: '20', flexShrink: 0 })}`}
        />
        <TextField
          label={`Nama ${label}`}
          value={name}
          maxLength={100}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
          fieldClassName={`${hidden} ${css({ flex: '1', minW: '0' })}`}
        />
        {changed ? (
          <Button type="submit" size="md" loading={saving}>
            Simpan
          </Button>
        ) : null}
        <Button
          variant="ghost"
          iconOnly
          aria-label={`Pindahkan ${label} ke atas`}
          title="Ke atas"
          disabled={busy || index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <IconChevronDown className={css({ transform: 'rotate(180deg)' })} />
        </Button>
        <Button
          variant="ghost"
          iconOnly
          aria-label={`Pindahkan ${label} ke bawah`}
          title="Ke bawah"
          disabled={busy || index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <IconChevronDown />
        </Button>
        <Button
          variant="dangerGhost"
          iconOnly
          aria-label={`Hapus ${label}`}
          title="Hapus"
          disabled={busy}
          onClick={() => onRemove(item)}
        >
          <IconTrash />
        </Button>
      </form>
    </li>
  )
}
