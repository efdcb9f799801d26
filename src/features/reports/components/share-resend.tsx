import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import { SHARE_MSG, type Share } from '../../../contracts/shares'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { FormError, TextField } from '../../../ui/field'
import { IconPhone, IconSend } from '../../../ui/icons'
import { localPhone, useShareSend } from '../share-send'

/**
 * 'Kirim ulang' in a link's row: the number it last went to, ready to send again or to change for
 * another (the client lost the message, or the link is for a colleague). In the row itself, like
 * 'Cabut': a second modal over the share dialog would trap focus twice.
 */
export function ShareResend({ slug, share, onClose }: { slug: string; share: Share; onClose: () => void }) {
  const send = useShareSend(slug, share.id)
  const [phone, setPhone] = useState(share.sent_phone ? localPhone(share.sent_phone) : '')

  async function onSend() {
    if (await send.submit(phone)) onClose()
  }

  return (
    <section
      aria-label={share.sent_phone ? SHARE_MSG.resendTitle : SHARE_MSG.buttonWhatsApp}
      className={cx(
        flex({ direction: 'column', gap: '2' }),
        css({
          mt: '2',
          p: '2.5',
          bg: 'green.50',
          borderRadius: 'md',
          borderWidth: '1px',
          borderColor: 'green.200',
        }),
      )}
    >
      <TextField
        label={SHARE_MSG.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="081234567890"
        value={phone}
        startIcon={<IconPhone />}
        // The dialog opened on this row's button: the number is what the admin came to check.
        autoFocus
        onChange={(e) => {
          setPhone(e.target.value)
          send.edited()
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            void onSend()
          }
          if (e.key === 'Escape') {
            // Closes this form, not the whole dialog.
            e.stopPropagation()
            onClose()
          }
        }}
      />
      {send.error ? <FormError message={send.error} /> : null}
      <div className={hstack({ gap: '2', justify: 'flex-end' })}>
        <Button variant="secondary" size="sm" onClick={onClose} disabled={send.pending}>
          Batal
        </Button>
        <Button
          size="sm"
          onClick={onSend}
          loading={send.pending}
          needsSignal={needsSignalTo('mengirim')}
          className={css({ bg: 'green.700', _hover: { bg: 'green.800' } })}
        >
          {send.pending ? null : <IconSend />} {SHARE_MSG.resendSend}
        </Button>
      </div>
    </section>
  )
}
