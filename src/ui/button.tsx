import type { ComponentProps, MouseEvent } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'
import { useOnline } from '../lib/use-online'
import { notify } from './notify'
import { Spinner } from './spinner'

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    loading?: boolean
    /**
     * The action needs the network (it cannot wait in the Kotak Keluar): without signal the button is
     * shown disabled and says why ('Perlu sinyal untuk menghapus': `needsSignalTo` in lib/use-online)
     * instead of trying and failing. It stays focusable and a tap shows the reason, so a phone user
     * learns why nothing happens.
     */
    needsSignal?: string
  }

export function Button({
  variant,
  size,
  iconOnly,
  fullWidth,
  loading,
  disabled,
  needsSignal,
  className,
  children,
  onClick,
  type = 'button',
  ...props
}: ButtonProps) {
  const online = useOnline()
  const blocked = needsSignal !== undefined && !online
  return (
    <button
      type={blocked ? 'button' : type}
      // The recipe's _disabled look covers aria-disabled too.
      className={cx(button({ variant, size, iconOnly, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-disabled={blocked || undefined}
      onClick={
        blocked
          ? (e: MouseEvent<HTMLButtonElement>) => {
              e.preventDefault()
              notify('info', needsSignal)
            }
          : onClick
      }
      {...props}
      // The reason, also on hover (a caller's own title would name the action, not why it is off).
      title={blocked ? needsSignal : props.title}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  )
}
