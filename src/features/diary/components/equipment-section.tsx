import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { flex, grid, stack } from 'styled-system/patterns'
import {
  DIARY_LIMITS,
  type DiarySections,
  EQUIPMENT_CONDITIONS,
  EQUIPMENT_LABELS,
} from '../../../contracts/diary'
import { TextField } from '../../../ui/field'
import { useSectionDraft } from '../use-section-draft'
import { AddRowButton, Chips, RowRemove, rowKey, SectionCard, Stepper } from './parts'

type Equipment = DiarySections['equipment']
type Row = { key: string; name: string; count: number; condition: 'baik' | 'rusak'; hours: string }

const OPTIONS = EQUIPMENT_CONDITIONS.map((c) => ({ value: c, label: EQUIPMENT_LABELS[c] }))

const toLocal = (saved: Equipment): Row[] =>
  (saved ?? []).map((r) => ({
    ...r,
    key: rowKey(),
    hours: r.hours === undefined ? '' : String(r.hours).replace('.', ','),
  }))

/** A decimal as typed on an Indonesian phone ('1,5'); empty or not a number: undefined. */
export function parseDecimal(text: string): number | undefined {
  const n = Number(text.trim().replace(',', '.'))
  return text.trim() === '' || !Number.isFinite(n) || n < 0 ? undefined : n
}

/** Rows without a name are still being written and wait. */
const clean = (rows: Row[]): Equipment => {
  const kept = rows
    .filter((r) => r.name.trim() !== '')
    .map((r) => {
      const hours = parseDecimal(r.hours)
      return {
        name: r.name.trim(),
        count: r.count,
        condition: r.condition,
        ...(hours === undefined ? {} : { hours: Math.min(hours, DIARY_LIMITS.hours) }),
      }
    })
  return kept
}

/** Peralatan: name, count, baik/rusak and the hours it worked. */
export function EquipmentSection({
  value,
  pending,
  readOnly,
  onSave,
  action,
}: {
  value: Equipment
  pending: boolean
  readOnly: boolean
  onSave: (value: Equipment) => void
  action?: ReactNode
}) {
  const [rows, change] = useSectionDraft(value, toLocal, clean, onSave)
  const set = (i: number, patch: Partial<Row>) =>
    change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <SectionCard title="Peralatan" pending={pending} action={action}>
      {rows.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>Belum ada peralatan.</p>
      ) : null}
      <ul className={stack({ gap: '4' })} aria-label="Peralatan">
        {rows.map((r, i) => (
          <li
            key={r.key}
            className={stack({ gap: '2', pb: '3', borderBottomWidth: '1px', borderColor: 'border' })}
          >
            <TextField
              label="Nama alat"
              value={r.name}
              maxLength={DIARY_LIMITS.name}
              readOnly={readOnly}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <div className={flex({ align: 'center', justify: 'space-between', gap: '3', wrap: 'wrap' })}>
              <span className={css({ fontSize: 'sm' })}>Jumlah</span>
              <Stepper
                label={`jumlah ${r.name || 'alat'}`}
                value={r.count}
                disabled={readOnly}
                onChange={(count) => set(i, { count })}
              />
            </div>
            <div className={grid({ columns: 2, gap: '2', alignItems: 'end' })}>
              <Chips
                label={`Kondisi ${r.name}`}
                options={OPTIONS}
                value={r.condition}
                disabled={readOnly}
                onChange={(condition) => set(i, { condition })}
              />
              <TextField
                label="Jam kerja"
                inputMode="decimal"
                value={r.hours}
                readOnly={readOnly}
                onChange={(e) => set(i, { hours: e.target.value })}
              />
            </div>
            {readOnly ? null : (
              <RowRemove
                label={`Hapus ${r.name || 'alat'}`}
                onClick={() => change(rows.filter((_, j) => j !== i))}
              />
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <AddRowButton
          label="Tambah alat"
          onClick={() =>
            change([...rows, { key: rowKey(), name: '', count: 1, condition: 'baik', hours: '' }])
          }
        />
      )}
    </SectionCard>
  )
}
