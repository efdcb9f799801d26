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
 * What an action says when it needs the network and there is none (Button's `needsSignal`): 'Perlu sinyal untuk menghapus'. Each screen names its own verb, so the
 * first screen carries none of the others. Photos,
 * comments and likes never need it: they wait in the Kotak Keluar.
 */
export const needsSignalTo = (verb: string) => `Perlu sinyal untuk ${verb}`
