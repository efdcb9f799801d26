import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { DialogVariantProps } from 'styled-system/recipes'
import { Button } from './button'

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

const DialogFrame = lazy(() => import('./dialog-frame'))

/**
 * A modal dialog: title, optional description, body and a footer for actions. Nothing is rendered (and
 * the dialog code is not loaded) until it first opens; from then on it stays mounted, so it can animate
 * out. The first screen of every route thus starts without the dialog library.
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open)
  if (props.open && !used) setUsed(true)
  if (!used && !props.open) return null
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
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
