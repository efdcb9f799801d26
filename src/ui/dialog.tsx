import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { type DialogVariantProps, dialog } from 'styled-system/recipes'
import { Button } from './button'
import { IconX } from './icons'

export type DialogProps = DialogVariantProps & {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Blocks Escape, outside clicks and the close button (e.g. while a call runs). */
  locked?: boolean
  role?: 'dialog' | 'alertdialog'
  contentClassName?: string
  bodyClassName?: string
}

/** A modal dialog: title, optional description, body and a footer for actions. */
export function Dialog({
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
}: DialogProps) {
  const s = dialog({ placement, size })
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
            {children ? <div className={cx(s.body, bodyClassName)}>{children}</div> : null}
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

export type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  onConfirm: () => void
  loading?: boolean
}

/** A destructive confirmation: Batal + a red confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Batal',
  onConfirm,
  loading,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      role="alertdialog"
      size="sm"
      locked={loading}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
