import {
  type ChangeEvent,
  type ComponentProps,
  type DragEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react'
import { css, cx } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { Button } from './button'
import { ProgressBar } from './progress'

/**
 * The core both upload dialogs share (documentation photos in the docs feature, area files in the files
 * feature): files come from a picker or a drop, one request runs at a time under an AbortController, and
 * closing while it runs ends that attempt instead of closing. What is picked, how it is checked and
 * previewed and how it is sent stay with each feature; this holds the mechanics and the parts that look
 * alike (the drop zone, the progress line, the footer).
 */

/** What a drop zone element gets from `useUploadDialog` (spread onto it, or hand it to `DropZone`). */
export type DropZoneProps = {
  onDragOver: (e: DragEvent) => void
  onDragLeave: () => void
  onDrop: (e: DragEvent) => void
  'data-dragging'?: true
  'data-disabled'?: true
}

export function useUploadDialog({
  onDrop,
  onClose,
  guardLeaving = false,
}: {
  /** Files dropped on the drop zone (never while a request runs). */
  onDrop: (files: File[]) => void
  /** Closes the dialog; only called while nothing is being sent. */
  onClose: () => void
  /** Leaving the page mid-upload would cut the request (and store nothing): the browser asks first. */
  guardLeaving?: boolean
}) {
  const [sending, setSending] = useState(false)
  const [dragging, setDragging] = useState(false)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => {
    if (!guardLeaving || !sending) return
    const ask = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [guardLeaving, sending])

  const dropZone: DropZoneProps = {
    onDragOver: (e) => {
      e.preventDefault()
      if (!sending) setDragging(true)
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e) => {
      e.preventDefault()
      setDragging(false)
      const files = Array.from(e.dataTransfer.files)
      if (!sending && files.length > 0) onDrop(files)
    },
    'data-dragging': dragging || undefined,
    'data-disabled': sending || undefined,
  }

  /**
   * The change handler of a file input: the files are copied (a FileList is live) and the input is
   * cleared, so the same file can be picked again after it was removed.
   */
  const picker = (add: (files: File[]) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    const files = e.target.files ? Array.from(e.target.files) : []
    e.target.value = ''
    if (files.length > 0) add(files)
  }

  /** Runs one request; `sending` is true meanwhile and `close()` aborts its signal. */
  async function send(run: (signal: AbortSignal) => Promise<void>) {
    const controller = new AbortController()
    abort.current = controller
    setSending(true)
    try {
      await run(controller.signal)
    } finally {
      abort.current = null
      setSending(false)
    }
  }

  /** Batal, Escape or the close button: ends the attempt under way, or closes. */
  function close() {
    if (abort.current) abort.current.abort()
    else onClose()
  }

  return { sending, dragging, dropZone, picker, send, close }
}

const zone = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  borderStyle: 'dashed',
  borderRadius: 'lg',
  bg: 'slate.50',
  transition: 'border-color {durations.fast}, background {durations.fast}',
  '&[data-dragging]': { borderColor: 'brand', bg: 'brand.soft' },
})
const zoneKind = {
  /** The whole zone is the picker's label: a click anywhere picks. */
  picker: css({
    gap: '2',
    px: '4',
    py: { base: '5', sm: '7' },
    borderWidth: '2px',
    cursor: 'pointer',
    _hover: { borderColor: 'brand', bg: 'brand.soft' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6, pointerEvents: 'none' },
    '&:has(input:focus-visible)': { boxShadow: 'focus', borderColor: 'brand' },
  }),
  /** A panel holding its own pick buttons. */
  panel: css({ gap: '3', p: { base: '4', sm: '5' }, borderWidth: '1.5px' }),
}

/**
 * The dashed area files are dropped on. `picker`: a label for the file input inside it; `panel`: a box
 * around the dialog's own pick buttons (the buttons are the keyboard way; the drop is for a mouse).
 */
export function DropZone({
  kind,
  zone: handlers,
  invalid,
  htmlFor,
  children,
}: {
  kind: 'picker' | 'panel'
  zone: DropZoneProps
  /** Shown red: the last pick was refused, or nothing was picked. */
  invalid?: boolean
  htmlFor?: string
  children: ReactNode
}) {
  const className = cx(
    zone,
    zoneKind[kind],
    invalid ? css({ borderColor: 'danger' }) : css({ borderColor: 'borderStrong' }),
  )
  if (kind === 'picker')
    return (
      <label htmlFor={htmlFor} {...handlers} className={className}>
        {children}
      </label>
    )
  return (
    <div {...handlers} className={className}>
      {children}
    </div>
  )
}

/** A file input kept out of sight: its label or a button opens it. */
export function HiddenFileInput(props: Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return <input type="file" className={css({ srOnly: true })} {...props} />
}

/**
 * A line of small text with something at each end (what is picked, how far the upload is), and under it
 * the upload's progress bar while there is one.
 */
export function UploadMeter({
  start,
  end,
  percent,
  label,
  tone = 'subtle',
  tight,
  live,
}: {
  start: ReactNode
  end?: ReactNode
  /** The bar's value; none while nothing is being sent. */
  percent?: number | null
  /** The bar's name for screen readers. */
  label: string
  tone?: 'subtle' | 'muted'
  /** The bar close under the line (1.5 instead of 2), and thicker. */
  tight?: boolean
  /** Announced as it changes (role=status). */
  live?: boolean
}) {
  return (
    <div
      role={live ? 'status' : undefined}
      aria-live={live ? 'polite' : undefined}
      className={cx(flex({ direction: 'column' }), tight ? css({ gap: '1.5' }) : css({ gap: '2' }))}
    >
      <div
        className={cx(
          flex({ justify: 'space-between', fontSize: 'xs' }),
          tone === 'muted' ? css({ color: 'fgMuted' }) : css({ color: 'fgSubtle' }),
        )}
      >
        <span>{start}</span>
        {end !== undefined && end !== null ? (
          <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{end}</span>
        ) : null}
      </div>
      {percent !== undefined && percent !== null ? (
        <ProgressBar value={percent} label={label} size={tight ? 'lg' : 'md'} />
      ) : null}
    </div>
  )
}

/**
 * The footer of an upload dialog: Batal (while sending, what ending the attempt means) and the send
 * button, which spins while sending and loses its icon.
 */
export function UploadActions({
  sending,
  onCancel,
  cancelWhileSending,
  icon,
  label,
  disabled,
  form,
  onSend,
}: {
  sending: boolean
  onCancel: () => void
  cancelWhileSending: string
  icon: ReactNode
  label: ReactNode
  disabled?: boolean
  /** The id of the form the button submits (it sits in the footer, outside the form). */
  form?: string
  onSend?: () => void
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {sending ? cancelWhileSending : 'Batal'}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onSend}
        disabled={disabled}
        loading={sending}
      >
        {sending ? null : icon}
        {label}
      </Button>
    </>
  )
}
