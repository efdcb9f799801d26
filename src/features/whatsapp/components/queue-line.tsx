import { css, cx } from 'styled-system/css'
import type { WhatsAppSession } from '../../../contracts/whatsapp'

/**
 * The queue under the bot (issue 32): 'Belum terhubung · 63 pesan menunggu' before a scan, and once
 * linked how many still go out one by one (the bot paces its sends so WhatsApp does not ban it).
 */
export function QueueLine({ data }: { data: WhatsAppSession }) {
  if (data.status === 'off') return null
  const connected = data.active_session
  const waiting =
    data.waiting === 0 ? 'tidak ada pesan menunggu' : `${data.waiting.toLocaleString('id-ID')} pesan menunggu`
  return (
    <p
      data-testid="whatsapp-waiting"
      className={cx(
        css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          mx: 'auto',
          mb: '4',
          px: '3',
          py: '1.5',
          w: 'fit-content',
          maxW: 'full',
          borderRadius: 'full',
          fontSize: 'sm',
          fontWeight: '500',
          textAlign: 'center',
        }),
        connected
          ? css({ bg: 'success.soft', color: 'success.fg' })
          : css({ bg: 'warning.soft', color: 'warning.fg' }),
      )}
    >
      <span
        aria-hidden="true"
        className={css({
          flexShrink: 0,
          w: '2',
          h: '2',
          borderRadius: 'full',
          bg: connected ? 'success' : 'warning',
        })}
      />
      {connected
        ? `Terhubung · ${waiting}${data.waiting > 0 ? ', dikirim bertahap' : ''}`
        : `Belum terhubung · ${waiting}`}
    </p>
  )
}
