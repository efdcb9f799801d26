import { useEffect, useState } from 'react'
import { useOutbox } from '../../../lib/outbox-client'

export type StorageUsage = { usage: number; quota?: number; persisted?: boolean }

/**
 * What this app keeps on the device (IndexedDB: cache and outbox photos; the service worker's caches),
 * and whether the browser promised not to evict it (navigator.storage.persist(), asked at start).
 * Measured again whenever the outbox changes.
 */
export function useStorageUsage(): StorageUsage | null {
  const { items } = useOutbox()
  const [usage, setUsage] = useState<StorageUsage | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured when the outbox changes
  useEffect(() => {
    const storage = navigator.storage
    if (!storage?.estimate) return
    let live = true
    Promise.all([storage.estimate(), storage.persisted?.().catch(() => undefined)])
      .then(([estimate, persisted]) => {
        if (live) setUsage({ usage: estimate.usage ?? 0, quota: estimate.quota, persisted })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [items])
  return usage
}
