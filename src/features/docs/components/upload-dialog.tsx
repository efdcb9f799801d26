import { type ChangeEvent, type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import {
  DOC_DESCRIPTION_MAX,
  DOC_DESCRIPTION_MIN,
  DOC_MAX_IMAGES,
  DOC_MSG,
  DocUploadSchema,
} from '../../../contracts/docs'
import { errorMessage } from '../../../lib/api'
import { validate } from '../../../lib/form'
import { formatBytes } from '../../../lib/format'
import { newRequestId } from '../../../lib/upload-request'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { TextAreaField } from '../../../ui/field'
import { IconAlertTriangle, IconCamera, IconImagePlus, IconImages, IconX } from '../../../ui/icons'
import { notify, toast } from '../../../ui/notify'
import { Spinner } from '../../../ui/spinner'
import { type CompressedPhoto, compressPhoto } from '../compress/photo-compressor'
import { useUploadDocs } from '../queries'

type Picked = {
  id: string
  /** The name the photo is sent and de-duplicated under. */
  name: string
  status: 'compressing' | 'ready' | 'failed'
  result?: CompressedPhoto
  preview?: string
  error?: string
}

const IMAGE_NAME = /\.(jpe?g|png|webp|gif|heic|heif|avif|bmp)$/i
const isImage = (f: File) => f.type.startsWith('image/') || (f.type === '' && IMAGE_NAME.test(f.name))

/** Camera shots often share one name ('image.jpg' on iPhones): each gets its own, from the time it was taken. */
function cameraName(file: File, taken: Set<string>): string {
  const d = new Date(file.lastModified || Date.now())
  const p = (n: number) => String(n).padStart(2, '0')
  const base = `Foto_${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}_${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`
  let name = `${base}.jpg`
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}.jpg`
  return name
}

/**
 * 'Unggah Dokumentasi': pick photos from the gallery or shoot them with the camera, images only,
 * de-duplicated by name, a description of at least 10 characters (the button stays disabled below it).
 * Each photo is compressed in a web worker as soon as it is picked, so sending starts at once; only the
 * compressed copies are sent, never the originals.
 */
export function UploadDialog({ slug, open, onClose }: { slug: string; open: boolean; onClose: () => void }) {
  const upload = useUploadDocs(slug)
  const [photos, setPhotos] = useState<Picked[]>([])
  const [description, setDescription] = useState('')
  const [touched, setTouched] = useState(false)
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [dragging, setDragging] = useState(false)
  const keyRef = useRef<{ fingerprint: string; key: string } | null>(null)
  const photosRef = useRef<Picked[]>([])
  photosRef.current = photos
  const cameraRef = useRef<HTMLInputElement>(null)
  const galleryRef = useRef<HTMLInputElement>(null)
  const sending = upload.isPending

  // Object URLs of the previews are released with the dialog.
  useEffect(
    () => () => {
      for (const p of photosRef.current) if (p.preview) URL.revokeObjectURL(p.preview)
    },
    [],
  )

  function reset() {
    for (const p of photos) if (p.preview) URL.revokeObjectURL(p.preview)
    setPhotos([])
    setDescription('')
    setTouched(false)
    setPhotoError(null)
    setServerError(null)
    setProgress(null)
    keyRef.current = null
  }

  const abortRef = useRef<AbortController | null>(null)

  /**
   * While a photo is being sent the user may leave: the attempt is ended and the upload goes to the
   * Kotak Keluar under the same key (the submit below then closes with the queued toast). Nothing waits
   * on the network and nothing is dropped.
   */
  function close() {
    if (sending) {
      abortRef.current?.abort()
      return
    }
    reset()
    onClose()
  }

  function addFiles(list: FileList | File[], fromCamera: boolean) {
    const files = [...list]
    if (files.length === 0) return
    setServerError(null)
    const names = new Set(photosRef.current.map((p) => p.name))
    const added: Picked[] = []
    let refused = false
    let tooMany = false
    for (const file of files) {
      if (!isImage(file)) {
        refused = true
        continue
      }
      const name = fromCamera ? cameraName(file, names) : file.name
      // SPEC: files are de-duplicated by name.
      if (names.has(name)) continue
      if (names.size >= DOC_MAX_IMAGES) {
        tooMany = true
        break
      }
      names.add(name)
      const picked: Picked = { id: newRequestId(), name, status: 'compressing' }
      added.push(picked)
      compressPhoto(file).then(
        (result) => {
          const preview = URL.createObjectURL(result.file)
          setPhotos((all) => {
            if (!all.some((p) => p.id === picked.id)) {
              // Removed while it was being compressed.
              URL.revokeObjectURL(preview)
              return all
            }
            return all.map((p) => (p.id === picked.id ? { ...p, status: 'ready', result, preview } : p))
          })
        },
        (err: unknown) =>
          setPhotos((all) =>
            all.map((p) =>
              p.id === picked.id
                ? {
                    ...p,
                    status: 'failed',
                    error: err instanceof Error ? err.message : 'Foto tidak dapat diproses',
                  }
                : p,
            ),
          ),
      )
    }
    setPhotoError(
      refused
        ? DOC_MSG.imagesOnly
        : tooMany
          ? `Maksimal ${DOC_MAX_IMAGES} foto dalam satu unggahan`
          : added.length > 0
            ? null
            : photoError,
    )
    if (added.length > 0) setPhotos((all) => [...all, ...added])
  }

  function onPick(e: ChangeEvent<HTMLInputElement>, fromCamera: boolean) {
    if (e.target.files) addFiles(e.target.files, fromCamera)
    // The same photo can be picked again after it was removed.
    e.target.value = ''
  }

  function remove(id: string) {
    setPhotos((all) => {
      const gone = all.find((p) => p.id === id)
      if (gone?.preview) URL.revokeObjectURL(gone.preview)
      return all.filter((p) => p.id !== id)
    })
  }

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setDragging(false)
    if (!sending) addFiles(e.dataTransfer.files, false)
  }

  const ready = photos.filter((p) => p.status === 'ready' && p.result)
  const compressing = photos.some((p) => p.status === 'compressing')
  const length = description.trim().length
  const tooShort = length < DOC_DESCRIPTION_MIN
  const canSubmit = !tooShort && !compressing && !sending

  async function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (ready.length === 0) {
      setPhotoError(DOC_MSG.noImages)
      return
    }
    const checked = validate(DocUploadSchema, { description })
    if (!checked.ok || !canSubmit) return
    const input = ready.map((p) => ({ name: p.name, blob: (p.result as CompressedPhoto).file }))
    // One key per content: sending the same photos and text again (after a lost answer) is the same upload.
    const fingerprint = JSON.stringify([checked.output.description, ready.map((p) => p.id)])
    if (keyRef.current?.fingerprint !== fingerprint) keyRef.current = { fingerprint, key: newRequestId() }
    setServerError(null)
    setProgress(0)
    const controller = new AbortController()
    abortRef.current = controller
    try {
      const res = await upload.mutateAsync({
        key: keyRef.current.key,
        description: checked.output.description,
        photos: input,
        onProgress: setProgress,
        signal: controller.signal,
      })
      const failed = res.data?.errors ?? []
      if (failed.length > 0)
        toast({
          type: 'warning',
          title: 'Beberapa file gagal diunggah:',
          description: failed.map((f) => `${f.name}: ${f.message}`).join('\n'),
          duration: 8000,
        })
      else notify('success', res.message || DOC_MSG.uploaded)
      reset()
      onClose()
    } catch (err) {
      setProgress(null)
      const message = errorMessage(err, 'Failed to upload file')
      setServerError(message)
      notify('error', message)
    } finally {
      abortRef.current = null
    }
  }

  const descriptionError = touched && tooShort ? DOC_MSG.descriptionShort : undefined
  const totalBytes = ready.reduce((sum, p) => sum + (p.result?.file.size ?? 0), 0)

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) close()
      }}
      title="Unggah Dokumentasi"
      description="Foto lapangan dengan deskripsi pekerjaan. Foto dikecilkan di perangkat sebelum dikirim."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {sending ? 'Lanjutkan di latar belakang' : 'Batal'}
          </Button>
          <Button type="submit" form="doc-upload-form" disabled={!canSubmit} loading={sending}>
            {sending ? null : <IconImagePlus />}
            {ready.length > 1 ? `Unggah ${ready.length} Foto` : 'Unggah'}
          </Button>
        </>
      }
    >
      <form
        id="doc-upload-form"
        onSubmit={submit}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <fieldset disabled={sending} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <legend className={css({ fontSize: 'sm', fontWeight: '500', color: 'fg', mb: '1.5' })}>
            Foto
            <span aria-hidden="true" className={css({ color: 'danger', ml: '0.5' })}>
              *
            </span>
          </legend>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for a mouse; the buttons inside are the keyboard way */}
          <div
            onDragOver={(e) => {
              e.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cx(
              css({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: '3',
                p: { base: '4', sm: '5' },
                borderWidth: '1.5px',
                borderStyle: 'dashed',
                borderColor: 'borderStrong',
                borderRadius: 'lg',
                bg: 'slate.50',
                textAlign: 'center',
                transition: 'background {durations.fast}, border-color {durations.fast}',
              }),
              dragging ? css({ borderColor: 'brand', bg: 'brand.soft' }) : undefined,
              photoError ? css({ borderColor: 'danger' }) : undefined,
            )}
          >
            <div
              className={css({
                display: 'grid',
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
            <input
              ref={cameraRef}
              type="file"
              accept="image/*"
              capture="environment"
              aria-label="Ambil foto dengan kamera"
              onChange={(e) => onPick(e, true)}
              className={css({ srOnly: true })}
              tabIndex={-1}
            />
            <input
              ref={galleryRef}
              type="file"
              accept="image/*"
              multiple
              aria-label="Pilih foto dari galeri"
              onChange={(e) => onPick(e, false)}
              className={css({ srOnly: true })}
              tabIndex={-1}
            />
          </div>
          {photoError ? (
            <p role="alert" className={css({ fontSize: 'xs', color: 'danger.fg', fontWeight: '500' })}>
              {photoError}
            </p>
          ) : null}

          {photos.length > 0 ? (
            <ul
              aria-label="Foto terpilih"
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)' },
                gap: '2',
              })}
            >
              {photos.map((p) => (
                <li
                  key={p.id}
                  aria-label={p.name}
                  data-status={p.status}
                  className={css({
                    position: 'relative',
                    aspectRatio: '1',
                    borderRadius: 'md',
                    overflow: 'hidden',
                    bg: 'slate.100',
                    borderWidth: '1px',
                    borderColor: p.status === 'failed' ? 'red.300' : 'border',
                  })}
                >
                  {p.preview ? (
                    <img
                      src={p.preview}
                      alt={p.name}
                      className={css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block' })}
                    />
                  ) : null}
                  {p.status === 'compressing' ? (
                    <span
                      className={css({
                        position: 'absolute',
                        inset: '0',
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        justifyContent: 'center',
                        gap: '1.5',
                        fontSize: '0.6875rem',
                        color: 'fgMuted',
                      })}
                    >
                      <Spinner /> Memproses...
                    </span>
                  ) : null}
                  {p.status === 'failed' ? (
                    <span
                      title={p.error}
                      className={css({
                        position: 'absolute',
                        inset: '0',
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        justifyContent: 'center',
                        gap: '1',
                        p: '2',
                        textAlign: 'center',
                        fontSize: '0.6875rem',
                        color: 'red.700',
                        bg: 'red.50',
                        '& svg': { w: '4', h: '4' },
                      })}
                    >
                      <IconAlertTriangle /> Tidak dapat diproses
                    </span>
                  ) : null}
                  {p.status === 'ready' && p.result ? (
                    <span
                      className={css({
                        position: 'absolute',
                        left: '1',
                        bottom: '1',
                        px: '1.5',
                        py: '0.5',
                        fontSize: '0.625rem',
                        fontWeight: '600',
                        color: 'white',
                        bg: 'rgba(15,23,42,0.65)',
                        borderRadius: 'sm',
                        fontVariantNumeric: 'tabular-nums',
                      })}
                    >
                      {formatBytes(p.result.file.size)}
                    </span>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => remove(p.id)}
                    aria-label={`Hapus ${p.name}`}
                    className={css({
                      position: 'absolute',
                      top: '1',
                      right: '1',
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      w: '6',
                      h: '6',
                      borderRadius: 'full',
                      color: 'white',
                      bg: 'rgba(15,23,42,0.65)',
                      border: 'none',
                      cursor: 'pointer',
                      _hover: { bg: 'rgba(15,23,42,0.85)' },
                      _disabled: { opacity: 0.4, cursor: 'not-allowed' },
                      '& svg': { w: '3.5', h: '3.5' },
                    })}
                  >
                    <IconX />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {ready.length > 0 ? (
            <p className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
              {ready.length} foto siap dikirim · {formatBytes(totalBytes)}
              {compressing ? ' · sisanya sedang diproses' : ''}
            </p>
          ) : null}
        </fieldset>

        <TextAreaField
          label="Deskripsi"
          name="description"
          required
          value={description}
          maxLength={DOC_DESCRIPTION_MAX}
          disabled={sending}
          onChange={(e) => {
            setDescription(e.target.value)
            setServerError(null)
          }}
          onBlur={() => setTouched(length > 0 || touched)}
          placeholder="Contoh: Pengecoran kolom lantai 2 as C-4, selesai 80%"
          rows={3}
          error={descriptionError}
          hint={
            tooShort
              ? `Minimal ${DOC_DESCRIPTION_MIN} karakter · ${length}/${DOC_DESCRIPTION_MIN}`
              : `${length} karakter`
          }
        />

        {progress !== null ? (
          <div
            role="status"
            aria-live="polite"
            className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}
          >
            <div
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                fontSize: 'xs',
                color: 'fgMuted',
              })}
            >
              <span>{progress < 100 ? 'Mengunggah foto...' : 'Menyimpan di server...'}</span>
              <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{progress}%</span>
            </div>
            <progress
              max={100}
              value={progress}
              aria-label="Kemajuan unggahan"
              className={css({
                w: 'full',
                h: '2',
                appearance: 'none',
                borderRadius: 'full',
                overflow: 'hidden',
                bg: 'slate.200',
                '&::-webkit-progress-bar': { bg: 'slate.200', borderRadius: 'full' },
                '&::-webkit-progress-value': { bg: 'brand', borderRadius: 'full', transition: 'width 200ms' },
                '&::-moz-progress-bar': { bg: 'brand', borderRadius: 'full' },
              })}
            />
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
