import type { QueryClient } from '@tanstack/react-query'

/*
 * 'Simpan offline' on a project: fetch its lists into the (persisted) query cache and its photos into the
 * service worker's image cache, so the project reads offline without opening every tab first. Each area
 * feature contributes a step (the route composes them: features do not know each other).
 */

export type OfflineSaveResult = { lists: number; images: string[] }
export type OfflineSaveStep = (queryClient: QueryClient) => Promise<OfflineSaveResult>
export type OfflineSaveProgress = { done: number; total: number }
export type OfflineSaveSummary = { lists: number; images: number; failedImages: number; savedAt: number }

const savedKey = (scope: string) => `berkas-offline-saved:${scope}`

/** When this project was last saved for offline use on this device. */
export function offlineSavedAt(scope: string): number | null {
  try {
    const value = Number(localStorage.getItem(savedKey(scope)))
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

async function fetchImage(url: string): Promise<boolean> {
  try {
    // Same origin: the service worker's cache-first /storage/ route keeps the answer.
    const res = await fetch(url, { credentials: 'same-origin' })
    await res.arrayBuffer()
    return res.ok
  } catch {
    return false
  }
}

export async function saveForOffline(
  queryClient: QueryClient,
  scope: string,
  steps: OfflineSaveStep[],
  onProgress?: (p: OfflineSaveProgress) => void,
): Promise<OfflineSaveSummary> {
  // Saved data is worth keeping: ask the browser not to evict it under storage pressure.
  void navigator.storage?.persist?.().catch(() => undefined)
  let lists = 0
  const images = new Set<string>()
  let done = 0
  // Lists first (one unit each), then photos; the total grows once the lists say how many photos there are.
  let total = steps.length
  onProgress?.({ done, total })
  const results = await Promise.all(
    steps.map(async (step) => {
      const r = await step(queryClient)
      done++
      onProgress?.({ done, total })
      return r
    }),
  )
  for (const r of results) {
    lists += r.lists
    for (const url of r.images) images.add(url)
  }
  total += images.size
  onProgress?.({ done, total })
  let failedImages = 0
  const queue = [...images]
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (!(await fetchImage(url))) failedImages++
      done++
      onProgress?.({ done, total })
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker))
  const savedAt = Date.now()
  try {
    localStorage.setItem(savedKey(scope), String(savedAt))
  } catch {
    /* private mode: the save itself still happened */
  }
  return { lists, images: images.size, failedImages, savedAt }
}
