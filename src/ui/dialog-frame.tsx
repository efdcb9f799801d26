import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useEffect, useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { dialog } from 'styled-system/recipes'
import { Button } from './button'
import type { DialogProps, DialogRootProps } from './dialog'
import {
  type DialogBodyProps,
  type DialogFooterProps,
  type DialogHeaderProps,
  type DialogParts,
  DialogPartsContext,
  useDialogParts,
} from './dialog-context'
import { IconX } from './icons'
import { OfflineNote } from './offline-note'

function Header({ title, description }: DialogHeaderProps) {
  const { styles } = useDialogParts()
  return (
    <div className={styles.header}>
      <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
      {description ? (
        <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description>
      ) : null}
    </div>
  )
}

function Body({ flush, className, signalNote, children }: DialogBodyProps) {
  const { styles } = useDialogParts()
  return (
    <div className={cx(styles.body, flush && css({ p: '0' }), className)}>
      {children}
      {signalNote ? <OfflineNote className={css({ mt: '3' })}>{signalNote}</OfflineNote> : null}
    </div>
  )
}

function Footer({ className, children }: DialogFooterProps) {
  const { styles } = useDialogParts()
  return <div className={cx(styles.footer, className)}>{children}</div>
}

/**
 * The modal itself (Ark UI dialog: focus trap, scroll lock, aria-hidden outside) around whatever parts
 * it is given, with the close button. ./dialog loads it the first time a dialog opens, so screens do not
 * pay for dialogs nobody opened.
 */
export function DialogShell({
  open,
  onOpenChange,
  locked,
  role = 'dialog',
  placement,
  size,
  contentClassName,
  children,
}: DialogRootProps) {
  const s = useMemo(() => dialog({ placement, size }), [placement, size])
  const parts = useMemo<DialogParts>(() => ({ styles: s, Header, Body, Footer }), [s])
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
            <DialogPartsContext.Provider value={parts}>{children}</DialogPartsContext.Provider>
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

/** The simple dialog: title and description, a body, a footer of actions. */
export default function DialogFrame({
  title,
  description,
  children,
  footer,
  bodyClassName,
  signalNote,
  ...root
}: DialogProps) {
  return (
    <DialogShell {...root}>
      <Header title={title} description={description} />
      {children || signalNote ? (
        <Body className={bodyClassName} signalNote={signalNote}>
          {children}
        </Body>
      ) : null}
      {footer ? <Footer>{footer}</Footer> : null}
    </DialogShell>
  )
}
