import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { grid, stack } from 'styled-system/patterns'
import { DIARY_LIMITS, type DiarySections } from '../../../contracts/diary'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { SelectField, TextAreaField, TextField } from '../../../ui/field'
import { useSectionDraft } from '../use-section-draft'
import { parseDecimal } from './equipment-section'
import { AddRowButton, RowRemove, rowKey, SectionCard } from './parts'

type Work = DiarySections['work']
type Row = {
  key: string
  work_item_id: string
  description: string
  volume: string
  unit: string
  progress: string
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','))
const toLocal = (saved: Work): Row[] =>
  (saved ?? []).map((r) => ({
    key: rowKey(),
    work_item_id: r.work_item_id ? String(r.work_item_id) : '',
    description: r.description,
    volume: text(r.volume),
    unit: r.unit ?? '',
    progress: text(r.progress),
  }))

/** A row is stored once it has a description. */
const clean = (rows: Row[]): Work => {
  const kept = rows.flatMap((r) => {
    if (!r.description.trim()) return []
    const volume = parseDecimal(r.volume)
    const progress = parseDecimal(r.progress)
    const id = Number(r.work_item_id)
    return [
      {
        ...(Number.isInteger(id) && id > 0 ? { work_item_id: id } : {}),
        description: r.description.trim(),
        ...(volume === undefined ? {} : { volume }),
        ...(r.unit.trim() ? { unit: r.unit.trim() } : {}),
        ...(progress === undefined ? {} : { progress: Math.min(progress, 100) }),
      },
    ]
  })
  return kept
}

/** Pekerjaan: per work item of the project, what was done, its volume and progress. */
export function WorkSection({
  projectId,
  value,
  pending,
  readOnly,
  onSave,
}: {
  projectId: number
  value: Work
  pending: boolean
  readOnly: boolean
  onSave: (value: Work) => void
}) {
  const [rows, change] = useSectionDraft(value, toLocal, clean, onSave)
  // The project's work items (Pengaturan Proyek), as the documentation pickers read them; offline, the copy kept.
  const items = useQuery(workItemsQueryOptions(projectId)).data ?? []
  const options = items.map((w) => ({ value: String(w.id), label: w.name }))
  const set = (i: number, patch: Partial<Row>) =>
    change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <SectionCard title="Pekerjaan" pending={pending}>
      {rows.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>Belum ada pekerjaan dicatat.</p>
      ) : null}
      <ul className={stack({ gap: '4' })} aria-label="Pekerjaan">
        {rows.map((r, i) => (
          <li
            key={r.key}
            className={stack({ gap: '2', pb: '3', borderBottomWidth: '1px', borderColor: 'border' })}
          >
            {options.length ? (
              <SelectField
                label="Item pekerjaan"
                options={options}
                placeholder="Tanpa item pekerjaan"
                value={r.work_item_id}
                disabled={readOnly}
                onChange={(e) => {
                  const name = items.find((w) => String(w.id) === e.target.value)?.name ?? ''
                  set(i, { work_item_id: e.target.value, description: r.description || name })
                }}
              />
            ) : null}
            <TextAreaField
              label="Uraian pekerjaan"
              rows={2}
              value={r.description}
              maxLength={DIARY_LIMITS.note}
              readOnly={readOnly}
              onChange={(e) => set(i, { description: e.target.value })}
            />
            <div className={grid({ columns: 3, gap: '2' })}>
              <TextField
                label="Volume"
                inputMode="decimal"
                value={r.volume}
                readOnly={readOnly}
                onChange={(e) => set(i, { volume: e.target.value })}
              />
              <TextField
                label="Satuan"
                value={r.unit}
                maxLength={DIARY_LIMITS.unit}
                readOnly={readOnly}
                onChange={(e) => set(i, { unit: e.target.value })}
              />
              <TextField
                label="Progres %"
                inputMode="decimal"
                value={r.progress}
                readOnly={readOnly}
                onChange={(e) => set(i, { progress: e.target.value })}
              />
            </div>
            {readOnly ? null : (
              <RowRemove label="Hapus pekerjaan" onClick={() => change(rows.filter((_, j) => j !== i))} />
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <AddRowButton
          label="Tambah pekerjaan"
          onClick={() =>
            change([
              ...rows,
              { key: rowKey(), work_item_id: '', description: '', volume: '', unit: '', progress: '' },
            ])
          }
        />
      )}
    </SectionCard>
  )
}
