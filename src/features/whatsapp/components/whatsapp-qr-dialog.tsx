import { css } from 'styled-system/css'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { IconQrCode } from '../../../ui/icons'

/** Placeholder: the WhatsApp issue fills this with GET /api/whatsapp/qr and POST /api/whatsapp/logout. */
export function WhatsAppQrDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Scan QR Bot WhatsApp"
      description="Hubungkan bot WhatsApp untuk mengirim notifikasi project."
      size="sm"
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Tutup
        </Button>
      }
    >
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '3',
          aspectRatio: '1',
          maxW: '60',
          mx: 'auto',
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'borderStrong',
          borderRadius: 'lg',
          color: 'fgSubtle',
          fontSize: 'sm',
          textAlign: 'center',
          p: '6',
        })}
      >
        <IconQrCode size={40} />
        Kode QR akan tampil di sini.
      </div>
    </Dialog>
  )
}
