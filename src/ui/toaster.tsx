import { Portal } from '@ark-ui/react/portal'
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast'
import { toast as toastRecipe } from 'styled-system/recipes'
import { Button } from './button'
import { IconAlertCircle, IconAlertTriangle, IconCheckCircle, IconInfo, IconX } from './icons'

const options = { max: 3, duration: 4000, overlap: false, gap: 12 } as const

/** Toasts where SPEC section 9 puts them: 3 visible, 4000 ms, bottom-right, Alt+T. */
const cornerToaster = createToaster({ placement: 'bottom-end', hotkey: ['altKey', 'KeyT'], ...options })

/**
 * On a phone a dialog is a bottom sheet with 'Batal' and its submit button along the bottom edge, exactly
 * where corner toasts land: a failing save would hide the buttons to retry or give up for 4 seconds.
 * Toasts raised while a sheet is open go to the top, over the strip of backdrop above the sheet. (Ark
 * fixes a toaster's placement, and moving the corner group by CSS breaks its bottom-anchored stacking.)
 */
const sheetToaster = createToaster({ placement: 'top', ...options })

// Below Panda's `sm` breakpoint (640px) the dialog recipe draws a dialog as a bottom sheet.
const phoneSheetOpen = () =>
  window.matchMedia('(max-width: 639.98px)').matches &&
  document.querySelector('[data-scope=dialog][data-part=content][data-state=open]') !== null

export type ToastOptions = Parameters<typeof cornerToaster.create>[0]
export type ToastType = 'success' | 'error' | 'warning' | 'info'

/** Shows a toast on the toaster for the screen of the moment. Screens call ./notify, not this. */
export function raise(toast: ToastOptions) {
  ;(phoneSheetOpen() ? sheetToaster : cornerToaster).create(toast)
}

/**
 * A sheet opened on a phone while corner toasts are still showing (the 'Disimpan di Kotak Keluar' of one
 * upload as the next upload's sheet opens): they move to the top, so they never sit over the sheet's
 * buttons and catch the tap meant for 'Unggah'. Called by the dialog frame when it opens.
 */
export function liftToastsOverSheet() {
  if (!phoneSheetOpen()) return
  for (const toast of cornerToaster.getVisibleToasts()) {
    if (!toast.id) continue
    cornerToaster.remove(toast.id)
    // What the app sets on a toast; the machine's own state (timers, placement) starts afresh.
    const { title, description, type, duration, action } = toast
    sheetToaster.create({ title, description, type, duration, action })
  }
}

const icons = {
  success: IconCheckCircle,
  error: IconAlertCircle,
  warning: IconAlertTriangle,
  info: IconInfo,
} as const

export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={cornerToaster}>{ToastCard}</ArkToaster>
      <ArkToaster toaster={sheetToaster}>{ToastCard}</ArkToaster>
    </Portal>
  )
}

function ToastCard(t: ToastOptions) {
  const s = toastRecipe()
  const type = (t.type ?? 'info') as ToastType
  const Icon = icons[type] ?? IconInfo
  return (
    <Toast.Root key={t.id} className={s.root}>
      <Icon className={s.icon} data-type={type} />
      <div>
        {t.title ? <Toast.Title className={s.title}>{t.title}</Toast.Title> : null}
        {t.description ? (
          <Toast.Description className={s.description}>{t.description}</Toast.Description>
        ) : null}
        {t.action ? (
          <Toast.ActionTrigger asChild>
            <Button size="xs" variant="secondary" className={s.action}>
              {t.action.label}
            </Button>
          </Toast.ActionTrigger>
        ) : null}
      </div>
      <Toast.CloseTrigger asChild>
        <Button variant="ghost" size="xs" iconOnly className={s.closeTrigger} aria-label="Tutup notifikasi">
          <IconX />
        </Button>
      </Toast.CloseTrigger>
    </Toast.Root>
  )
}
