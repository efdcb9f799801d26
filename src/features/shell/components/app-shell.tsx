import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import { logout } from '../../../lib/session'
import { useOnline } from '../../../lib/use-online'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { ConfirmDialog, Dialog } from '../../../ui/dialog'
import {
  IconBell,
  IconHardHat,
  IconLayoutGrid,
  IconLogOut,
  IconMenu,
  IconQrCode,
  IconUserCircle,
  IconUsers,
} from '../../../ui/icons'
import { LogoMark } from '../../../ui/logo'
import { RoleBadge } from '../../../ui/role-badge'
import { Tooltip } from '../../../ui/tooltip'
import { OfflineBanner, OfflineMark } from './offline-banner'

type Props = {
  user: User
  children: ReactNode
  /** The bell with its dropdown (notifications feature); not shown to the superadmin. */
  notificationBell?: ReactNode
  /** The WhatsApp QR dialog (whatsapp feature), opened from the admin nav. */
  renderWhatsAppDialog?: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode
  /** Header buttons before the bell: the outbox and 'Pasang Aplikasi' (outbox feature). */
  headerActions?: ReactNode
}

const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '9',
  px: '3',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fgMuted',
  borderRadius: 'md',
  cursor: 'pointer',
  transition: 'background {durations.fast}, color {durations.fast}',
  _hover: { bg: 'subtle', color: 'fg' },
  '&[data-status=active], &[aria-current=page]': { color: 'fg', bg: 'subtle' },
  '& svg': { w: '4', h: '4' },
})

const sideLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  h: '11',
  px: '3',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fgMuted',
  borderRadius: 'md',
  w: 'full',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { bg: 'subtle', color: 'fg' },
  '&[data-status=active]': { color: 'brand.fg', bg: 'brand.soft' },
  '& svg': { w: '5', h: '5' },
})

