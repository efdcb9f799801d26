/// <reference lib="webworker" />
import imageCompression from 'browser-image-compression'
import { PHOTO_COMPRESSION } from '../../../contracts/documentation'

/*
 * Compresses one photo at a time off the main thread. browser-image-compression runs its own worker
 * from a CDN by default; here it runs inside this worker (it detects WorkerGlobalScope and draws on an
 * OffscreenCanvas), so nothing is fetched from elsewhere and the strict CSP holds offline.
 */

export type CompressRequest = { id: number; file: File }
export type CompressResponse =
  | { id: number; ok: true; blob: Blob; type: string; width: number; height: number; ms: number }
  | { id: number; ok: false; message: string }
/** Posted once the worker and the library inside it have loaded (id 0 is never a request's). */
export type CompressorReady = { id: 0; ready: true }

declare const self: DedicatedWorkerGlobalScope

/** JPEG stays JPEG (its EXIF is kept, Orientation dropped since the pixels are turned upright); PNG and
 * WebP keep their type (transparency); anything else the browser can decode becomes JPEG. */
function outputType(type: string): string {
  return type === 'image/png' || type === 'image/webp' ? type : 'image/jpeg'
}

self.onmessage = async (event: MessageEvent<CompressRequest>) => {
  const { id, file } = event.data
  const started = performance.now()
  try {
    const blob = await imageCompression(file, {
      ...PHOTO_COMPRESSION,
      fileType: outputType(file.type),
      preserveExif: true,
      useWebWorker: false,
    })
    const bitmap = await createImageBitmap(blob)
    const reply: CompressResponse = {
      id,
      ok: true,
      blob,
      type: blob.type || outputType(file.type),
      width: bitmap.width,
      height: bitmap.height,
      ms: performance.now() - started,
    }
    bitmap.close()
    self.postMessage(reply)
  } catch (err) {
    const reply: CompressResponse = {
      id,
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    }
    self.postMessage(reply)
  }
}

// Everything above loaded: from now on a failure is about a photo, not about the compressor's code.
self.postMessage({ id: 0, ready: true } satisfies CompressorReady)
