import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import type { DiaryStatus } from '../../../contracts/diary'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { IconClock, IconPlus } from '../../../ui/icons'
import { pill } from '../../../ui/pill'
import { RowSkeletons } from '../../../ui/row-skeletons'

/** A section of the day: its title, a mark while its change is still on the phone, its editor. */
export function SectionCard({
  title,
  pending,
  action,
  children,
}: {
  title: string
  pending?: boolean
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card padding="md" data-testid={`diary-section-${title}`}>
      <div className={flex({ align: 'center', justify: 'space-between', gap: '2', mb: '3' })}>
        <h2 className={css({ fontSize: 'md', fontWeight: '600' })}>{title}</h2>
        <div className={hstack({ gap: '2' })}>
          {pending ? (
            <span className={cx(pill, css({ minH: '7', fontSize: 'xs', color: 'warning.fg' }))}>
              <IconClock size={12} /> Belum terkirim
            </span>
          ) : null}
          {action}
        </div>
      </div>
      {children}
    </Card>
  )
}

const STEP = css({ w: '11', h: '11', fontSize: 'xl', fontWeight: '600' })

/** − n + with thumb-sized buttons; `step` 0.5 for hours. */
export function Stepper({
  label,
  value,
  onChange,
  step = 1,
  max = 10_000,
  disabled,
}: {
  label: string
  value: number
  onChange: (next: number) => void
  step?: number
  max?: number
  disabled?: boolean
}) {
  return (
    <fieldset className={cx(GROUP, hstack({ gap: '1', flexShrink: 0 }))} aria-label={label}>
      <Button
        variant="secondary"
        iconOnly
        className={STEP}
        aria-label={`Kurangi ${label}`}
        disabled={disabled || value <= 0}
        onClick={() => onChange(Math.max(0, value - step))}
      >
        −
      </Button>
      <output
        aria-live="polite"
        className={css({
          minW: '10',
          textAlign: 'center',
          fontWeight: '600',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {value.toLocaleString('id-ID')}
      </output>
      <Button
        variant="secondary"
        iconOnly
        className={STEP}
        aria-label={`Tambah ${label}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + step))}
      >
        +
      </Button>
    </fieldset>
  )
}

/** One choice among a few, as pills (pressed = chosen). */
export function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  fill,
}: {
  label: string
  options: ReadonlyArray<{ value: T; label: string }>
  value: T | null | undefined
  onChange: (next: T) => void
  disabled?: boolean
  /** One row across the width, every choice the same size (the weather's five on a phone). */
  fill?: boolean
}) {
  return (
    <fieldset aria-label={label} className={cx(GROUP, fill ? FILL : flex({ wrap: 'wrap', gap: '1.5' }))}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={fill ? cx(pill, FILL_PILL) : pill}
          aria-pressed={value === o.value}
          disabled={disabled}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  )
}

export function AddRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} className={css({ mt: '3' })}>
      <IconPlus /> {label}
    </Button>
  )
}

/** The status words the list and the day show. */
export const STATUS_CHIP: Record<DiaryStatus, { label: string; tone: { bg: string; color: string } }> = {
  draft: { label: 'Draf', tone: { bg: 'subtle', color: 'fgMuted' } },
  submitted: { label: 'Diajukan', tone: { bg: 'warning.soft', color: 'warning.fg' } },
  returned: { label: 'Dikembalikan', tone: { bg: 'danger.soft', color: 'danger.fg' } },
  signed: { label: 'Ditandatangani', tone: { bg: 'success.soft', color: 'success.fg' } },
}

export function StatusChip({ status, children }: { status: DiaryStatus | 'empty'; children?: ReactNode }) {
  const chip =
    status === 'empty'
      ? { label: 'Belum diisi', tone: { bg: 'transparent', color: 'fgSubtle' } }
      : STATUS_CHIP[status]
  return (
    <span
      data-status={status}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        px: '2',
        py: '0.5',
        borderRadius: 'full',
        fontSize: 'xs',
        fontWeight: '600',
        whiteSpace: 'nowrap',
        ...chip.tone,
      })}
    >
      {children ?? chip.label}
    </span>
  )
}

/** A row's remove button. */
export function RowRemove({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="dangerGhost" size="sm" onClick={onClick} aria-label={label}>
      Hapus
    </Button>
  )
}

let lastKey = 0
/** A key for a row being edited (rows have no id of their own). */
export const rowKey = () => `r${++lastKey}`

const GROUP = css({ border: 'none', p: '0', m: '0', minW: '0' })
const FILL = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(3.75rem, 1fr))', gap: '1' })
const FILL_PILL = css({ px: '1', fontSize: { base: 'xs', sm: 'sm' }, minH: '11' })

/** The rows while the diary loads. */
export function DiarySkeleton() {
  return (
    <RowSkeletons
      label="Memuat laporan harian"
      rows={5}
      lead={css({ h: '3', w: '10' })}
      lines={[css({ h: '3.5', w: '45%' }), css({ h: '3', w: '25%' })]}
    />
  )
}
