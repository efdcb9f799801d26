import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { User, UserCan } from '../../../contracts/auth'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { IconHardHat, IconLayoutGrid, IconLogOut, IconMenu, IconQrCode, IconUsers } from '../../../ui/icons'
import { RoleBadge } from '../../../ui/role-badge'
import { Tooltip } from '../../../ui/tooltip'
import { Brand } from './brand'
import { OfflineMark } from './offline-banner'

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

/** What the user may open from the header and the side menu (their `can`, from the server's policy). */
export type NavRights = { can: UserCan; projectsActive: boolean }

/** The header's own navigation, from a tablet's width up (the side menu's on a phone). */
function MainNav({ rights, onQr }: { rights: NavRights; onQr: () => void }) {
  const { can, projectsActive } = rights
  return (
    <nav
      aria-label="Navigasi utama"
      className={css({ display: { base: 'none', md: 'flex' }, alignItems: 'center', gap: '1' })}
    >
      {can.projects ? (
        <Link to="/" className={navLink} data-status={projectsActive ? 'active' : undefined}>
          <IconLayoutGrid /> Projects
        </Link>
      ) : null}
      {can.manage_employees ? (
        <Link to="/employees" className={navLink}>
          <IconUsers /> Karyawan
        </Link>
      ) : null}
      {can.whatsapp ? (
        <button type="button" className={navLink} onClick={onQr}>
          <IconQrCode /> Scan QR Bot WhatsApp
        </button>
      ) : null}
      {can.settings ? (
        // 'Pengaturan' alone: the header's row has no room for more beside the WhatsApp link.
        <Link to="/settings" className={navLink} title="Pengaturan Firma">
          <IconHardHat /> Pengaturan
        </Link>
      ) : null}
    </nav>
  )
}

/** The signed-in user's avatar (with name and role from a tablet's width up), a link to the profile. */
function ProfileLink({ user }: { user: User }) {
  return (
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
  )
}

/** The sticky header: the menu button (phone), the brand, the navigation, the actions, the profile, 'Keluar'. */
export function AppHeader({
  user,
  rights,
  online,
  actions,
  onMenu,
  onQr,
  onLogout,
  loggingOut,
}: {
  user: User
  rights: NavRights
  online: boolean
  /** The outbox, 'Pasang Aplikasi' and the bell, in that order. */
  actions: ReactNode
  onMenu: () => void
  onQr: () => void
  onLogout: () => void
  loggingOut: boolean
}) {
  return (
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
          onClick={onMenu}
        >
          <IconMenu size={20} />
        </Button>
        <Brand />
        <MainNav rights={rights} onQr={onQr} />
        <div
          className={hstack({
            ml: 'auto',

            gap: { base: '1', md: '2' },
          })}
        >
          {online ? null : <OfflineMark />}
          {actions}
          <ProfileLink user={user} />
          <Tooltip content="Keluar">
            <Button variant="ghost" iconOnly aria-label="Keluar" onClick={onLogout} loading={loggingOut}>
              {loggingOut ? null : <IconLogOut size={18} />}
            </Button>
          </Tooltip>
        </div>
      </div>
    </header>
  )
}
