import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { IconFolder, IconShieldCheck, IconUsers } from '../../../ui/icons'
import { LogoMark } from '../../../ui/logo'

/** The login page's blue side (from a laptop's width up): the product, what it holds, the year. */
export function LoginAside() {
  return (
    <aside
      className={css({
        display: { base: 'none', lg: 'flex' },
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: '12',
        color: 'white',
        bgGradient: 'to-br',
        gradientFrom: 'blue.700',
        gradientTo: 'indigo.900',
        position: 'relative',
        overflow: 'hidden',
      })}
    >
      <div className={hstack({ gap: '3' })}>
        <LogoMark size={40} />
        <div>
          <p className={css({ fontWeight: '700', fontSize: 'lg', letterSpacing: '-0.01em' })}>Berkas</p>
          <p className={css({ fontSize: 'sm', color: 'blue.100' })}>Sistem Manajemen File Cerdas</p>
        </div>
      </div>
      <div className={css({ maxW: 'md', position: 'relative', zIndex: 1 })}>
        <p
          className={css({
            fontSize: '2xl',
            fontWeight: '600',
            lineHeight: '1.3',
            letterSpacing: '-0.02em',
          })}
        >
          Semua berkas perencanaan, pengawasan, dokumentasi dan rekap project Anda di satu tempat.
        </p>
        <ul
          className={stack({
            mt: '8',

            gap: '4',
            fontSize: 'sm',
            color: 'blue.100',
          })}
        >
          <li className={hstack({ gap: '3' })}>
            <IconFolder size={18} /> 4 folder utama untuk setiap project
          </li>
          <li className={hstack({ gap: '3' })}>
            <IconShieldCheck size={18} /> Review dan persetujuan file oleh admin
          </li>
          <li className={hstack({ gap: '3' })}>
            <IconUsers size={18} /> Akses berbasis peran untuk tim Anda
          </li>
        </ul>
      </div>
      <p className={css({ fontSize: 'xs', color: 'blue.200' })}>© {new Date().getFullYear()} Berkas</p>
      <div
        aria-hidden="true"
        className={css({
          position: 'absolute',
          right: '-32',
          bottom: '-32',
          w: '96',
          h: '96',
          borderRadius: 'full',
          bg: 'white/5',
          boxShadow: '0 0 0 60px rgba(255,255,255,0.03), 0 0 0 140px rgba(255,255,255,0.02)',
        })}
      />
    </aside>
  )
}

/** The logo and the product's name above the form where the blue side is not shown (phones, tablets). */
export function LoginBrand() {
  return (
    <div
      className={css({
        display: { base: 'flex', lg: 'none' },
        alignItems: 'center',
        gap: '3',
        mb: '8',
      })}
    >
      <LogoMark size={40} />
      <div>
        <p className={css({ fontWeight: '700', fontSize: 'lg', letterSpacing: '-0.01em' })}>Berkas</p>
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>Sistem Manajemen File Cerdas</p>
      </div>
    </div>
  )
}
