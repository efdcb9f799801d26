import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode
  subtitle?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div
      className={stack({
        direction: { base: 'column', sm: 'row' },
        align: { base: 'stretch', sm: 'flex-end' },
        justify: 'space-between',
        gap: '4',
        mb: '6',
      })}
    >
      <div className={css({ minW: '0' })}>
        <h1 className={css({ textStyle: 'pageTitle', color: 'fg' })}>{title}</h1>
        {subtitle ? <p className={css({ mt: '1', fontSize: 'sm', color: 'fgMuted' })}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={flex({ gap: '2', flexShrink: 0 })}>{actions}</div> : null}
    </div>
  )
}

/** The search box above lists. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
  fullWidth,
}: {
  value: string
  onChange: (value: string) => void
  placeholder: string
  label: string
  /** Fill the container (e.g. inside a dialog) instead of stopping at a comfortable list-filter width. */
  fullWidth?: boolean
}) {
  return (
    <div
      className={cx(
        css({ position: 'relative', w: 'full' }),
        fullWidth ? undefined : css({ maxW: { md: 'sm' } }),
      )}
    >
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        className={css({
          position: 'absolute',
          left: '3',
          top: '50%',
          transform: 'translateY(-50%)',
          color: 'fgSubtle',
        })}
      >
        <circle cx="11" cy="11" r="8" />
        <path d="m21 21-4.3-4.3" />
      </svg>
      <input
        type="search"
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={css({
          w: 'full',
          h: '10',
          pl: '9',
          pr: '3',
          fontSize: 'sm',
          bg: 'surface',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'md',
          boxShadow: 'xs',
          outline: 'none',
          _placeholder: { color: 'slate.400' },
          _focus: { borderColor: 'brand', boxShadow: 'focus' },
        })}
      />
    </div>
  )
}

/** The row above a card list: its search box and, from sm up, a short count when there is one. */
export function ListToolbar({ search, count }: { search: ReactNode; count?: ReactNode }) {
  return (
    <div
      className={hstack({
        justify: 'space-between',
        gap: '4',
        mb: '5',
      })}
    >
      {search}
      {count ? (
        <p
          className={css({
            fontSize: 'sm',
            color: 'fgSubtle',
            whiteSpace: 'nowrap',
            display: { base: 'none', sm: 'block' },
          })}
        >
          {count}
        </p>
      ) : null}
    </div>
  )
}
