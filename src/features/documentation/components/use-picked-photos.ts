import { useEffect, useRef, useState } from 'react'
import { DOC_MAX_IMAGES, DOC_MSG } from '../../../contracts/documentation'
import { newRequestId } from '../../../lib/upload-request'
import { type CompressedPhoto, compressPhoto } from '../compress/photo-compressor'
import { type PhotoExif, readPhotoExif } from '../compress/photo-exif'

export type PickedPhoto = {
  id: string
  /** The name the photo is sent and de-duplicated under. */
  name: string
  status: 'compressing' | 'ready' | 'failed'
  result?: CompressedPhoto
  preview?: string
  error?: string
  /** When it was captured as this device knows it (ms): the moment a camera shot came in, else the file's time. */
  capturedAt: number
  /** Shot in the app's own camera flow ('Ambil Foto'), at `capturedAt`. */
  fromCamera: boolean
  /** The capture time and GPS the camera wrote, read before compression; null once read and absent. */
  exif?: PhotoExif | null
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
 * The photos picked for one documentation upload: images only, de-duplicated by name, at most
 * DOC_MAX_IMAGES. Each is compressed in a web worker as soon as it is picked, and previewed from its
 * compressed copy (object URLs released when removed, cleared or unmounted).
 */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([])
  const [photoError, setPhotoError] = useState<string | null>(null)
  const photosRef = useRef<PickedPhoto[]>([])
  photosRef.current = photos

  // Object URLs of the previews are released with the dialog.
  useEffect(
    () => () => {
      for (const p of photosRef.current) if (p.preview) URL.revokeObjectURL(p.preview)
    },
    [],
  )

  function clear() {
    for (const p of photos) if (p.preview) URL.revokeObjectURL(p.preview)
    setPhotos([])
    setPhotoError(null)
  }

  /** Adds what may be added; returns whether anything was (an error says why something was not). */
  function add(files: File[], fromCamera: boolean) {
    const names = new Set(photosRef.current.map((p) => p.name))
    const added: PickedPhoto[] = []
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
      const picked: PickedPhoto = {
        id: newRequestId(),
        name,
        status: 'compressing',
        capturedAt: fromCamera ? Date.now() : file.lastModified || Date.now(),
        fromCamera,
      }
      added.push(picked)
      // Read from the original: compression keeps a JPEG's EXIF but not a HEIC's, PNG's or WebP's.
      void readPhotoExif(file).then((exif) =>
        setPhotos((all) =>
          all.map((p) =>
            p.id === picked.id
              ? { ...p, exif, capturedAt: fromCamera ? p.capturedAt : (exif?.takenAt ?? p.capturedAt) }
              : p,
          ),
        ),
      )
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

  function remove(id: string) {
    setPhotos((all) => {
      const gone = all.find((p) => p.id === id)
      if (gone?.preview) URL.revokeObjectURL(gone.preview)
      return all.filter((p) => p.id !== id)
    })
  }

  const ready = photos.filter((p) => p.status === 'ready' && p.result)
  const compressing = photos.some((p) => p.status === 'compressing')
  return { photos, ready, compressing, photoError, setPhotoError, add, remove, clear }
}
