import { Workbox } from 'workbox-window'

/**
 * Registers /sw.js (production builds only). When a new version is waiting, `onUpdateReady` is told and
 * gets `apply`, which activates it and reloads once it controls the page (the caller decides how to ask).
 */
export function registerServiceWorker(onUpdateReady: (apply: () => void) => void) {
  if (!('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js')

  wb.addEventListener('waiting', () => {
    onUpdateReady(() => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  })

  wb.register().catch((err) => console.warn('Service worker registration failed', err))

  // Ask the browser to keep our IndexedDB (cache, token, later the outbox) under storage pressure.
  navigator.storage?.persist?.().catch(() => undefined)
}
