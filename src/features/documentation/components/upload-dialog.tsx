import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { grid, hstack, stack } from 'styled-system/patterns'
import type { PhotoMeta } from '../../../contracts/doc-writes'
import {
  DOC_DESCRIPTION_MAX,
  DOC_DESCRIPTION_MIN,
  DOC_MAX_IMAGES,
  DOC_MSG,
  DocUploadSchema,
} from '../../../contracts/documentation'
import { errorMessage } from '../../../lib/api'
import { validate } from '../../../lib/form'
import { formatBytes } from '../../../lib/format'
import { newRequestId } from '../../../lib/upload-request'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { TextAreaField } from '../../../ui/field'
import { IconCamera, IconImagePlus, IconImages, IconMapPin } from '../../../ui/icons'
import { notify, toast } from '../../../ui/notify'
import {
  DropZone,
  HiddenFileInput,
  UploadActions,
  UploadMeter,
  useUploadDialog,
} from '../../../ui/upload-dialog'
import type { CompressedPhoto } from '../compress/photo-compressor'
import { useReviseDoc, useUploadDocs } from '../queries'
import type { SiteDoc } from '../site'
import { duplicateText } from './photo-place'
import { PickedPhotos } from './picked-photos'
import { useRememberedWorkItem } from './remembered-work-item'
import { EMPTY_SITE, progressError, SiteFieldset, type SiteValues, siteFields } from './site-fields'
import { photoMeta, placeNote, useCapturePlace, wantsLivePlace } from './use-capture-place'
import { usePickedPhotos } from './use-picked-photos'
import { useStalled } from './use-stalled'

