import { css } from 'styled-system/css'
import { flex, hstack, vstack } from 'styled-system/patterns'
import { LogoMark } from './logo'

const dot = css({
  w: '2',
  h: '2',
  borderRadius: 'full',
  bg: 'brand',
  animation: 'bounceDot 1.2s ease-in-out infinite',
  '&:nth-child(2)': { animationDelay: '0.15s' },
  '&:nth-child(3)': { animationDelay: '0.3s' },
})

/** Shown while the session is being checked (SPEC section 2). */
export function FullScreenLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className={vstack({
        position: 'fixed',
        inset: '0',

        justify: 'center',
        gap: '5',
        bg: 'bg',
        zIndex: 'overlay',
        animation: 'fadeIn 0.3s ease-out',
      })}
    >
      <LogoMark size={52} />
      <div className={hstack({ gap: '3' })}>
        <div className={flex({ gap: '1.5' })} aria-hidden="true">
          <span className={dot} />
          <span className={dot} />
          <span className={dot} />
        </div>
        <span className={css({ fontSize: 'sm', fontWeight: '500', color: 'fgMuted' })}>Loading...</span>
      </div>
    </div>
  )
}
