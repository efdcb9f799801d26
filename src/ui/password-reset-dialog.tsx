import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import type { PasswordResetResult } from '../contracts/auth'
import { errorMessage } from '../lib/api'
import { copyText } from '../lib/clipboard'
import { needsSignalTo } from '../lib/use-online'
import { Button } from './button'
import { Dialog } from './dialog'
import { IconFiles, IconKey, IconMessageSquare } from './icons'
import { notify } from './notify'

type Account = { name: string; phone: string | null }

/**
 * 'Atur Ulang Password' of someone else's account (issue 32): an admin's for an employee, the superadmin's for
 * an admin. The new password is shown once, here, with a copy button, or sent to the account's WhatsApp
 * number; either way every session of the account ends. Nothing of it is kept once the dialog closes.
 */
export function PasswordResetDialog({
  account,
  onClose,
  reset,
}: {
  account: Account | null
  onClose: () => void
  reset: (via?: 'whatsapp') => Promise<PasswordResetResult>
}) {
  const [password, setPassword] = useState<string | null>(null)
  const [pending, setPending] = useState<'shown' | 'whatsapp' | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const canSend = Boolean(account?.phone?.trim())

  function close() {
    setPassword(null)
    onClose()
  }

  async function run(via?: 'whatsapp') {
    setPending(via ?? 'shown')
    try {
      const result = await reset(via)
      if ('password' in result) setPassword(result.password)
      else {
        notify('success', `Password baru dikirim ke WhatsApp ${account?.name ?? ''}`.trim())
        close()
      }
    } catch (err) {
      notify('error', errorMessage(err, 'Gagal mereset password'))
    } finally {
      setPending(null)
    }
  }

  async function onCopy(el: HTMLElement) {
    if (password && (await copyText(password, el))) notify('success', 'Password disalin')
    else {
      field.current?.select()
      notify('info', 'Salin gagal: pilih password lalu salin manual')
    }
  }

  const name = <strong>{account?.name}</strong>
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open) close()
      }}
      size="sm"
      locked={pending !== null}
      title={password ? 'Password Baru' : 'Atur Ulang Password'}
      description={
        password ? (
          <>Password ini hanya ditampilkan sekali. Sampaikan kepada {name}.</>
        ) : (
          <>
            {name} akan mendapat password baru dan keluar dari semua perangkat. Password lama tidak berlaku
            lagi.
          </>
        )
      }
      signalNote={password ? undefined : needsSignalTo('mereset password')}
      footer={
        password ? (
          <Button onClick={close}>Selesai</Button>
        ) : (
          <Button variant="secondary" onClick={close} disabled={pending !== null}>
            Batal
          </Button>
        )
      }
    >
      {password ? (
        <div className={stack({ gap: '3' })}>
          <div className={hstack({ gap: '2' })}>
            <input
              ref={field}
              readOnly
              value={password}
              aria-label="Password baru"
              data-testid="reset-password-value"
              onFocus={(e) => e.currentTarget.select()}
              className={css({
                flex: '1',
                minW: '0',
                h: '11',
                px: '3',
                fontFamily: 'mono',
                fontSize: 'lg',
                letterSpacing: '0.06em',
                bg: 'bg',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'md',
                color: 'fg',
                _focusVisible: { outline: 'none', boxShadow: 'focus' },
              })}
            />
            <Button onClick={(e) => onCopy(e.currentTarget)}>
              <IconFiles /> Salin
            </Button>
          </div>
          <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
            Setelah masuk, password dapat diganti di menu Profil.
          </p>
        </div>
      ) : (
        // The two ways are choices, not a confirm and a cancel: stacked full width, they fit a phone.
        <div className={stack({ gap: '2.5' })}>
          <Button
            fullWidth
            onClick={() => run()}
            disabled={pending !== null}
            loading={pending === 'shown'}
            needsSignal={needsSignalTo('mereset password')}
          >
            {pending === 'shown' ? null : <IconKey />} Tampilkan Password
          </Button>
          <Button
            fullWidth
            variant="secondary"
            onClick={() => run('whatsapp')}
            disabled={!canSend || pending !== null}
            loading={pending === 'whatsapp'}
            needsSignal={needsSignalTo('mengirim')}
          >
            {pending === 'whatsapp' ? null : <IconMessageSquare />} Kirim via WhatsApp
          </Button>
          {canSend ? null : (
            <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
              Kirim via WhatsApp tidak tersedia: nomor telepon akun ini belum diisi.
            </p>
          )}
        </div>
      )}
    </Dialog>
  )
}
