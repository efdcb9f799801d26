import { type ComponentType, type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react'
import { stack } from 'styled-system/patterns'
import type { DialogVariantProps } from 'styled-system/recipes'
import { afterFirstPaint } from '../lib/after-load'
import { needsSignalTo, useOnline } from '../lib/use-online'
import { Button } from './button'
import {
  type DialogBodyProps,
  type DialogFooterProps,
  type DialogHeaderProps,
  useDialogParts,
} from './dialog-context'
import { notify } from './notify'

/** The modal around composable parts (`Dialog.Root`): no title, body or footer of its own. */
export type DialogRootProps = DialogVariantProps & {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Blocks Escape, outside clicks and the close button (e.g. while a call runs). */
  locked?: boolean
  role?: 'dialog' | 'alertdialog'
  contentClassName?: string
  children?: ReactNode
}

export type DialogProps = Omit<DialogRootProps, 'children'> & {
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  bodyClassName?: string
  /** Shown under the body while there is no signal: why the dialog's action cannot run now. */
  signalNote?: string
}

const loadFrame = () => import('./dialog-frame')
const DialogFrame = lazy(loadFrame)
const DialogShell = lazy(() => loadFrame().then((m) => ({ default: m.DialogShell })))

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
  afterFirstPaint(() => load().catch(() => undefined))
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
 *
 * A dialog whose parts vary (a body without padding, a footer that needs the body's state, a form
 * around several parts) composes them instead: `Dialog.Root` with `Dialog.Header`, `Dialog.Body` and
 * `Dialog.Footer` (or `useDialogStyles()` for an element of its own with a part's look).
 */
function SimpleDialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  )
}

/** The modal and its close button around the parts given as children; loaded and mounted as `Dialog`. */
function DialogRoot(props: DialogRootProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <DialogShell {...props} />
    </Suspense>
  )
}

/** The title (the dialog's accessible name) and an optional description under it. */
export function DialogHeader(props: DialogHeaderProps) {
  const { Header } = useDialogParts()
  return <Header {...props} />
}

/** The dialog's padded content, and the no-signal note under it. */
export function DialogBody(props: DialogBodyProps) {
  const { Body } = useDialogParts()
  return <Body {...props} />
}

/** The row of actions at the bottom (Batal and the dialog's action, right-aligned). */
export function DialogFooter(props: DialogFooterProps) {
  const { Footer } = useDialogParts()
  return <Footer {...props} />
}

/** The classes of the parts, for an element of a dialog's own that takes a part's look (a form as footer). */
export function useDialogStyles() {
  return useDialogParts().styles
}

export const Dialog = Object.assign(SimpleDialog, {
  Root: DialogRoot,
  Header: DialogHeader,
  Body: DialogBody,
  Footer: DialogFooter,
})

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
        className={stack({ gap: '4' })}
      >
        {children}
      </form>
    </Dialog>
  )
}
