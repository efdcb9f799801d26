import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'
import { Spinner } from './spinner'

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps & { loading?: boolean }

export function Button({
  variant,
  size,
  iconOnly,
  fullWidth,
  loading,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(button({ variant, size, iconOnly, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  )
}
