import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** navigator.onLine as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}

/**
 * What an action says when it needs the network and there is none (Button's `needsSignal`). Photos,
 * comments and likes never need it: they wait in the Kotak Keluar.
 */
export const NEEDS_SIGNAL = {
  delete: 'Perlu sinyal untuk menghapus',
  review: 'Perlu sinyal untuk meninjau',
  upload: 'Perlu sinyal untuk mengunggah',
  download: 'Perlu sinyal untuk mengunduh',
  save: 'Perlu sinyal untuk menyimpan',
  create: 'Perlu sinyal untuk membuat',
  members: 'Perlu sinyal untuk mengatur anggota',
} as const