/**
 * 'Unggah Dokumentasi': pick photos from the gallery or shoot them with the camera, images only,
 * de-duplicated by name, a description of at least 10 characters (the button stays disabled below it).
 * Each photo is compressed in a web worker as soon as it is picked, so sending starts at once; only the
 * compressed copies are sent, never the originals.
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
  const upload = useUploadDocs(slug)
  const revise = useReviseDoc(slug)
  const qc = useQueryClient()
  const picked = usePickedPhotos()
  const capture = useCapturePlace()
  const [site, setSite] = useState<SiteValues>(EMPTY_SITE)
  const [description, setDescription] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const keyRef = useRef<{ fingerprint: string; key: string } | null>(null)
  const cameraRef = useRef<HTMLInputElement>(null)
  const galleryRef = useRef<HTMLInputElement>(null)

  const workItem = useRememberedWorkItem(projectId)
  // A revision starts from the item's own work item, place and progress; a new upload from the work item
  // of the last one (once the list shows the project still has it).
  useEffect(() => {
    if (open && revising)
      setSite({
        workItem: revising.work_item ? String(revising.work_item.id) : '',
        location: revising.location ?? '',
        progress: revising.progress != null ? String(revising.progress) : '',
      })
  }, [open, revising])
  useEffect(() => {
    if (open && !revising && workItem.remembered)
      setSite((s) => (s.workItem ? s : { ...s, workItem: workItem.remembered }))
  }, [open, revising, workItem.remembered])

  function reset() {
    picked.clear()
    capture.reset()
    setSite(EMPTY_SITE)
    setDescription('')
    setTouched(false)
    setServerError(null)
    setProgress(null)
    keyRef.current = null
  }

  function addPhotos(files: File[], fromCamera: boolean) {
    setServerError(null)
    picked.add(files, fromCamera)
    // A shot in the app's camera is taken here and now: the device's position is its place.
    if (fromCamera && files.length > 0) capture.ask()
  }
  // A gallery photo taken minutes ago without GPS of its own may take the device's position too.
  const wantsLive = picked.photos.some(wantsLivePlace)
  useEffect(() => {
    if (wantsLive) capture.ask()
  }, [wantsLive, capture.ask])

  /**
   * While a photo is being sent the user may leave: the attempt is ended and the upload goes to the
   * Kotak Keluar under the same key (the submit below then closes with the queued toast). Nothing waits
   * on the network and nothing is dropped.
   */
  const core = useUploadDialog({
    onDrop: (files) => addPhotos(files, false),
    onClose: () => {
      reset()
      onClose()
    },
  })
  const { sending } = core

  const { ready, compressing } = picked
  const length = description.trim().length
  // A revision may keep the item's description (left empty).
  const tooShort = revising ? length > 0 && length < DOC_DESCRIPTION_MIN : length < DOC_DESCRIPTION_MIN
  const canSubmit = !tooShort && !compressing && !sending && !progressError(site.progress)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (ready.length === 0) {
      picked.setPhotoError(DOC_MSG.noImages)
      return
    }
    const checked =
      revising && length === 0
        ? ({ ok: true, output: { description: '' } } as const)
        : validate(DocUploadSchema, { description })
    if (!checked.ok || !canSubmit) return
    const input = ready.map((p) => ({ name: p.name, blob: (p.result as CompressedPhoto).file }))
    const meta: PhotoMeta[] = ready.map((p) => photoMeta(p, capture.place))
    const fields = siteFields(site)
    const workItemName = qc
      .getQueryData(workItemsQueryOptions(projectId).queryKey)
      ?.find((w) => w.id === fields.work_item_id)?.name
    // One key per content: sending the same photos and text again (after a lost answer) is the same upload.
    const fingerprint = JSON.stringify([
      revising?.uuid,
      checked.output.description,
      ready.map((p) => p.id),
      fields,
      meta,
    ])
    if (keyRef.current?.fingerprint !== fingerprint) keyRef.current = { fingerprint, key: newRequestId() }
    const key = keyRef.current.key
    setServerError(null)
    setProgress(0)
    if (!revising) workItem.remember(site.workItem)
    await core.send(async (signal) => {
      try {
        const vars = {
          key,
          description: checked.output.description,
          photos: input,
          meta,
          site: fields,
          workItemName,
          onProgress: setProgress,
          signal,
        }
        const res = revising
          ? await revise.mutateAsync({ ...vars, doc: revising.uuid })
          : await upload.mutateAsync(vars)
        const failed = (res.data && 'errors' in res.data ? res.data.errors : undefined) ?? []
        const copies = res.data && 'docs' in res.data ? res.data.docs.filter((d) => d.duplicate_at) : []
        if (copies.length > 0) toast({ type: 'warning', title: duplicateText(copies[0]), duration: 10_000 })
        if (failed.length > 0)
          toast({
            type: 'warning',
            title: 'Beberapa file gagal diunggah:',
            description: failed.map((f) => `${f.name}: ${f.message}`).join('\n'),
            duration: 8000,
          })
        else
          notify(
            'success',
            res.message || (revising ? 'Revisi dokumentasi berhasil diunggah' : DOC_MSG.uploaded),
          )
        reset()
        onClose()
      } catch (err) {
        setProgress(null)
        const message = errorMessage(err, 'Failed to upload file')
        setServerError(message)
        notify('error', message)
      }
    })
  }

  const stalled = useStalled(sending ? progress : null)
  // The meter and the stall note sit at the end of a long sheet: brought into view above the pinned
  // footer when sending starts and when it stalls.
  const sendingRef = useRef<HTMLDivElement>(null)
  const started = progress !== null
  useEffect(() => {
    if (started || stalled) sendingRef.current?.scrollIntoView({ block: 'nearest' })
  }, [started, stalled])
  const descriptionError = touched && tooShort ? DOC_MSG.descriptionShort : undefined
  const totalBytes = ready.reduce((sum, p) => sum + (p.result?.file.size ?? 0), 0)

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
          disabled={!canSubmit}
          icon={<IconImagePlus />}
          label={revising ? 'Unggah Revisi' : ready.length > 1 ? `Unggah ${ready.length} Foto` : 'Unggah'}
        />
      }
    >
      <form id="doc-upload-form" onSubmit={submit} noValidate className={stack({ gap: '4' })}>
        <fieldset disabled={sending} className={stack({ gap: '3' })}>
          <legend className={css({ fontSize: 'sm', fontWeight: '500', color: 'fg', mb: '1.5' })}>
            Foto
            <span aria-hidden="true" className={css({ color: 'danger', ml: '0.5' })}>
              *
            </span>
          </legend>
          <DropZone kind="panel" zone={core.dropZone} invalid={picked.photoError !== null}>
            <div
              className={grid({
                gridTemplateColumns: '1fr 1fr',
                gap: '2',
                w: 'full',
                maxW: 'sm',
              })}
            >
              <Button variant="secondary" onClick={() => cameraRef.current?.click()}>
                <IconCamera /> Ambil Foto
              </Button>
              <Button variant="secondary" onClick={() => galleryRef.current?.click()}>
                <IconImages /> Pilih Foto
              </Button>
            </div>
            <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
              <span className={css({ display: { base: 'none', md: 'inline' } })}>
                atau tarik foto ke sini ·{' '}
              </span>
              Hanya gambar, maksimal {DOC_MAX_IMAGES} foto
            </p>
            <HiddenFileInput
              ref={cameraRef}
              accept="image/*"
              capture="environment"
              aria-label="Ambil foto dengan kamera"
              onChange={core.picker((files) => addPhotos(files, true))}
              tabIndex={-1}
            />
            <HiddenFileInput
              ref={galleryRef}
              accept="image/*"
              multiple
              aria-label="Pilih foto dari galeri"
              onChange={core.picker((files) => addPhotos(files, false))}
              tabIndex={-1}
            />
          </DropZone>
          {picked.photoError ? (
            <p role="alert" className={css({ fontSize: 'xs', color: 'danger.fg', fontWeight: '500' })}>
              {picked.photoError}
            </p>
          ) : null}

          {picked.photos.length > 0 ? <PickedPhotos photos={picked.photos} onRemove={picked.remove} /> : null}
          {ready.length > 0 ? (
            <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
              {ready.length} foto siap dikirim · {formatBytes(totalBytes)}
              {compressing ? ' · sisanya sedang diproses' : ''}
            </p>
          ) : null}
          {ready.some((p) => p.result?.original) ? (
            <p data-testid="sent-as-taken" className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
              Foto bertanda 'asli' dikirim dalam ukuran aslinya: pemroses foto belum tersimpan di perangkat
              ini. Sambungkan internet sekali agar berikutnya dikecilkan.
            </p>
          ) : null}
          {placeNote(ready, capture.place) ? (
            <p
              data-testid="capture-place"
              data-state={capture.place.state}
              className={hstack({
                gap: '1',
                fontSize: 'xs',
                color: 'fgSubtle',
                '& svg': { w: '3.5', h: '3.5' },
              })}
            >
              <IconMapPin /> {placeNote(ready, capture.place)}
            </p>
          ) : null}
        </fieldset>

        {revising?.review_note ? (
          <div
            className={css({
              fontSize: 'sm',
              color: 'red.800',
              bg: 'red.50',
              borderWidth: '1px',
              borderColor: 'red.200',
              borderRadius: 'md',
              px: '3',
              py: '2',
            })}
          >
            <span className={css({ fontWeight: '600' })}>Catatan revisi: </span>
            {revising.review_note}
          </div>
        ) : null}

        <TextAreaField
          label={revising ? 'Deskripsi baru (opsional)' : 'Deskripsi'}
          name="description"
          required={!revising}
          value={description}
          maxLength={DOC_DESCRIPTION_MAX}
          disabled={sending}
          onChange={(e) => {
            setDescription(e.target.value)
            setServerError(null)
          }}
          onBlur={() => setTouched(length > 0 || touched)}
          placeholder={
            revising
              ? 'Kosongkan untuk memakai deskripsi sebelumnya'
              : 'Contoh: Pengecoran kolom lantai 2 as C-4, selesai 80%'
          }
          rows={3}
          error={descriptionError}
          hint={
            tooShort
              ? `Minimal ${DOC_DESCRIPTION_MIN} karakter · ${length}/${DOC_DESCRIPTION_MIN}`
              : `${length} karakter`
          }
        />

        <SiteFieldset
          projectId={projectId}
          isAdmin={isAdmin}
          values={site}
          onChange={setSite}
          disabled={sending}
        />

        {progress !== null ? (
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
              <p
                data-testid="upload-stalled"
                role="status"
                className={css({
                  fontSize: 'xs',
                  color: 'amber.900',
                  bg: 'amber.50',
                  borderWidth: '1px',
                  borderColor: 'amber.200',
                  borderRadius: 'md',
                  px: '3',
                  py: '2',
                })}
              >
                Sinyal lemah, pengiriman tertahan. Aman untuk menutup: tekan 'Lanjutkan di latar belakang',
                foto disimpan di Kotak Keluar dan dikirim otomatis saat sinyal membaik.
              </p>
            ) : null}
          </div>
        ) : null}
        {serverError ? (
          <p role="alert" className={css({ fontSize: 'sm', color: 'danger.fg' })}>
            {serverError}
          </p>
        ) : null}
      </form>
    </Dialog>
  )
}
