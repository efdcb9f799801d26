import { useRef, useState } from 'react'
import { SHARE_MSG } from '../../contracts/shares'
import { failureMessage, toApiError } from '../../lib/api'
import { newRequestId } from '../../lib/upload-request'
import { notify } from '../../ui/notify'
import { useSendShareWhatsApp } from './queries'

/**
 * Sending a link by WhatsApp, right after it is made or again later ('Kirim ulang'). Each number keeps
 * its Idempotency-Key until it is answered, so a double tap or a retry after a lost answer queues one
 * message; a 4xx answer ends the key (the next tap is a new send).
 */
export function useShareSend(slug: string, shareId: number) {
  const send = useSendShareWhatsApp(slug)
  const key = useRef<{ phone: string; key: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit(raw: string): Promise<boolean> {
    const phone = raw.trim()
    if (!phone) {
      setError(SHARE_MSG.badPhone)
      return false
    }
    if (send.isPending) return false
    if (key.current?.phone !== phone) key.current = { phone, key: newRequestId() }
    try {
      const res = await send.mutateAsync({ share: { id: shareId }, phone, key: key.current.key })
      key.current = null
      setSentTo(phone)
      notify('success', res.message || SHARE_MSG.whatsappQueued)
      return true
    } catch (err) {
      const e = toApiError(err, SHARE_MSG.whatsappFailed)
      if (e.status >= 400 && e.status < 500) key.current = null
      setError(
        e.errors?.phone ??
          failureMessage(err, {
            failed: SHARE_MSG.whatsappFailed,
            thrown: `${SHARE_MSG.whatsappFailed}. Periksa koneksi Anda.`,
          }),
      )
      return false
    }
  }

  return {
    submit,
    pending: send.isPending,
    error,
    sentTo,
    edited: () => {
      setError(null)
      setSentTo(null)
    },
  }
}

/** A stored WhatsApp number ('6281234567890') as people write it here ('081234567890'). */
export const localPhone = (digits: string) => (digits.startsWith('62') ? `0${digits.slice(2)}` : `+${digits}`)
