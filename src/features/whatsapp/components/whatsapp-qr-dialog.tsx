import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import { WHATSAPP_MSG, type WhatsAppSession } from '../../../contracts/whatsapp'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { IconCheck, IconInfo, IconLogOut, IconRefresh, IconSmartphone } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { Spinner } from '../../../ui/spinner'
import { useLogoutWhatsApp, whatsappKeys, whatsappSessionQueryOptions } from '../queries'
import { QueueLine } from './queue-line'

/** While a scan is awaited the session is asked again this often: the check shows once the phone scans. */
const WAITING_POLL_MS = 3000

/**
 * 'Scan QR Bot WhatsApp' (SPEC 2): on opening it fetches the QR. No active session: the QR and 'Refresh
 * QR'. Active session: a green check and 'Logout', after which the QR is fetched again. Toasts of SPEC 8.
 * Above it, the queue: 'Belum terhubung · 63 pesan menunggu' (issue 32).
 */
export function WhatsAppQrDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const qc = useQueryClient()
  const session = useQuery({
    ...whatsappSessionQueryOptions(),
    enabled: open,
    refetchInterval: (q) =>
      q.state.status === 'error' || q.state.data?.active_session || q.state.data?.status === 'off'
        ? false
        : WAITING_POLL_MS,
  })
  const logout = useLogoutWhatsApp()

  // Opened from the phone's side menu, the menu's closing hands focus back to its trigger, outside this
  // dialog, which would close it again at once: for a moment after opening, outside focus is ignored.
  const [settling, setSettling] = useState(false)
  useEffect(() => {
    if (!open) return
    setSettling(true)
    const timer = setTimeout(() => setSettling(false), 700)
    return () => clearTimeout(timer)
  }, [open])

  // One toast per failed fetch (opening, 'Refresh QR'); a failure stops the polling until asked again.
  const toasted = useRef(0)
  useEffect(() => {
    if (open && session.errorUpdatedAt > toasted.current) {
      toasted.current = session.errorUpdatedAt
      notify('error', WHATSAPP_MSG.qrFailedTitle, WHATSAPP_MSG.qrFailed)
    }
  }, [open, session.errorUpdatedAt])

  function close(next: boolean) {
    // A closed dialog forgets its QR: the next opening fetches a fresh one.
    if (!next) qc.removeQueries({ queryKey: whatsappKeys.session() })
    onOpenChange(next)
  }

  function onLogout() {
    logout.mutate(undefined, {
      onSuccess: () => notify('success', WHATSAPP_MSG.logoutOkTitle, WHATSAPP_MSG.logoutOk),
      onError: () => notify('error', WHATSAPP_MSG.logoutFailedTitle, WHATSAPP_MSG.logoutFailed),
    })
  }

  const data = session.data
  const active = data?.active_session === true

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Scan QR Bot WhatsApp"
      description="Hubungkan bot WhatsApp agar notifikasi project juga terkirim ke WhatsApp karyawan."
      size="sm"
      locked={settling}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Tutup
          </Button>
          {active ? (
            <Button variant="danger" onClick={onLogout} loading={logout.isPending}>
              {logout.isPending ? null : <IconLogOut />} Logout
            </Button>
          ) : data?.status === 'off' ? null : (
            <Button
              onClick={() => void session.refetch()}
              loading={session.isFetching}
              disabled={session.isFetching}
            >
              {session.isFetching ? null : <IconRefresh />} Refresh QR
            </Button>
          )}
        </>
      }
    >
      {data ? <QueueLine data={data} /> : null}
      <SessionView
        data={data}
        loading={session.isPending && session.fetchStatus !== 'idle'}
        failed={session.isError && !data}
      />
    </Dialog>
  )
}

const frame = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  w: 'full',
  maxW: '72',
  aspectRatio: '1',
  mx: 'auto',
  borderRadius: 'xl',
  textAlign: 'center',
  fontSize: 'sm',
  color: 'fgMuted',
  p: '6',
})

function SessionView({
  data,
  loading,
  failed,
}: {
  data?: WhatsAppSession
  loading: boolean
  failed: boolean
}) {
  if (loading || (!data && !failed)) {
    return (
      <div className={grid({ gap: '4' })} aria-busy="true">
        <div className={cx(frame, css({ bg: 'slate.50', borderWidth: '1px', borderColor: 'border' }))}>
          <Spinner size={28} />
          Memuat kode QR...
        </div>
      </div>
    )
  }
  if (failed || !data) {
    return (
      <div
        className={cx(frame, css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'borderStrong' }))}
      >
        <IconInfo size={28} />
        Kode QR tidak dapat dimuat. Tekan 'Refresh QR' untuk mencoba lagi.
      </div>
    )
  }
  if (data.status === 'off') {
    return (
      <div
        className={cx(frame, css({ borderWidth: '1px', borderStyle: 'dashed', borderColor: 'borderStrong' }))}
      >
        <IconInfo size={28} />
        Bot WhatsApp tidak diaktifkan di server ini (WHATSAPP_DRIVER=off).
      </div>
    )
  }
  if (data.active_session) {
    return (
      <div className={frame} data-testid="whatsapp-connected">
        <span
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            w: '20',
            h: '20',
            borderRadius: 'full',
            bg: 'green.500',
            color: 'white',
            boxShadow: '0 0 0 8px {colors.green.100}',
          })}
        >
          <IconCheck size={40} />
        </span>
        <p className={css({ mt: '3', fontSize: 'md', fontWeight: '600', color: 'fg' })}>WhatsApp terhubung</p>
        {data.account ? <p className={css({ color: 'fgMuted' })}>Bot: +{data.account}</p> : null}
        <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
          Notifikasi project dikirim ke nomor WhatsApp karyawan.
        </p>
      </div>
    )
  }
  if (!data.qr) {
    return (
      <div className={cx(frame, css({ bg: 'slate.50', borderWidth: '1px', borderColor: 'border' }))}>
        <Spinner size={28} />
        Menyiapkan kode QR...
      </div>
    )
  }
  return (
    <div className={grid({ gap: '4', justifyItems: 'center' })}>
      <img
        src={data.qr}
        alt="Kode QR WhatsApp"
        width={288}
        height={288}
        className={css({
          w: 'full',
          maxW: '72',
          aspectRatio: '1',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'xl',
          p: '2',
          bg: 'white',
          imageRendering: 'pixelated',
        })}
      />
      <p
        className={flex({
          gap: '2',
          align: 'flex-start',
          fontSize: 'sm',
          color: 'fgMuted',
          maxW: '72',
        })}
      >
        <span className={css({ flexShrink: 0, mt: '0.5', color: 'fgSubtle' })}>
          <IconSmartphone size={18} />
        </span>
        <span>
          Buka WhatsApp di ponsel, pilih <b>Perangkat tertaut</b> lalu <b>Tautkan perangkat</b>, dan pindai
          kode ini.
        </span>
      </p>
    </div>
  )
}
