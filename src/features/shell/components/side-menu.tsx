import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import { Avatar } from '../../../ui/avatar'
import { Dialog } from '../../../ui/dialog'
import {
  IconBell,
  IconHardHat,
  IconLayoutGrid,
  IconLogOut,
  IconQrCode,
  IconUserCircle,
  IconUsers,
} from '../../../ui/icons'
import { RoleBadge } from '../../../ui/role-badge'
import type { NavRights } from './app-header'
import { Brand } from './brand'

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

/** The phone's side menu: every place the header has no room for, and the signed-in user at its foot. */
export function SideMenu({
  user,
  rights,
  pathname,
  open,
  onOpenChange,
  onQr,
  onLogout,
}: {
  user: User
  rights: NavRights
  pathname: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onQr: () => void
  onLogout: () => void
}) {
  const { can, projectsActive } = rights
  const close = () => onOpenChange(false)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
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
        {can.projects ? (
          <Link
            to="/"
            className={sideLink}
            data-status={projectsActive ? 'active' : undefined}
            onClick={close}
          >
            <IconLayoutGrid /> Projects
          </Link>
        ) : null}
        {can.manage_employees ? (
          <Link to="/employees" className={sideLink} onClick={close}>
            <IconUsers /> Karyawan
          </Link>
        ) : null}
        {can.whatsapp ? (
          <button type="button" className={sideLink} onClick={onQr}>
            <IconQrCode /> Scan QR Bot WA
          </button>
        ) : null}
        {can.manage_admins ? (
          <Link
            to="/"
            className={sideLink}
            data-status={pathname === '/' ? 'active' : undefined}
            onClick={close}
          >
            <IconUsers /> Manajemen Admin
          </Link>
        ) : null}
        {can.settings ? (
          <Link to="/settings" className={sideLink} onClick={close}>
            <IconHardHat /> Pengaturan Firma
          </Link>
        ) : null}
        {/* What everyone needs on a phone besides the projects: the header has room for icons only. */}
        {can.notifications ? (
          <Link to="/notifications" className={sideLink} onClick={close}>
            <IconBell /> Notifikasi
          </Link>
        ) : null}
        <Link to="/profile" className={sideLink} onClick={close}>
          <IconUserCircle /> Profil Saya
        </Link>
        <button
          type="button"
          className={sideLink}
          onClick={() => {
            close()
            onLogout()
          }}
        >
          <IconLogOut /> Keluar
        </button>
      </nav>
    </Dialog>
  )
}
