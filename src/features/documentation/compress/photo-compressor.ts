import { DOC_IMAGE_MAX_BYTES } from '../../../contracts/documentation'
import type { CompressorReady, CompressRequest, CompressResponse } from './photo-compressor.worker'

/**
 * The one way a photo leaves the phone: compressed in a web worker to at most 1920 px and about 1 MB
 * (PHOTO_COMPRESSION in src/contracts/documentation.ts), upright, with its EXIF capture time kept. The original
 * is uploaded only when the compressor cannot load at all (below). The worker (and the compression library inside it) loads on the first photo and is
 * let go after a quiet minute, so it costs nothing until the documentation tab is used.
 *
 * When the worker's code cannot be loaded at all (a first visit that lost its signal before the service
 * worker had stored the app, so the chunk is neither cached nor reachable), the photo is kept as taken
 * instead of being refused: capture must not stall, and the server accepts camera originals
 * (DOC_IMAGE_MAX_BYTES). The next photo tries the worker again.
 */

export type CompressedPhoto = {
  /** Named like the original, with the extension of the output type. */
  file: File
  width: number
  height: number
  /** Time spent in the worker. */
  ms: number
  /** Kept as taken because the compressor could not be loaded on this device right now. */
  original?: true
}

export class PhotoCompressionError extends Error {
  constructor(
    readonly fileName: string,
    cause: string,
  ) {
    super(`Foto ${fileName} tidak dapat diproses di perangkat ini`)
    this.cause = cause
  }
}

const IDLE_MS = 60_000
let worker: Worker | null = null
let idleTimer: ReturnType<typeof setTimeout> | undefined
let nextId = 1
/** A worker that never loaded its code answers this instead of a compression. */
type Reply = CompressResponse | { id: number; ok: false; unavailable: true; message: string }
const waiting = new Map<number, { resolve: (r: Reply) => void }>()
/** One photo at a time: a 12 MP photo decodes to ~48 MB of pixels, and phones run out of memory. */
let queue: Promise<unknown> = Promise.resolve()

function getWorker(): Worker {
  clearTimeout(idleTimer)
  if (worker) return worker
  worker = new Worker(new URL('./photo-compressor.worker.ts', import.meta.url), { type: 'module' })
  let loaded = false
  worker.onmessage = (event: MessageEvent<CompressResponse | CompressorReady>) => {
    if ('ready' in event.data) {
      loaded = true
      return
    }
    waiting.get(event.data.id)?.resolve(event.data)
    waiting.delete(event.data.id)
  }
  worker.onerror = (event) => {
    // A worker that fails to load or crashes fails everything in flight; the next photo starts afresh.
    const message = event.message || (loaded ? 'Pemroses foto berhenti' : 'Pemroses foto tidak dapat dimuat')
    for (const [id, w] of waiting)
      w.resolve(loaded ? { id, ok: false, message } : { id, ok: false, unavailable: true, message })
    waiting.clear()
    worker?.terminate()
    worker = null
  }
  return worker
}

function releaseWhenIdle() {
  clearTimeout(idleTimer)
  idleTimer = setTimeout(() => {
    if (waiting.size > 0) return
    worker?.terminate()
    worker = null
  }, IDLE_MS)
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

/** `IMG_1.HEIC` compressed to JPEG is sent as `IMG_1.jpg`. */
export function renameFor(name: string, type: string): string {
  const ext = EXT[type] ?? 'jpg'
  const dot = name.lastIndexOf('.')
  const base = dot > 0 ? name.slice(0, dot) : name || 'foto'
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (current === ext || (ext === 'jpg' && current === 'jpeg')) return name
  return `${base}.${ext}`
}

const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])

/** The photo as taken, when the compressor is not there: only what the server takes and a browser shows. */
async function keptAsTaken(file: File, cause: string): Promise<CompressedPhoto> {
  if (!DECODABLE.has(file.type) || file.size > DOC_IMAGE_MAX_BYTES)
    throw new PhotoCompressionError(file.name, cause)
  try {
    const bitmap = await createImageBitmap(file)
    const kept: CompressedPhoto = { file, width: bitmap.width, height: bitmap.height, ms: 0, original: true }
    bitmap.close()
    return kept
  } catch {
    throw new PhotoCompressionError(file.name, cause)
  }
}

function run(file: File): Promise<CompressedPhoto> {
  return new Promise<Reply>((resolve) => {
    const id = nextId++
    waiting.set(id, { resolve })
    const request: CompressRequest = { id, file }
    getWorker().postMessage(request)
  }).then((reply) => {
    if (waiting.size === 0) releaseWhenIdle()
    if (!reply.ok && 'unavailable' in reply) return keptAsTaken(file, reply.message)
    if (!reply.ok) throw new PhotoCompressionError(file.name, reply.message)
    return {
      file: new File([reply.blob], renameFor(file.name, reply.type), {
        type: reply.type,
        lastModified: file.lastModified,
      }),
      width: reply.width,
      height: reply.height,
      ms: reply.ms,
    }
  })
}

/** Compresses `file` once the photos picked before it are done. */
export function compressPhoto(file: File): Promise<CompressedPhoto> {
  const result = queue.then(() => run(file))
  queue = result.catch(() => undefined)
  return result
}
