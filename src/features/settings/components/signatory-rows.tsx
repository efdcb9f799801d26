import { css } from 'styled-system/css'
import { grid, hstack, stack } from 'styled-system/patterns'
import { SIGNATORIES_MAX, type Signatory } from '../../../contracts/settings'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/field'
import { IconPlus, IconTrash } from '../../../ui/icons'

type Props = {
  rows: Signatory[]
  errors: Record<string, string>
  onChange: (rows: Signatory[]) => void
}

/** The report's signature block: one row per column ('Disetujui oleh' / name / title), at most four. */
export function SignatoryRows({ rows, errors, onChange }: Props) {
  const set = (i: number, patch: Partial<Signatory>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  return (
    <div className={stack({ gap: '3' })}>
      {rows.map((row, i) => (
        <fieldset
          // Rows have no identity but their place; a removed row takes its fields with it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '3' })}
        >
          <legend className={css({ fontSize: 'xs', color: 'fgMuted', px: '1' })}>Kolom {i + 1}</legend>
          <div
            className={grid({
              gridTemplateColumns: { base: '1fr', md: '1fr 1fr 1fr auto' },
              gap: '3',
              alignItems: 'end',
            })}
          >
            <TextField
              label="Keterangan"
              value={row.label}
              error={errors[`signatories.${i}.label`]}
              placeholder="Disetujui oleh"
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <TextField
              label="Nama"
              value={row.name}
              error={errors[`signatories.${i}.name`]}
              placeholder="Ir. Budi Santoso"
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <TextField
              label="Jabatan"
              value={row.title}
              error={errors[`signatories.${i}.title`]}
              placeholder="Team Leader"
              onChange={(e) => set(i, { title: e.target.value })}
            />
            <Button
              variant="ghost"
              iconOnly
              aria-label={`Hapus kolom ${i + 1}${row.label ? ` (${row.label})` : ''}`}
              title="Hapus kolom"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </Button>
          </div>
        </fieldset>
      ))}
      <div className={hstack({ gap: '3', flexWrap: 'wrap' })}>
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.length >= SIGNATORIES_MAX}
          onClick={() => onChange([...rows, { label: '', name: '', title: '' }])}
        >
          <IconPlus size={16} /> Tambah kolom
        </Button>
        <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>
          {rows.length === 0
            ? 'Tanpa kolom tanda tangan, sampul laporan tidak memuat blok tanda tangan.'
            : `Paling banyak ${SIGNATORIES_MAX} kolom.`}
        </span>
      </div>
    </div>
  )
}
