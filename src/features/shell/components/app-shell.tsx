import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import type { Me } from '../../../contracts/auth'
import { userCan } from '../../../lib/can'
import { useOnline } from '../../../lib/use-online'
import { ConfirmDialog } from '../../../ui/dialog'
import { AppHeader } from './app-header'
import { OfflineBanner } from './offline-banner'
import { SideMenu } from './side-menu'
import { useLogout } from './use-logout'

type Props = {
  user: Me
  children: ReactNode
  /** The bell with its dropdown (notifications feature); not shown to the superadmin. */
  notificationBell?: ReactNode
  /** The WhatsApp QR dialog (whatsapp feature), opened from the admin nav. */
  renderWhatsAppDialog?: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode
  /** Header buttons before the bell: the outbox and 'Pasang Aplikasi' (outbox feature). */
  headerActions?: ReactNode
}

export function AppShell({ user, children, notificationBell, renderWhatsAppDialog, headerActions }: Props) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [qrOpen, setQrOpen] = useState(false)
  const { loggingOut, unsent, logOut, stopAsking } = useLogout()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const online = useOnline()

  const can = userCan(user)
  const projectsActive = pathname === '/' || pathname.startsWith('/project/')
  const rights = { can, projectsActive }

  function openQr() {
    setMenuOpen(false)
    setQrOpen(true)
  }

  return (
    <div className={flex({ flex: '1', direction: 'column' })}>
      <AppHeader
        user={user}
        rights={rights}
        online={online}
        actions={
          <>
            {headerActions}
            {can.notifications ? notificationBell : null}
          </>
        }
        onMenu={() => setMenuOpen(true)}
        onQr={openQr}
        onLogout={() => void logOut()}
        loggingOut={loggingOut}
      />
      {online ? null : <OfflineBanner />}

      <SideMenu
        user={user}
        rights={rights}
        pathname={pathname}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        onQr={openQr}
        onLogout={() => void logOut()}
      />

      {can.whatsapp && renderWhatsAppDialog ? renderWhatsAppDialog(qrOpen, setQrOpen) : null}

      <ConfirmDialog
        open={unsent !== null}
        onOpenChange={(open) => {
          if (!open) stopAsking()
        }}
        title="Keluar dan hapus item yang belum terkirim?"
        description={`${unsent ?? 0} item di Kotak Keluar belum terkirim ke server. Jika Anda keluar sekarang, item tersebut dihapus dari perangkat ini dan tidak akan terkirim.`}
        confirmLabel="Keluar & hapus"
        cancelLabel="Batal"
        loading={loggingOut}
        onConfirm={() => void logOut(true)}
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
