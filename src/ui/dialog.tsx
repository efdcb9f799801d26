import { type ComponentType, type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { css } from 'styled-system/css'
import type { DialogVariantProps } from 'styled-system/recipes'
import { afterFirstPaint } from '../lib/after-load'
import { needsSignalTo, useOnline } from '../lib/use-online'
import { Button } from './button'
import { notify } from './notify'

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
  /** Shown under the body while there is no signal: why the dialog's action cannot run now. */
  signalNote?: string
}

const DialogFrame = lazy(() => import('./dialog-frame'))

/**
 * False until `open` is first true, then true for good (so a closing dialog can animate out). A dialog
 * with its own form and mutation hooks renders them only from then on: a closed dialog costs nothing.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

/**
 * A dialog with its own form, hooks and code (`load` imports it), fetched once the page has painted and
 * rendered only from its first opening on, then kept so it can animate out: a closed dialog costs its
 * screen neither first-load bytes nor render work. `isOpen` reads "open" from the dialog's props.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })))
  afterFirstPaint(() => void load().catch(() => undefined))
  return function LazyDialog(props: P) {
    if (!useOpenedOnce(isOpen(props))) return null
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
}

/**
 * A modal dialog: title, optional description, body and a footer for actions. Nothing is rendered (and
 * the dialog code is not loaded) until it first opens; from then on it stays mounted, so it can animate
 * out. The first screen of every route thus starts without the dialog library.
 */
export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null
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
  /** The action needs the network: without signal the confirm button says so instead of trying. */
  needsSignal?: string
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
  needsSignal,
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
      signalNote={needsSignal}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={loading} needsSignal={needsSignal}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}

export type FormDialogProps = Omit<DialogProps, 'footer' | 'locked'> & {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  submitLabel: ReactNode
  /** A call runs: the dialog cannot be closed, Batal is off and the submit button spins. */
  pending?: boolean
  /** The form's accessible name, when the dialog title alone does not say what it submits. */
  formLabel?: string
  /** What the submit says without signal: every form dialog's call needs the network. */
  needsSignal?: string
}

/**
 * A dialog around one form, with the footer every form dialog has: 'Batal' (closes) and the submit
 * button (submits the form from outside it, through its id). Browser validation is off: the contract
 * schemas check and show the errors in Indonesian.
 */
export function FormDialog({
  onSubmit,
  submitLabel,
  pending,
  formLabel,
  needsSignal = needsSignalTo('menyimpan'),
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId()
  const online = useOnline()
  return (
    <Dialog
      {...dialog}
      locked={pending}
      signalNote={needsSignal}
      footer={
        <>
          <Button variant="secondary" onClick={() => dialog.onOpenChange(false)} disabled={pending}>
            Batal
          </Button>
          <Button type="submit" form={formId} loading={pending} needsSignal={needsSignal}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(e) => {
          // Enter in a field submits too: without signal it says why instead of failing.
          if (online) return onSubmit(e)
          e.preventDefault()
          notify('info', needsSignal)
        }}
        noValidate
        aria-label={formLabel}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {children}
      </form>
    </Dialog>
  )
}
