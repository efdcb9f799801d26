import { css } from 'styled-system/css'
import {
  type DiarySection,
  type DiarySections,
  EQUIPMENT_LABELS,
  WEATHER_LABELS,
} from '../../../contracts/diary'

const num = (n: number | undefined) => (n === undefined ? '' : n.toLocaleString('id-ID'))

/** One section as lines of text: a clash shows both copies so, and a signed day reads so. */
export function sectionLines(section: DiarySection, value: unknown): string[] {
  const v = value as DiarySections[DiarySection]
  if (v === undefined || v === null) return ['(kosong)']
  switch (section) {
    case 'weather': {
      const w = v as NonNullable<DiarySections['weather']>
      return [
        ...w.blocks.map(
          (b) => `${b.from.replace(':', '.')}–${b.to.replace(':', '.')}: ${WEATHER_LABELS[b.condition]}`,
        ),
        `Jam hilang karena hujan: ${num(w.lost_hours)}`,
      ]
    }
    case 'manpower':
      return (v as NonNullable<DiarySections['manpower']>).map((r) => `${r.trade}: ${num(r.count)} orang`)
    case 'equipment':
      return (v as NonNullable<DiarySections['equipment']>).map(
        (r) =>
          `${r.name}: ${num(r.count)} unit, ${EQUIPMENT_LABELS[r.condition]}${r.hours === undefined ? '' : `, ${num(r.hours)} jam`}`,
      )
    case 'materials':
      return (v as NonNullable<DiarySections['materials']>).map(
        (r) =>
          `${r.name}: ${num(r.quantity)} ${r.unit}, ${r.accepted ? 'diterima' : 'ditolak'}${r.note ? ` (${r.note})` : ''}`,
      )
    case 'work':
      return (v as NonNullable<DiarySections['work']>).map(
        (r) =>
          `${r.description}${r.volume === undefined ? '' : ` · ${num(r.volume)} ${r.unit ?? ''}`}${r.progress === undefined ? '' : ` · ${num(r.progress)}%`}`,
      )
    case 'notes': {
      const n = v as NonNullable<DiarySections['notes']>
      const labels = {
        problems: 'Masalah',
        instructions: 'Instruksi',
        safety: 'K3',
        visitors: 'Tamu',
      } as const
      return (Object.keys(labels) as Array<keyof typeof labels>).flatMap((k) =>
        n[k] ? [`${labels[k]}: ${n[k]}`] : [],
      )
    }
  }
}

export function SectionSummary({
  section,
  value,
  label,
}: {
  section: DiarySection
  value: unknown
  label?: string
}) {
  return (
    <div className={css({ minW: '0' })}>
      {label ? (
        <p className={css({ fontSize: 'xs', fontWeight: '600', color: 'fgMuted', mb: '1' })}>{label}</p>
      ) : null}
      <ul className={css({ fontSize: 'sm', listStyle: 'none', wordBreak: 'break-word' })}>
        {sectionLines(section, value).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of text in a fixed order
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  )
}