/** The logo, the product's name and its tagline; `full` always shows the tagline (the side menu). */
function Brand({ full = false }: { full?: boolean }) {
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

export function AppShell({ user, children, notificationBell, renderWhatsAppDialog, headerActions }: Props) {
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const [qrOpen, setQrOpen] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)
  /** Items in the outbox that logging out would throw away (asked first), or null when not asking. */
  const [unsent, setUnsent] = useState<number | null>(null)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const online = useOnline()

  const isAdmin = user.role === 'admin'
  const isSuperadmin = user.role === 'superadmin'
  const projectsActive = pathname === '/' || pathname.startsWith('/project/')

  const toLogin = () => navigate({ to: '/login', replace: true })

  async function onLogout(confirmed = false) {
    if (!confirmed) {
      const { unsentOutboxCount } = await import('../../../lib/outbox-client')
      const count = await unsentOutboxCount()
      if (count > 0) {
        setUnsent(count)
        return
      }
    }
    setLoggingOut(true)
    try {
      await logout(toLogin)
    } finally {
      setLoggingOut(false)
      setUnsent(null)
      navigate({ to: '/login', replace: true })
    }
  }

  function openQr() {
    setMenuOpen(false)
    setQrOpen(true)
  }

  return (
    <div className={flex({ flex: '1', direction: 'column' })}>
      <header
        className={css({
          position: 'sticky',
          top: '0',
          zIndex: 'sticky',
          bg: 'rgba(255,255,255,0.85)',
          backdropFilter: 'saturate(180%) blur(12px)',
          borderBottomWidth: '1px',
          borderColor: 'border',
        })}
      >
        <div
          className={hstack({
            maxW: '7xl',
            mx: 'auto',
            h: '16',
            px: { base: '3', md: '6' },

            gap: { base: '2', md: '6' },
          })}
        >
          <Button
            variant="ghost"
            iconOnly
            aria-label="Buka menu"
            className={css({ display: { base: 'inline-flex', md: 'none' } })}
            onClick={() => setMenuOpen(true)}
          >
            <IconMenu size={20} />
          </Button>
          <Brand />

          <nav
            aria-label="Navigasi utama"
            className={css({ display: { base: 'none', md: 'flex' }, alignItems: 'center', gap: '1' })}
          >
            {!isSuperadmin ? (
              <Link to="/" className={navLink} data-status={projectsActive ? 'active' : undefined}>
                <IconLayoutGrid /> Projects
              </Link>
            ) : null}
            {isAdmin ? (
              <>
                <Link to="/employees" className={navLink}>
                  <IconUsers /> Karyawan
                </Link>
                <button type="button" className={navLink} onClick={openQr}>
                  <IconQrCode /> Scan QR Bot WhatsApp
                </button>
              </>
            ) : null}
            {isAdmin || isSuperadmin ? (
              // 'Pengaturan' alone: the header's row has no room for more beside the WhatsApp link.
              <Link to="/settings" className={navLink} title="Pengaturan Firma">
                <IconHardHat /> Pengaturan
              </Link>
            ) : null}
          </nav>

          <div
            className={hstack({
              ml: 'auto',

              gap: { base: '1', md: '2' },
            })}
          >
            {online ? null : <OfflineMark />}
            {headerActions}
            {!isSuperadmin ? notificationBell : null}
            <Link
              to="/profile"
              aria-label={`Profil ${user.name}`}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '2.5',
                pl: '1',
                pr: { base: '1', md: '3' },
                py: '1',
                borderRadius: 'full',
                transition: 'background {durations.fast}',
                _hover: { bg: 'subtle' },
              })}
            >
              <Avatar name={user.name} src={user.avatar} size="sm" />
              <span
                className={css({
                  display: { base: 'none', md: 'flex' },
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  gap: '0.5',
                })}
              >
                <span
                  className={css({
                    fontSize: 'sm',
                    fontWeight: '600',
                    lineHeight: '1.1',
                    // Room for a full name ('Budi Santoso Wijaya'); only very long names are cut.
                    maxW: { md: '48', lg: '64' },
                    truncate: true,
                  })}
                >
                  {user.name}
                </span>
                <RoleBadge role={user.role} />
              </span>
            </Link>
            <Tooltip content="Keluar">
              <Button
                variant="ghost"
                iconOnly
                aria-label="Keluar"
                onClick={() => onLogout()}
                loading={loggingOut}
              >
                {loggingOut ? null : <IconLogOut size={18} />}
              </Button>
            </Tooltip>
          </div>
        </div>
      </header>
      {online ? null : <OfflineBanner />}

      <Dialog
        open={menuOpen}
        onOpenChange={setMenuOpen}
        placement="left"
        title={<Brand full />}
        bodyClassName={css({ px: '3', py: '3' })}
        footer={
          <div className={hstack({ gap: '3', w: 'full' })}>
            <Avatar name={user.name} src={user.avatar} size="md" />
            <div className={css({ minW: '0', flex: '1' })}>
              <p className={css({ fontSize: 'sm', fontWeight: '600', truncate: true })}>{user.name}</p>
              <RoleBadge role={user.role} />
            </div>
          </div>
        }
      >
        <nav aria-label="Menu samping" className={stack({ gap: '1' })}>
          {!isSuperadmin ? (
            <Link
              to="/"
              className={sideLink}
              data-status={projectsActive ? 'active' : undefined}
              onClick={() => setMenuOpen(false)}
            >
              <IconLayoutGrid /> Projects
            </Link>
          ) : null}
          {isAdmin ? (
            <>
              <Link to="/employees" className={sideLink} onClick={() => setMenuOpen(false)}>
                <IconUsers /> Karyawan
              </Link>
              <button type="button" className={sideLink} onClick={openQr}>
                <IconQrCode /> Scan QR Bot WA
              </button>
            </>
          ) : null}
          {isSuperadmin ? (
            <Link
              to="/"
              className={sideLink}
              data-status={pathname === '/' ? 'active' : undefined}
              onClick={() => setMenuOpen(false)}
            >
              <IconUsers /> Manajemen Admin
            </Link>
          ) : null}
          {isAdmin || isSuperadmin ? (
            <Link to="/settings" className={sideLink} onClick={() => setMenuOpen(false)}>
              <IconHardHat /> Pengaturan Firma
            </Link>
          ) : null}
          {/* What everyone needs on a phone besides the projects: the header has room for icons only. */}
          {!isSuperadmin ? (
            <Link to="/notifications" className={sideLink} onClick={() => setMenuOpen(false)}>
              <IconBell /> Notifikasi
            </Link>
          ) : null}
          <Link to="/profile" className={sideLink} onClick={() => setMenuOpen(false)}>
            <IconUserCircle /> Profil Saya
          </Link>
          <button
            type="button"
            className={sideLink}
            onClick={() => {
              setMenuOpen(false)
              void onLogout()
            }}
          >
            <IconLogOut /> Keluar
          </button>
        </nav>
      </Dialog>

      {isAdmin && renderWhatsAppDialog ? renderWhatsAppDialog(qrOpen, setQrOpen) : null}

      <ConfirmDialog
        open={unsent !== null}
        onOpenChange={(open) => {
          if (!open && !loggingOut) setUnsent(null)
        }}
        title="Keluar dan hapus item yang belum terkirim?"
        description={`${unsent ?? 0} item di Kotak Keluar belum terkirim ke server. Jika Anda keluar sekarang, item tersebut dihapus dari perangkat ini dan tidak akan terkirim.`}
        confirmLabel="Keluar & hapus"
        cancelLabel="Batal"
        loading={loggingOut}
        onConfirm={() => void onLogout(true)}
      />

      <main
        className={cx(
          css({
            flex: '1',
            w: 'full',
            maxW: '7xl',
            mx: 'auto',
            px: { base: '4', md: '6' },
            py: { base: '6', md: '8' },
          }),
        )}
      >
        {children}
      </main>
    </div>
  )
}
