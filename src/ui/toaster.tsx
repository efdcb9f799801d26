import { Portal } from '@ark-ui/react/portal'
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast'
import { toast as toastRecipe } from 'styled-system/recipes'
import { Button } from './button'
import { IconAlertCircle, IconAlertTriangle, IconCheckCircle, IconInfo, IconX } from './icons'

/** The one toaster of the app (SPEC section 9: 3 visible, 4000 ms, bottom-right, Alt+T). */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 3,
  duration: 4000,
  hotkey: ['altKey', 'KeyT'],
  overlap: false,
  gap: 12,
})

type ToastType = 'success' | 'error' | 'warning' | 'info'

/** Shortcut: one-line toast; the message is the title. */
export function notify(type: ToastType, title: string, description?: string) {
  return toaster.create({ type, title, description })
}

const icons = {
  success: IconCheckCircle,
  error: IconAlertCircle,
  warning: IconAlertTriangle,
  info: IconInfo,
} as const

export function Toaster() {
  const s = toastRecipe()
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(t) => {
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
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  className={s.closeTrigger}
                  aria-label="Tutup notifikasi"
                >
                  <IconX />
                </Button>
              </Toast.CloseTrigger>
            </Toast.Root>
          )
        }}
      </ArkToaster>
    </Portal>
  )
}
