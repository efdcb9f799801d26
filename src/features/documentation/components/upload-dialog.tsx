import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { DOC_DESCRIPTION_MAX, DOC_DESCRIPTION_MIN } from '../../../contracts/documentation'
import { Dialog } from '../../../ui/dialog'
import { TextAreaField } from '../../../ui/field'
import { IconImagePlus } from '../../../ui/icons'
import { Notice } from '../../../ui/notice'
import { UploadActions, UploadMeter } from '../../../ui/upload-dialog'
import type { SiteDoc } from '../site'
import { PhotoPicker } from './photo-picker'
import { SiteFieldset } from './site-fields'
import { useDocUpload } from './use-doc-upload'

/**
 * 'Unggah Dokumentasi': pick photos from the gallery or shoot them with the camera, images only,
 * de-duplicated by name, a description of at least 10 characters (the button stays disabled below it).
 * Each photo is compressed in a web worker as soon as it is picked, so sending starts at once; only the
 * compressed copies are sent, never the originals. Its state and the send live in useDocUpload.
 */
export function UploadDialog({
  slug,
  projectId,
  isAdmin,
  open,
  revising,
  onClose,
}: {
  slug: string
  projectId: number
  isAdmin: boolean
  open: boolean
  /** 'Unggah Revisi': new photos (and optionally a new description) for this item in revision. */
  revising?: SiteDoc | null
  onClose: () => void
}) {
  const upload = useDocUpload({ slug, projectId, open, revising, onClose })
  const { core, sending, picked, length, tooShort } = upload
  const { ready } = picked

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) core.close()
      }}
      title={revising ? 'Unggah Revisi' : 'Unggah Dokumentasi'}
      description={
        revising
          ? 'Foto baru untuk dokumentasi yang diminta revisi. Versi sebelumnya tetap tersimpan di riwayat.'
          : 'Foto lapangan dengan deskripsi pekerjaan. Foto dikecilkan di perangkat sebelum dikirim.'
      }
      size="lg"
      footer={
        <UploadActions
          sending={sending}
          onCancel={core.close}
          cancelWhileSending="Lanjutkan di latar belakang"
          form="doc-upload-form"
          disabled={!upload.canSubmit}
          icon={<IconImagePlus />}
          label={revising ? 'Unggah Revisi' : ready.length > 1 ? `Unggah ${ready.length} Foto` : 'Unggah'}
        />
      }
    >
      <form id="doc-upload-form" onSubmit={upload.submit} noValidate className={stack({ gap: '4' })}>
        <PhotoPicker upload={upload} />

        {revising?.review_note ? (
          <Notice tone="danger">
            <span className={css({ fontWeight: '600' })}>Catatan revisi: </span>
            {revising.review_note}
          </Notice>
        ) : null}

        <TextAreaField
          label={revising ? 'Deskripsi baru (opsional)' : 'Deskripsi'}
          name="description"
          required={!revising}
          value={upload.description}
          maxLength={DOC_DESCRIPTION_MAX}
          disabled={sending}
          onChange={(e) => upload.setDescription(e.target.value)}
          onBlur={upload.touchDescription}
          placeholder={
            revising
              ? 'Kosongkan untuk memakai deskripsi sebelumnya'
              : 'Contoh: Pengecoran kolom lantai 2 as C-4, selesai 80%'
          }
          rows={3}
          error={upload.descriptionError}
          hint={
            tooShort
              ? `Minimal ${DOC_DESCRIPTION_MIN} karakter · ${length}/${DOC_DESCRIPTION_MIN}`
              : `${length} karakter`
          }
        />

        <SiteFieldset
          projectId={projectId}
          isAdmin={isAdmin}
          values={upload.site}
          onChange={upload.setSite}
          disabled={sending}
        />

        {upload.progress !== null ? (
          <SendingProgress progress={upload.progress} stalled={upload.stalled} />
        ) : null}
        {upload.serverError ? (
          <p role="alert" className={css({ fontSize: 'sm', color: 'danger.fg' })}>
            {upload.serverError}
          </p>
        ) : null}
      </form>
    </Dialog>
  )
}

/**
 * The meter, and the note when sending stalls. Both sit at the end of a long sheet: brought into view
 * above the pinned footer when sending starts and when it stalls.
 */
function SendingProgress({ progress, stalled }: { progress: number; stalled: boolean }) {
  const sendingRef = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: into view when shown, and again when it stalls
  useEffect(() => {
    sendingRef.current?.scrollIntoView({ block: 'nearest' })
  }, [stalled])
  return (
    <div ref={sendingRef} className={stack({ gap: '3', scrollMarginBottom: '28' })}>
      <UploadMeter
        live
        tight
        tone="muted"
        start={progress < 100 ? 'Mengunggah foto...' : 'Menyimpan di server...'}
        end={`${progress}%`}
        percent={progress}
        label="Kemajuan unggahan"
      />
      {stalled ? (
        <Notice tone="warning" size="sm" data-testid="upload-stalled" role="status">
          Sinyal lemah, pengiriman tertahan. Aman untuk menutup: tekan 'Lanjutkan di latar belakang', foto
          disimpan di Kotak Keluar dan dikirim otomatis saat sinyal membaik.
        </Notice>
      ) : null}
    </div>
  )
}
