import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useEffect } from 'react'
import { css, cx } from 'styled-system/css'
import { dialog } from 'styled-system/recipes'
import { Button } from './button'
import type { DialogProps } from './dialog'
import { IconX } from './icons'
import { OfflineNote } from './offline-note'

/**
 * The modal itself (Ark UI dialog: focus trap, scroll lock, aria-hidden outside). ./dialog loads it the
 * first time a dialog opens, so screens do not pay for dialogs nobody opened.
 */
export default function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  locked,
  role = 'dialog',
  placement,
  size,
  contentClassName,
  bodyClassName,
  signalNote,
}: DialogProps) {
  const s = dialog({ placement, size })
  // On a phone the sheet's buttons sit where corner toasts are: those still showing move to the top.
  useEffect(() => {
    if (!open) return
    const frame = requestAnimationFrame(() => {
      void import('./toaster').then((t) => t.liftToastsOverSheet()).catch(() => undefined)
    })
    return () => cancelAnimationFrame(frame)
  }, [open])
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!locked || d.open) onOpenChange(d.open)
      }}
      role={role}
      lazyMount
      unmountOnExit
      closeOnEscape={!locked}
      closeOnInteractOutside={!locked}
    >
      <Portal>
        <ArkDialog.Backdrop className={s.backdrop} />
        <ArkDialog.Positioner className={s.positioner}>
          <ArkDialog.Content className={cx(s.content, contentClassName)}>
            <div className={s.header}>
              <ArkDialog.Title className={s.title}>{title}</ArkDialog.Title>
              {description ? (
                <ArkDialog.Description className={s.description}>{description}</ArkDialog.Description>
              ) : null}
            </div>
            {children || signalNote ? (
              <div className={cx(s.body, bodyClassName)}>
                {children}
                {signalNote ? <OfflineNote className={css({ mt: '3' })}>{signalNote}</OfflineNote> : null}
              </div>
            ) : null}
            {footer ? <div className={s.footer}>{footer}</div> : null}
            <ArkDialog.CloseTrigger asChild>
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                className={s.closeTrigger}
                aria-label="Tutup"
                disabled={locked}
              >
                <IconX />
              </Button>
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}
