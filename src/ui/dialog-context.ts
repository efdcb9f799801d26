import { createContext, type ReactNode, useContext } from 'react'

export type DialogHeaderProps = { title: ReactNode; description?: ReactNode }
export type DialogBodyProps = {
  /** No padding: for parts that bring their own (lists, panes, a composer). */
  flush?: boolean
  className?: string
  /** Shown under the body while there is no signal: why the dialog's action cannot run now. */
  signalNote?: string
  children?: ReactNode
}
export type DialogFooterProps = { className?: string; children?: ReactNode }

/** The open dialog's parts: its recipe's slot classes, and the parts drawn with them. */
export type DialogParts = {
  styles: Record<'header' | 'title' | 'description' | 'body' | 'footer', string>
  Header: (props: DialogHeaderProps) => ReactNode
  Body: (props: DialogBodyProps) => ReactNode
  Footer: (props: DialogFooterProps) => ReactNode
}

/**
 * Set by the dialog frame (loaded with the dialog library on the first opening) and read by the
 * composable parts in ./dialog, which thus cost every screen's first load next to nothing.
 */
export const DialogPartsContext = createContext<DialogParts | null>(null)

export function useDialogParts(): DialogParts {
  const parts = useContext(DialogPartsContext)
  if (!parts) throw new Error('Dialog parts render inside <Dialog.Root>')
  return parts
}
