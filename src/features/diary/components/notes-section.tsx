import { stack } from 'styled-system/patterns'
import { DIARY_LIMITS, type DiarySections } from '../../../contracts/diary'
import { TextAreaField } from '../../../ui/field'
import { useSectionDraft } from '../use-section-draft'
import { SectionCard } from './parts'

type Notes = DiarySections['notes']
type Local = { problems: string; instructions: string; safety: string; visitors: string }

const FIELDS: ReadonlyArray<{ key: keyof Local; label: string }> = [
  { key: 'problems', label: 'Masalah dan penyebabnya' },
  { key: 'instructions', label: 'Instruksi yang diberikan' },
  { key: 'safety', label: 'Kejadian K3 (keselamatan)' },
  { key: 'visitors', label: 'Tamu / kunjungan' },
]

const toLocal = (saved: Notes): Local => ({
  problems: saved?.problems ?? '',
  instructions: saved?.instructions ?? '',
  safety: saved?.safety ?? '',
  visitors: saved?.visitors ?? '',
})

const clean = (local: Local): Notes => {
  const out: Record<string, string> = {}
  for (const { key } of FIELDS) if (local[key].trim()) out[key] = local[key].trim()
  return out
}

/** Catatan: problems, instructions, safety (K3) and visitors. */
export function NotesSection({
  value,
  pending,
  readOnly,
  onSave,
}: {
  value: Notes
  pending: boolean
  readOnly: boolean
  onSave: (value: Notes) => void
}) {
  const [local, change] = useSectionDraft(value, toLocal, clean, onSave)
  return (
    <SectionCard title="Catatan" pending={pending}>
      <div className={stack({ gap: '3' })}>
        {FIELDS.map((f) => (
          <TextAreaField
            key={f.key}
            label={f.label}
            rows={2}
            value={local[f.key]}
            maxLength={DIARY_LIMITS.note}
            readOnly={readOnly}
            onChange={(e) => change({ ...local, [f.key]: e.target.value })}
          />
        ))}
      </div>
    </SectionCard>
  )
}
