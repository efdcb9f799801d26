import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { LogoMark } from '../../../ui/logo'

/** The logo, the product's name and its tagline; `full` always shows the tagline (the side menu). */
export function Brand({ full = false }: { full?: boolean }) {
  return (
    <Link to="/" className={hstack({ gap: '2.5', minW: '0' })} aria-label="Berkas, ke beranda">
      <LogoMark size={34} />
      <span className={flex({ direction: 'column', minW: '0' })}>
        <span
          className={css({
            fontWeight: '700',
            fontSize: 'md',
            lineHeight: '1.15',
            letterSpacing: '-0.01em',
            color: 'fg',
          })}
        >
          Berkas
        </span>
        <span
          className={css({
            fontSize: '0.6875rem',
            color: 'fgSubtle',
            lineHeight: '1.2',
            whiteSpace: 'nowrap',
            // On a phone the header's buttons leave no room for it: shown whole or not at all, never cut
            // to 'Sistem Manaje…' (the side menu's title shows it whole).
            display: full ? 'block' : { base: 'none', sm: 'block' },
          })}
        >
          Sistem Manajemen File Cerdas
        </span>
      </span>
    </Link>
  )
}
