import { useSyncExternalStore } from 'react'

/*
 * 'Pasang Aplikasi': Chromium offers installation through a `beforeinstallprompt` event that fires early,
 * often before React has rendered, so it is caught here when the app starts and kept until the button
 * uses it. Safari and Firefox have no such event: there the button stays hidden (Safari installs from
 * the share sheet).
 */

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: InstallPromptEvent | null = null
const subscribers = new Set<() => void>()
const notify = () => {
  for (const s of subscribers) s()
}

/** Starts listening (main.tsx calls it before the first render). */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; the header button offers it instead.
    event.preventDefault()
    deferred = event as InstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    notify()
  })
}

/** Shows the browser's install dialog; false when the user declined or it is not available. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred
  if (!event) return false
  // A prompt event can be used once.
  deferred = null
  notify()
  await event.prompt()
  const choice = await event.userChoice
  return choice.outcome === 'accepted'
}

/** True while the browser offers installation. */
export function useInstallAvailable(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      subscribers.add(onChange)
      return () => subscribers.delete(onChange)
    },
    () => deferred !== null,
    () => false,
  )
}
