import { type ChangeEvent, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { type FirmSettings, LOGO_MAX_BYTES, SETTINGS_MSG } from '../../../contracts/settings'
import { errorMessage } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { IconImage, IconTrash, IconUpload } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { useRemoveFirmLogo, useUploadFirmLogo } from '../queries'

const TYPES = ['image/png', 'image/jpeg']

/** The logo on the report's cover: a preview, 'Unggah logo' (PNG or JPEG, max 1 MB) and 'Hapus logo'. */
export function LogoCard({ settings }: { settings: FirmSettings }) {
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadFirmLogo()
  const remove = useRemoveFirmLogo()
  const [confirming, setConfirming] = useState(false)

  async function onPicked(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    // The server decides by the bytes; these checks only spare a phone a pointless upload.
    if (!TYPES.includes(file.type)) return notify('error', SETTINGS_MSG.logoType)
    if (file.size > LOGO_MAX_BYTES) return notify('error', SETTINGS_MSG.logoTooLarge)
    try {
      await upload.mutateAsync(file)
      notify('success', SETTINGS_MSG.logoSaved)
    } catch (err) {
      notify('error', errorMessage(err, 'Gagal mengunggah logo'))
    }
  }

  async function onRemove() {
    try {
      await remove.mutateAsync(undefined)
      notify('success', SETTINGS_MSG.logoRemoved)
      setConfirming(false)
    } catch (err) {
      notify('error', errorMessage(err, 'Gagal menghapus logo'))
    }
  }

  return (
    <Card>
      <div className={stack({ gap: '4' })}>
        <div>
          <h2 className={css({ fontWeight: '600' })}>Logo</h2>
          <p className={css({ fontSize: 'sm', color: 'fgMuted', mt: '1' })}>
            Dicetak di sampul laporan. PNG atau JPEG, maksimal 1 MB; latar transparan tetap transparan.
          </p>
        </div>
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            h: '28',
            borderWidth: '1px',
            borderStyle: 'dashed',
            borderColor: 'border',
            borderRadius: 'md',
            bg: 'subtle',
            p: '3',
          })}
        >
          {settings.logo_url ? (
            <img
              src={settings.logo_url}
              alt={`Logo ${settings.name}`}
              className={css({ maxH: 'full', maxW: 'full', objectFit: 'contain' })}
            />
          ) : (
            <span className={hstack({ gap: '2', color: 'fgSubtle', fontSize: 'sm' })}>
              <IconImage size={18} /> Belum ada logo
            </span>
          )}
        </div>
        <div className={hstack({ gap: '2', flexWrap: 'wrap' })}>
          <Button
            variant="secondary"
            loading={upload.isPending}
            needsSignal="Perlu sinyal untuk mengunggah logo"
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? null : <IconUpload size={16} />}
            {settings.logo_url ? 'Ganti logo' : 'Unggah logo'}
          </Button>
          {settings.logo_url ? (
            <Button
              variant="ghost"
              needsSignal="Perlu sinyal untuk menghapus logo"
              onClick={() => setConfirming(true)}
            >
              <IconTrash size={16} /> Hapus logo
            </Button>
          ) : null}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg"
            aria-label="Pilih file logo"
            className={css({ srOnly: true })}
            tabIndex={-1}
            onChange={onPicked}
          />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Hapus logo?"
        description="Laporan yang dibuat setelah ini tidak memakai logo. Laporan yang sudah jadi tidak berubah."
        confirmLabel="Hapus logo"
        cancelLabel="Batal"
        loading={remove.isPending}
        onConfirm={() => void onRemove()}
      />
    </Card>
  )
}
