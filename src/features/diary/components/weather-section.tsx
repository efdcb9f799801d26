import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import {
  type DiarySections,
  WEATHER_CONDITIONS,
  WEATHER_LABELS,
  type WeatherCondition,
} from '../../../contracts/diary'
import { defaultWeatherBlocks } from '../diary-state'
import { useSectionDraft } from '../use-section-draft'
import { Chips, SectionCard, Stepper } from './parts'

type Weather = DiarySections['weather']
type Block = { from: string; to: string; condition: WeatherCondition | null }
type Local = { blocks: Block[]; lost_hours: number }

const OPTIONS = WEATHER_CONDITIONS.map((c) => ({ value: c, label: WEATHER_LABELS[c] }))
const clock = (t: string) => t.replace(':', '.')

function toLocal(saved: Weather): Local {
  const blocks: Block[] = defaultWeatherBlocks().map((b) => ({ ...b, condition: null }))
  // The stored blocks in their place; a block with other hours keeps its own row.
  for (const b of saved?.blocks ?? []) {
    const same = blocks.find((x) => x.from === b.from && x.to === b.to)
    if (same) same.condition = b.condition
    else blocks.push({ ...b })
  }
  blocks.sort((a, b) => a.from.localeCompare(b.from))
  return { blocks, lost_hours: saved?.lost_hours ?? 0 }
}

/** Only the blocks with a condition chosen are stored. */
function clean(local: Local): Weather {
  const blocks = local.blocks.flatMap((b) =>
    b.condition ? [{ from: b.from, to: b.to, condition: b.condition }] : [],
  )
  return { blocks, lost_hours: local.lost_hours }
}

/** Cuaca: a condition per time block, one tap each, and the hours lost to rain. */
export function WeatherSection({
  value,
  pending,
  readOnly,
  onSave,
}: {
  value: Weather
  pending: boolean
  readOnly: boolean
  onSave: (value: Weather) => void
}) {
  const [local, change] = useSectionDraft(value, toLocal, clean, onSave)
  return (
    <SectionCard title="Cuaca" pending={pending}>
      <div className={stack({ gap: '3' })}>
        {local.blocks.map((b, i) => (
          <div key={`${b.from}-${b.to}`} className={stack({ gap: '1.5' })}>
            <span className={css({ fontSize: 'sm', color: 'fgMuted', fontVariantNumeric: 'tabular-nums' })}>
              {clock(b.from)}–{clock(b.to)}
            </span>
            <Chips
              label={`Cuaca ${clock(b.from)}–${clock(b.to)}`}
              options={OPTIONS}
              fill
              value={b.condition}
              disabled={readOnly}
              onChange={(condition) =>
                change({ ...local, blocks: local.blocks.map((x, j) => (j === i ? { ...x, condition } : x)) })
              }
            />
          </div>
        ))}
        <div className={flex({ align: 'center', justify: 'space-between', gap: '3', pt: '1' })}>
          <span className={css({ fontSize: 'sm' })}>Jam hilang karena hujan</span>
          <Stepper
            label="jam hilang karena hujan"
            value={local.lost_hours}
            step={0.5}
            max={24}
            disabled={readOnly}
            onChange={(lost_hours) => change({ ...local, lost_hours })}
          />
        </div>
      </div>
    </SectionCard>
  )
}
