import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { CheckMark, checkRowClass } from '../../../ui/check-mark'
import { pill } from '../../../ui/pill'

/*
 * The report and share dialogs' choices: native radios and checkboxes (a phone's screen reader and a
 * test find them by their label) drawn as the app's pills (src/ui/pill.ts) and the members dialog's
 * check rows.
 */

const legend = css({ fontSize: 'sm', fontWeight: '500', color: 'fg', mb: '1.5' })

// Equal columns (no inline styles: the app's CSP allows none).
const GRIDS = {
  2: css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }),
  3: css({ display: 'grid', gap: '2', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }),
  4: css({
    display: 'grid',
    gap: '2',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
  }),
  5: css({
    display: 'grid',
    gap: '2',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
    // Pills with two lines (a name and its dates) grow to their content.
    '& > label': { h: 'auto', minH: '9', py: '1.5' },
  }),
}

/** One choice among a few, as a row (or grid) of pills. */
export function Choices<T extends string | number>({
  label,
  name,
  options,
  value,
  onChange,
  columns,
  hint,
}: {
  label: string
  name: string
  options: readonly { value: T; label: ReactNode }[]
  value: T
  onChange: (value: T) => void
  /** Pills sharing the row in equal columns; unset: they wrap at their own width. */
  columns?: keyof typeof GRIDS
  hint?: ReactNode
}) {
  return (
    <fieldset>
      <legend className={legend}>{label}</legend>
      <div className={columns ? GRIDS[columns] : css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {options.map((o) => (
          <label key={String(o.value)} className={pill}>
            <input
              type="radio"
              name={name}
              value={String(o.value)}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
              className={css({ srOnly: true })}
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint ? <div className={css({ mt: '2', fontSize: 'xs', color: 'fgMuted' })}>{hint}</div> : null}
    </fieldset>
  )
}

/** A checkbox row: the box drawn as the members dialog draws it, the native input kept for its label. */
export function CheckRow({
  checked,
  onChange,
  children,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label className={cx(checkRowClass(checked), css({ fontSize: 'sm' }))}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={css({ srOnly: true })}
      />
      <CheckMark checked={checked} />
      <span className={css({ flex: '1', minW: '0', overflowWrap: 'anywhere' })}>{children}</span>
    </label>
  )
}

export { legend as legendClass }
