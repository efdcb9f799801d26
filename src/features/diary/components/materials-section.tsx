import { css } from 'styled-system/css'
import { grid, stack } from 'styled-system/patterns'
import { DIARY_LIMITS, type DiarySections } from '../../../contracts/diary'
import { TextField } from '../../../ui/field'
import { useSectionDraft } from '../use-section-draft'
import { parseDecimal } from './equipment-section'
import { AddRowButton, Chips, RowRemove, rowKey, SectionCard } from './parts'

type Materials = DiarySections['materials']
type Row = {
  key: string
  name: string
  quantity: string
  unit: string
  accepted: 'ya' | 'tidak'
  note: string
}

const OPTIONS = [
  { value: 'ya', label: 'Diterima' },
  { value: 'tidak', label: 'Ditolak' },
] as const

const toLocal = (saved: Materials): Row[] =>
  (saved ?? []).map((r) => ({
    key: rowKey(),
    name: r.name,
    quantity: String(r.quantity).replace('.', ','),
    unit: r.unit,
    accepted: r.accepted ? 'ya' : 'tidak',
    note: r.note ?? '',
  }))

/** A row is stored once it has a name, a quantity and a unit. */
const clean = (rows: Row[]): Materials => {
  const kept = rows.flatMap((r) => {
    const quantity = parseDecimal(r.quantity)
    if (!r.name.trim() || !r.unit.trim() || quantity === undefined) return []
    const note = r.note.trim()
    return [
      {
        name: r.name.trim(),
        quantity,
        unit: r.unit.trim(),
        accepted: r.accepted === 'ya',
        ...(note ? { note } : {}),
      },
    ]
  })
  return kept
}

/** Bahan: what arrived on site, how much, accepted or refused, and a note. */
export function MaterialsSection({
  value,
  pending,
  readOnly,
  onSave,
}: {
  value: Materials
  pending: boolean
  readOnly: boolean
  onSave: (value: Materials) => void
}) {
  const [rows, change] = useSectionDraft(value, toLocal, clean, onSave)
  const set = (i: number, patch: Partial<Row>) =>
    change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <SectionCard title="Bahan" pending={pending}>
      {rows.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>Belum ada bahan masuk.</p>
      ) : null}
      <ul className={stack({ gap: '4' })} aria-label="Bahan">
        {rows.map((r, i) => (
          <li
            key={r.key}
            className={stack({ gap: '2', pb: '3', borderBottomWidth: '1px', borderColor: 'border' })}
          >
            <TextField
              label="Nama bahan"
              value={r.name}
              maxLength={DIARY_LIMITS.name}
              readOnly={readOnly}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <div className={grid({ columns: 2, gap: '2' })}>
              <TextField
                label="Jumlah"
                inputMode="decimal"
                value={r.quantity}
                readOnly={readOnly}
                onChange={(e) => set(i, { quantity: e.target.value })}
              />
              <TextField
                label="Satuan"
                value={r.unit}
                maxLength={DIARY_LIMITS.unit}
                readOnly={readOnly}
                onChange={(e) => set(i, { unit: e.target.value })}
              />
            </div>
            <Chips
              label={`Penerimaan ${r.name}`}
              options={OPTIONS}
              value={r.accepted}
              disabled={readOnly}
              onChange={(accepted) => set(i, { accepted })}
            />
            <TextField
              label="Catatan (opsional)"
              value={r.note}
              maxLength={DIARY_LIMITS.note}
              readOnly={readOnly}
              onChange={(e) => set(i, { note: e.target.value })}
            />
            {readOnly ? null : (
              <RowRemove
                label={`Hapus ${r.name || 'bahan'}`}
                onClick={() => change(rows.filter((_, j) => j !== i))}
              />
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <AddRowButton
          label="Tambah bahan"
          onClick={() =>
            change([...rows, { key: rowKey(), name: '', quantity: '', unit: '', accepted: 'ya', note: '' }])
          }
        />
      )}
    </SectionCard>
  )
}
