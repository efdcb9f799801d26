/*
 * The page bench/image-compression.ts loads in headless Chromium. It exposes the app's real compressor
 * (src/features/documentation/compress: the same worker, library and options the upload dialog uses) and, as the
 * baseline, the same library with the same options run on the main thread, which is what the app would
 * do without its worker.
 */
import imageCompression from 'browser-image-compression'
import { PHOTO_COMPRESSION } from '../../src/contracts/documentation'
import { compressPhoto } from '../../src/features/documentation/compress/photo-compressor'

type Result = {
  ms: number
  bytes: number
  width: number
  height: number
  type: string
  longestTaskMs: number
  tasks: number
}

const tasks: { start: number; duration: number }[] = []
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration })
}).observe({ type: 'longtask', buffered: true })

/** Long tasks (>= 50 ms, the browser's definition) that overlapped [from, to]. */
function longTasks(from: number, to: number) {
  const hit = tasks.filter((t) => t.start < to && t.start + t.duration > from)
  return { longestTaskMs: Math.max(0, ...hit.map((t) => t.duration)), tasks: hit.length }
}

/** Waits two frames, so tasks that end a run are reported before they are read. */
const settle = () =>
  new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))))

async function measure(run: () => Promise<{ blob: Blob; width: number; height: number }>): Promise<Result> {
  await settle()
  const from = performance.now()
  const out = await run()
  const ms = performance.now() - from
  await settle()
  return {
    ms,
    bytes: out.blob.size,
    width: out.width,
    height: out.height,
    type: out.blob.type,
    ...longTasks(from, from + ms),
  }
}

async function size(blob: Blob) {
  const bitmap = await createImageBitmap(blob)
  const dims = { width: bitmap.width, height: bitmap.height }
  bitmap.close()
  return dims
}

const w = window as unknown as Record<string, unknown>
w.benchIdle = async (ms: number) =>
  measure(async () => {
    await new Promise((r) => setTimeout(r, ms))
    return { blob: new Blob([]), width: 0, height: 0 }
  })
w.benchWorker = async (file: File) =>
  measure(async () => {
    const out = await compressPhoto(file)
    return { blob: out.file, width: out.width, height: out.height }
  })
w.benchMainThread = async (file: File) =>
  measure(async () => {
    const blob = await imageCompression(file, {
      ...PHOTO_COMPRESSION,
      fileType: 'image/jpeg',
      preserveExif: true,
      useWebWorker: false,
    })
    return { blob, ...(await size(blob)) }
  })
w.benchReady = true
