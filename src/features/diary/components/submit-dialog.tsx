import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { errorMessage } from '../../../lib/api'
import { copyText } from '../../../lib/clipboard'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Dialog, FormDialog } from '../../../ui/dialog'
import { FormError, TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useSubmitDay } from '../queries'

/**
 * 'Ajukan tanda tangan': freezes the day and makes the contractor's link (sent by WhatsApp when a number
 * is given); then the link to copy or share.
 */
export function SubmitDialog({
  slug,
  day,
  dayName,
  open,
  onClose,
}: {
  slug: string
  day: string
  dayName: string
  open: boolean
  onClose: () => void
}) {
  const submit = useSubmitDay(slug, day)
  const [phone, setPhone] = useState('')
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null)
  const close = () => {
    setLink(null)
    setPhone('')
    submit.reset()
    onClose()
  }
  if (link) {
    const text = `Mohon tanda tangani Laporan Harian ${dayName}: ${link.url}`
    return (
      <Dialog
        open={open}
        onOpenChange={(o) => (o ? null : close())}
        title="Tautan tanda tangan"
        description={`Berlaku sampai ${jakartaDateTime(link.expires_at)}. Kirim ke pelaksana kontraktor.`}
        footer={<Button onClick={close}>Selesai</Button>}
      >
        <div className={stack({ gap: '3' })}>
          <p
            data-testid="sign-link"
            className={css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all' })}
          >
            {link.url}
          </p>
          <div className={flex({ gap: '2', wrap: 'wrap' })}>
            <Button
              variant="secondary"
              onClick={async () =>
                (await copyText(link.url))
                  ? notify('success', 'Tautan disalin')
                  : notify('error', 'Gagal menyalin')
              }
            >
              Salin tautan
            </Button>
            <a
              className={css({ textDecoration: 'underline', alignSelf: 'center', fontSize: 'sm' })}
              href={`https://wa.me/?text=${encodeURIComponent(text)}`}
              target="_blank"
              rel="noreferrer"
            >
              Bagikan lewat WhatsApp
            </a>
          </div>
        </div>
      </Dialog>
    )
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o ? null : close())}
      title="Ajukan tanda tangan"
      description="Isi hari ini dibekukan dan kontraktor mendapat tautan untuk menandatangani tanpa akun."
      submitLabel="Ajukan"
      pending={submit.isPending}
      needsSignal={needsSignalTo('mengajukan tanda tangan')}
      onSubmit={(e) => {
        e.preventDefault()
        submit.mutate(phone.trim() ? { phone: phone.trim() } : {}, { onSuccess: (answer) => setLink(answer) })
      }}
    >
      <TextField
        label="Nomor WhatsApp kontraktor (opsional)"
        inputMode="tel"
        placeholder="081234567890"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        hint="Bila diisi, tautan dikirim lewat WhatsApp."
      />
      <FormError
        message={submit.error ? errorMessage(submit.error, 'Gagal mengajukan tanda tangan') : null}
      />
    </FormDialog>
  )
}
