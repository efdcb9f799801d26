import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { workItemLabel } from '../../../contracts/work-items'
import { errorMessage } from '../../../lib/api'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { SelectField, TextField } from '../../../ui/field'
import { IconMapPin, IconPencil, IconPlus, IconTrash } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { pill } from '../../../ui/pill'
import { useWorkItemActions } from '../queries'
import { LOCATION_MAX, PROGRESS_PICKS } from '../site'

/** What the upload dialog asks about the item besides photos and text (all optional). */
export type SiteValues = { workItem: string; location: string; progress: string }

export const EMPTY_SITE: SiteValues = { workItem: '', location: '', progress: '' }

/** The values as the request's fields: numbers where set, nothing where left empty. */
export function siteFields(values: SiteValues) {
  const progress = values.progress.trim() === '' ? null : Number(values.progress)
  return {
    work_item_id: values.workItem ? Number(values.workItem) : null,
    location: values.location.trim() || null,
    progress: progress !== null && Number.isInteger(progress) ? progress : null,
  }
}

export function progressError(value: string): string | undefined {
  if (value.trim() === '') return undefined
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 && n <= 100 ? undefined : 'Progres harus bilangan bulat 0 sampai 100'
}

// The app's pill, a little wider so '100 %' does not crowd its border.
const pick = cx(pill, css({ minW: '14' }))

/**
 * 'Item Pekerjaan' (the project's work items; admins may add one here or manage them), 'Lokasi' (free
 * text, one line) and the progress stage (0 %, 50 %, 100 % or any whole number up to 100).
 */
export function SiteFieldset({
  projectId,
  isAdmin,
  values,
  onChange,
  disabled,
}: {
  projectId: number
  isAdmin: boolean
  values: SiteValues
  onChange: (next: SiteValues) => void
  disabled?: boolean
}) {
  const items = useQuery(workItemsQueryOptions(projectId))
  const [manage, setManage] = useState(false)
  const set = (patch: Partial<SiteValues>) => onChange({ ...values, ...patch })
  const options = [
    { value: '', label: items.isPending ? 'Memuat...' : 'Tanpa item pekerjaan' },
    ...(items.data ?? []).map((w) => ({ value: String(w.id), label: workItemLabel(w) })),
  ]
  const pError = progressError(values.progress)

  return (
    <fieldset disabled={disabled} className={stack({ gap: '3' })}>
      <div className={stack({ gap: '1' })}>
        <SelectField
          label="Item Pekerjaan"
          name="work_item"
          value={values.workItem}
          options={options}
          onChange={(e) => set({ workItem: e.target.value })}
          hint={
            items.isError
              ? 'Daftar item pekerjaan belum tersedia di perangkat ini'
              : (items.data?.length ?? 0) === 0 && items.isSuccess
                ? isAdmin
                  ? 'Belum ada item pekerjaan: tambahkan lewat Kelola Item Pekerjaan'
                  : 'Belum ada item pekerjaan di project ini'
                : undefined
          }
        />
        {isAdmin ? (
          <button
            type="button"
            onClick={() => setManage(true)}
            className={css({
              alignSelf: 'flex-start',
              p: '0',
              fontSize: 'xs',
              fontWeight: '600',
              color: 'brand.fg',
              bg: 'transparent',
              border: 'none',
              cursor: 'pointer',
              _hover: { textDecoration: 'underline' },
            })}
          >
            Kelola Item Pekerjaan
          </button>
        ) : null}
      </div>
      <TextField
        label="Lokasi"
        name="location"
        value={values.location}
        maxLength={LOCATION_MAX}
        placeholder="Contoh: Lantai 2 zona B"
        startIcon={<IconMapPin />}
        onChange={(e) => set({ location: e.target.value.replace(/[\r\n]+/g, ' ') })}
        hint={values.location.length > 0 ? `${values.location.length}/${LOCATION_MAX}` : undefined}
      />
      <fieldset className={stack({ gap: '1.5' })}>
        <legend className={css({ fontSize: 'sm', fontWeight: '500', color: 'fg', mb: '1.5' })}>
          Progres
        </legend>
        <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
          {PROGRESS_PICKS.map((p) => (
            <button
              key={p}
              type="button"
              className={pick}
              aria-pressed={values.progress === String(p)}
              onClick={() => set({ progress: values.progress === String(p) ? '' : String(p) })}
            >
              {p} %
            </button>
          ))}
          <label className={hstack({ gap: '1.5', fontSize: 'sm', color: 'fgMuted' })}>
            <span className={css({ srOnly: true })}>Progres (persen)</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={values.progress}
              placeholder="0-100"
              aria-invalid={pError ? true : undefined}
              onChange={(e) => set({ progress: e.target.value })}
              className={cx(
                pick,
                css({ w: '20', cursor: 'text', textAlign: 'right', _placeholder: { color: 'fgSubtle' } }),
              )}
            />
            %
          </label>
        </div>
        {pError ? (
          <p role="alert" className={css({ fontSize: 'xs', color: 'danger.fg', fontWeight: '500' })}>
            {pError}
          </p>
        ) : null}
      </fieldset>
      {isAdmin ? (
        // The choice stays the user's: adding items does not pick the newest one for them.
        <WorkItemsDialog projectId={projectId} open={manage} onClose={() => setManage(false)} />
      ) : null}
    </fieldset>
  )
}

