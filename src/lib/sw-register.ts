import { Workbox } from 'workbox-window'
import { toaster } from '../ui/toaster'

/** Registers /sw.js (production builds only) and offers a reload when a new version is waiting. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js')

  wb.addEventListener('waiting', () => {
    toaster.create({
      type: 'info',
      title: 'Versi baru tersedia',
      description: 'Muat ulang untuk memakai versi terbaru Berkas.',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: 'Muat ulang',
        onClick() {
          wb.addEventListener('controlling', () => window.location.reload())
          wb.messageSkipWaiting()
        },
      },
    })
  })

  wb.register().catch((err) => console.warn('Service worker registration failed', err))

  // Ask the browser to keep our IndexedDB (cache, token, later the outbox) under storage pressure.
  navigator.storage?.persist?.().catch(() => undefined)
}
