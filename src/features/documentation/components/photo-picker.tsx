import { useRef } from 'react'
import { css } from 'styled-system/css'
import { grid, hstack, stack } from 'styled-system/patterns'
import { DOC_MAX_IMAGES } from '../../../contracts/documentation'
import { formatBytes } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { IconCamera, IconImages, IconMapPin } from '../../../ui/icons'
import { DropZone, HiddenFileInput } from '../../../ui/upload-dialog'
import { PickedPhotos } from './picked-photos'
import { placeNote } from './use-capture-place'
import type { useDocUpload } from './use-doc-upload'

type Upload = ReturnType<typeof useDocUpload>

/**
 * The 'Foto' fieldset of the upload dialog: 'Ambil Foto' (the camera), 'Pilih Foto' (the gallery) or a
 * drop, the picked photos, how much is ready to send, and where they were taken.
 */
export function PhotoPicker({ upload }: { upload: Upload }) {
  const { core, picked, capture, addPhotos, sending } = upload
  const { ready, compressing } = picked
  const cameraRef = useRef<HTMLInputElement>(null)
  const galleryRef = useRef<HTMLInputElement>(null)
  const totalBytes = ready.reduce((sum, p) => sum + (p.result?.file.size ?? 0), 0)

  return (
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
          <span className={css({ display: { base: 'none', md: 'inline' } })}>atau tarik foto ke sini · </span>
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
          Foto bertanda 'asli' dikirim dalam ukuran aslinya: pemroses foto belum tersimpan di perangkat ini.
          Sambungkan internet sekali agar berikutnya dikecilkan.
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
  )
}
