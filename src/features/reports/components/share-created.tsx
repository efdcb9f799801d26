import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { SHARE_MSG } from '../../../contracts/shares'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { IconCheckCircle, IconFiles, IconPhone, IconPlus, IconSend } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import type { CreatedShare } from '../api'
import { copyText } from '../clipboard'
import { useShareSend } from '../share-send'

const jakartaDate = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/**
 * The link just made: to copy (the field stays selectable when the clipboard is refused), its PIN for
 * the admin to tell the client, and 'Kirim via WhatsApp' to a number (share-send.ts: one message per
 * tap, however often it is retried).
 */
export function ShareCreated({
  slug,
  share,
  onAnother,
}: {
  slug: string
  share: CreatedShare & { pin: string; label: string }
  onAnother: () => void
}) {
  const send = useShareSend(slug, share.id)
  const [phone, setPhone] = useState('')
  const field = useRef<HTMLInputElement>(null)

  async function onCopy(el: HTMLElement) {
    if (await copyText(share.url, el)) notify('success', SHARE_MSG.copied)
    else {
      field.current?.select()
      notify('info', SHARE_MSG.copyFailed)
    }
  }

  const onSend = () => void send.submit(phone)

  return (
    <div className={stack({ gap: '4' })} data-testid="share-created">
      <div
        className={css({
          p: '3.5',
          bg: 'green.50',
          borderWidth: '1px',
          borderColor: 'green.200',
          borderRadius: 'lg',
        })}
      >
        <p className={hstack({ gap: '2', fontSize: 'sm', fontWeight: '600', color: 'green.800', mb: '2.5' })}>
          <IconCheckCircle /> {SHARE_MSG.created}
          {share.label ? <span className={css({ fontWeight: '400' })}>· {share.label}</span> : null}
        </p>
        <div className={hstack({ gap: '2' })}>
          <input
            ref={field}
            readOnly
            value={share.url}
            aria-label="Tautan"
            onFocus={(e) => e.currentTarget.select()}
            className={css({
              flex: '1',
              minW: '0',
              h: '9',
              px: '3',
              fontSize: 'sm',
              fontFamily: 'mono',
              bg: 'surface',
              borderWidth: '1px',
              borderColor: 'green.200',
              borderRadius: 'md',
              color: 'fg',
              textOverflow: 'ellipsis',
              _focusVisible: { outline: 'none', boxShadow: 'focus' },
            })}
          />
          <Button onClick={(e) => onCopy(e.currentTarget)}>
            <IconFiles /> {SHARE_MSG.copy}
          </Button>
        </div>
        <p className={css({ mt: '2', fontSize: 'xs', color: 'green.800' })}>
          Berlaku sampai {jakartaDate.format(new Date(share.expires_at))}
          {share.pin ? (
            <>
              {' · '}PIN{' '}
              <strong
                data-testid="share-pin"
                className={css({ fontFamily: 'mono', fontSize: 'sm', letterSpacing: '0.12em' })}
              >
                {share.pin}
              </strong>{' '}
              (sampaikan ke klien)
            </>
          ) : null}
        </p>
      </div>

      <div>
        <div className={hstack({ gap: '2', alignItems: 'flex-end' })}>
          <TextField
            label={SHARE_MSG.phoneLabel}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="081234567890"
            value={phone}
            startIcon={<IconPhone />}
            fieldClassName={css({ flex: '1', minW: '0' })}
            onChange={(e) => {
              setPhone(e.target.value)
              send.edited()
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                onSend()
              }
            }}
          />
          <Button
            variant="secondary"
            onClick={onSend}
            loading={send.pending}
            needsSignal={needsSignalTo('mengirim')}
            className={css({ color: 'green.800' })}
          >
            {send.pending ? null : <IconSend />} {SHARE_MSG.buttonWhatsApp}
          </Button>
        </div>
        {send.error ? (
          <div className={css({ mt: '2' })}>
            <FormError message={send.error} />
          </div>
        ) : send.sentTo ? (
          <p role="status" className={css({ mt: '2', fontSize: 'xs', color: 'green.800' })}>
            {SHARE_MSG.whatsappQueued} ke {send.sentTo}.
          </p>
        ) : null}
      </div>

      <Button variant="ghost" size="sm" onClick={onAnother} className={css({ alignSelf: 'flex-start' })}>
        <IconPlus /> Buat tautan lain
      </Button>
    </div>
  )
}