/** 'Kelola Item Pekerjaan' (admins): add, rename and delete the project's work items. */
export function WorkItemsDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: number
  open: boolean
  onClose: () => void
}) {
  const items = useQuery({ ...workItemsQueryOptions(projectId), enabled: open })
  const actions = useWorkItemActions(projectId)
  const [name, setName] = useState('')
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function add() {
    const value = name.trim()
    if (!value) return setError('Nama item pekerjaan harus diisi')
    try {
      const res = await actions.create.mutateAsync(value)
      setName('')
      setError(null)
      notify('success', res.message || 'Item pekerjaan berhasil ditambahkan')
    } catch (err) {
      setError(errorMessage(err, 'Item pekerjaan gagal ditambahkan'))
    }
  }
  async function rename() {
    if (!editing) return
    try {
      await actions.rename.mutateAsync({ id: editing.id, name: editing.name.trim() })
      setEditing(null)
      setError(null)
    } catch (err) {
      setError(errorMessage(err, 'Item pekerjaan gagal diubah'))
    }
  }
  async function remove(id: number) {
    try {
      await actions.remove.mutateAsync(id)
    } catch (err) {
      notify('error', errorMessage(err, 'Item pekerjaan gagal dihapus'))
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title="Kelola Item Pekerjaan"
      description="Item pekerjaan project ini, misalnya Pekerjaan Persiapan, Struktur, Arsitektur, MEP."
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Selesai
        </Button>
      }
    >
      <div className={stack({ gap: '3' })}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            // The dialog is portalled, but React bubbles its submit through the component tree into the
            // upload form around SiteFieldset, which then marked its untouched fields as errors (issue 32).
            e.stopPropagation()
            void add()
          }}
          className={hstack({ gap: '2', alignItems: 'flex-end' })}
        >
          <TextField
            label="Item pekerjaan baru"
            name="work_item_name"
            value={name}
            maxLength={100}
            placeholder="Contoh: Struktur"
            onChange={(e) => setName(e.target.value)}
            fieldClassName={css({ flex: '1' })}
          />
          <Button type="submit" loading={actions.create.isPending} aria-label="Tambah item pekerjaan">
            <IconPlus /> Tambah
          </Button>
        </form>
        {error ? (
          <p role="alert" className={css({ fontSize: 'xs', color: 'danger.fg', fontWeight: '500' })}>
            {error}
          </p>
        ) : null}
        <ul aria-label="Item pekerjaan" className={stack({ gap: '0' })}>
          {(items.data ?? []).map((w) => (
            <li
              key={w.id}
              className={hstack({ gap: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border' })}
            >
              {editing?.id === w.id ? (
                <RenameWorkItem
                  current={w.name}
                  value={editing.name}
                  onChange={(value) => setEditing({ id: w.id, name: value })}
                  onSubmit={() => void rename()}
                  pending={actions.rename.isPending}
                />
              ) : (
                <>
                  <span className={css({ flex: '1', minW: '0', fontSize: 'sm', truncate: true })}>
                    {w.name}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    iconOnly
                    aria-label={`Ganti nama ${w.name}`}
                    onClick={() => setEditing({ id: w.id, name: w.name })}
                  >
                    <IconPencil />
                  </Button>
                  <Button
                    variant="dangerGhost"
                    size="sm"
                    iconOnly
                    aria-label={`Hapus ${w.name}`}
                    onClick={() => remove(w.id)}
                  >
                    <IconTrash />
                  </Button>
                </>
              )}
            </li>
          ))}
          {items.isSuccess && items.data.length === 0 ? (
            <li className={css({ fontSize: 'sm', color: 'fgMuted', py: '2' })}>Belum ada item pekerjaan.</li>
          ) : null}
        </ul>
      </div>
    </Dialog>
  )
}

/** A work item's name in place, with 'Simpan'. */
function RenameWorkItem({
  current,
  value,
  onChange,
  onSubmit,
  pending,
}: {
  /** Its name now, for the field's label. */
  current: string
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  pending: boolean
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        e.stopPropagation()
        onSubmit()
      }}
      className={hstack({ gap: '2', flex: '1' })}
    >
      <TextField
        label={`Nama baru ${current}`}
        name="rename"
        value={value}
        maxLength={100}
        autoFocus
        onChange={(e) => onChange(e.target.value)}
        fieldClassName={css({ flex: '1', '& label': { srOnly: true } })}
      />
      <Button type="submit" size="sm" loading={pending}>
        Simpan
      </Button>
    </form>
  )
}
