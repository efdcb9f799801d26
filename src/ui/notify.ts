import type { ToastOptions, ToastType } from './toaster'

/*
 * Raising a toast, the app's one way. The toast machinery (Ark's toasters, their machines and dismiss
 * layers: about 8 KB gzip) is its own chunk, which main.tsx starts loading at once with <Toaster />, so
 * the screens that raise toasts do not carry it in their first load. A toast raised before that chunk
 * has arrived shows as soon as it has.
 */
export function toast(options: ToastOptions) {
  import('./toaster')
    .then(({ raise }) => raise(options))
    .catch((err) => console.error('Toast could not be shown:', options.title, err))
}

/** Shortcut: a one-line toast; the message is the title. */
export function notify(type: ToastType, title: string, description?: string) {
  toast({ type, title, description })
}
