import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { FILE_MSG, type FileArea, FileUploadSchema, MAX_FILES_PER_UPLOAD } from '../../../contracts/files'
import { errorMessage } from '../../../lib/api'
import { validate } from '../../../lib/form'
import { formatBytes } from '../../../lib/format'
import { newRequestId } from '../../../lib/upload-request'
import { useOnline } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { IconAlertCircle, IconCheckCircle, IconUpload, IconX } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { ProgressBar } from '../../../ui/progress'
import { UploadRefused, uploadFiles } from '../api'
import { useUploaded } from '../queries'
import { FileKindTile } from './file-parts'
import { matchOutcomes, type Outcome } from './upload-outcomes'
import { useUploadProgress } from './upload-progress'

type Picked = {
  id: string
  file: File
  /** Known before sending (too large, empty): not sent. */
  problem?: string
  /** After the answer. */
  outcome?: Outcome
}

let nextId = 0
const pickedId = () => `f${++nextId}`
/** The same file picked twice (same name, size and date) is listed once. */
const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

/**
 * 'Upload File': pick several files (or drop them), remove any before sending, send them in one
 * request with real byte progress per file, then see per file what landed and what was refused. A
 * partial failure keeps the refused files listed with their reasons; everything sent closes the dialog.
 */
export function UploadDialog({
  slug,
  area,
  folder,
  where,
  limits,
  open,
  onClose,
}: {
  slug: string
  area: FileArea
  folder: string | null
  where: string
  limits: { max_file_bytes: number; max_files: number }
  open: boolean
  onClose: () => void
}) {
  const inputId = useId()
  const [picked, setPicked] = useState<Picked[]>([])
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [dragging, setDragging] = useState(false)
  const progress = useUploadProgress()
  const uploaded = useUploaded()
  const online = useOnline()
  const abort = useRef<AbortController | null>(null)
  /** Ids of the files in the request under way (or the last one), in the order sent. */
  const sent = useRef<string[]>([])

  useEffect(() => {
    if (!open) return
    setPicked([])
    setError(null)
    setSending(false)
    progress.reset()
  }, [open, progress.reset])

  // Leaving the page mid-upload cuts the request (and stores nothing): the browser asks first.
  useEffect(() => {
    if (!sending) return
    const ask = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [sending])

  const maxMb = Math.round((limits.max_file_bytes / 1024 / 1024) * 10) / 10

  function add(list: FileList | File[]) {
    // Copied now: a FileList is live, and the input is cleared right after this call.
    const files = Array.from(list)
    setError(null)
    setPicked((current) => {
      const next = current.filter((p) => !p.outcome?.ok)
      for (const file of files) {
        if (next.some((p) => sameFile(p.file, file))) continue
        const problem =
          file.size === 0
            ? `File ${file.name} kosong`
            : file.size > limits.max_file_bytes
              ? `Ukuran file melebihi batas ${maxMb} MB`
              : undefined
        next.push({ id: pickedId(), file, problem })
      }
      return next
    })
  }

  function onPick(e: ChangeEvent<HTMLInputElement>) {
    if (e.target.files) add(e.target.files)
    // The same file can be picked again after it was removed.
    e.target.value = ''
  }

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setDragging(false)
    if (!sending && e.dataTransfer.files.length) add(e.dataTransfer.files)
  }

  const sendable = picked.filter((p) => !p.problem && !p.outcome?.ok)

  async function send() {
    const check = validate(FileUploadSchema, { files: sendable })
    if (!check.ok) {
      setError(check.errors.files ?? FILE_MSG.pickFiles)
      return
    }
    setError(null)
    setSending(true)
    sent.current = sendable.map((p) => p.id)
    const controller = new AbortController()
    abort.current = controller
    progress.start(sendable.map((p) => p.file.size))
    setPicked((current) =>
      current.map((p) => (sent.current.includes(p.id) ? { ...p, outcome: undefined } : p)),
    )
    try {
      const answer = await uploadFiles(
        slug,
        area,
        sendable.map((p) => p.file),
        folder,
        { key: newRequestId(), onProgress: progress.bytes, signal: controller.signal },
      )
      const outcomes = matchOutcomes(
        sendable.map((p) => p.file.name),
        answer.results,
        answer.errors,
      )
      progress.settle(outcomes.map((o) => o.ok))
      void uploaded({ slug, area })
      const failed = answer.errors.length
      if (failed === 0) {
        notify('success', answer.message || FILE_MSG.uploaded(answer.results.length))
        onClose()
        return
      }
      // SPEC section 8: the count as a warning, then one error per file as 'name: message'.
      notify('warning', FILE_MSG.partial(answer.results.length, failed))
      for (const e of answer.errors) notify('error', `${e.name}: ${e.message}`)
      setPicked((current) =>
        current.map((p) => ({ ...p, outcome: outcomeOf(p.id, sendable, outcomes) ?? p.outcome })),
      )
    } catch (err) {
      progress.settle(sendable.map(() => false))
      if (controller.signal.aborted) {
        notify('info', 'Unggahan dibatalkan')
        progress.reset()
      } else if (err instanceof UploadRefused && err.fileErrors.length > 0) {
        // Nothing stored: the server's message, and each file keeps its own reason.
        notify('error', err.message)
        const outcomes = matchOutcomes(
          sendable.map((p) => p.file.name),
          [],
          err.fileErrors,
        )
        setPicked((current) =>
          current.map((p) => ({ ...p, outcome: outcomeOf(p.id, sendable, outcomes) ?? p.outcome })),
        )
      } else {
        notify('error', errorMessage(err, FILE_MSG.uploadFailed))
      }
    } finally {
      abort.current = null
      setSending(false)
    }
  }

  function close() {
    if (sending) abort.current?.abort()
    else onClose()
  }

  const waiting = picked.filter((p) => !p.outcome?.ok)
  const totalBytes = waiting.reduce((sum, p) => sum + p.file.size, 0)
  const indexOfSent = (p: Picked) => sent.current.indexOf(p.id)

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title="Upload File"
      description={`Unggah ke ${where}. Semua jenis file, maksimal ${maxMb} MB per file.`}
      size="lg"
      locked={sending}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {sending ? 'Batalkan' : 'Batal'}
          </Button>
          <Button onClick={send} loading={sending} disabled={!online}>
            {sending ? null : <IconUpload />}
            {sending
              ? `Mengunggah ${progress.total}%`
              : sendable.length > 1
                ? `Upload ${sendable.length} File`
                : 'Upload'}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault()
            if (!sending) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging || undefined}
          data-disabled={sending || undefined}
          className={css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: '2',
            px: '4',
            py: { base: '5', sm: '7' },
            textAlign: 'center',
            borderWidth: '2px',
            borderStyle: 'dashed',
            borderColor: error ? 'danger' : 'borderStrong',
            borderRadius: 'lg',
            bg: 'slate.50',
            cursor: 'pointer',
            transition: 'border-color {durations.fast}, background {durations.fast}',
            _hover: { borderColor: 'brand', bg: 'brand.soft' },
            '&[data-dragging]': { borderColor: 'brand', bg: 'brand.soft' },
            '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6, pointerEvents: 'none' },
            '&:has(input:focus-visible)': { boxShadow: 'focus', borderColor: 'brand' },
          })}
        >
          <span
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              w: '11',
              h: '11',
              borderRadius: 'full',
              bg: 'surface',
              color: 'brand',
              boxShadow: 'xs',
              borderWidth: '1px',
              borderColor: 'border',
              '& svg': { w: '5', h: '5' },
            })}
          >
            <IconUpload />
          </span>
          <span className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg' })}>
            Pilih file{' '}
            <span
              className={css({
                display: { base: 'none', sm: 'inline' },
                fontWeight: '400',
                color: 'fgMuted',
              })}
            >
              atau seret ke sini
            </span>
          </span>
          <span className={css({ fontSize: 'xs', color: 'fgSubtle' })}>
            Gambar kerja, CAD, PDF, Office, foto, arsip ZIP · hingga {limits.max_files} file sekaligus
          </span>
          <input
            id={inputId}
            type="file"
            multiple
            aria-label="Pilih file"
            onChange={onPick}
            disabled={sending}
            className={css({ srOnly: true })}
          />
        </label>
        {error ? (
          <p
            role="alert"
            className={css({ fontSize: 'sm', color: 'danger.fg', fontWeight: '500', mt: '-2' })}
          >
            {error}
          </p>
        ) : null}

        {picked.length > 0 ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <div
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                fontSize: 'xs',
                color: 'fgSubtle',
              })}
            >
              <span>
                {waiting.length} file · {formatBytes(totalBytes)}
              </span>
              {sending ? (
                <span className={css({ fontVariantNumeric: 'tabular-nums' })}>
                  {progress.total >= 99 ? 'Menyimpan di server...' : `Mengunggah... ${progress.total}%`}
                </span>
              ) : null}
            </div>
            {sending ? <ProgressBar value={progress.total} label="Progres unggahan" /> : null}
            <ul
              aria-label="File yang dipilih"
              className={css({
                display: 'flex',
                flexDirection: 'column',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'md',
                maxH: { base: '40dvh', sm: '18rem' },
                overflowY: 'auto',
              })}
            >
              {picked.map((p) => {
                const i = indexOfSent(p)
                const percent = i >= 0 ? (progress.percents[i] ?? 0) : 0
                const failed = p.problem ?? (p.outcome && !p.outcome.ok ? p.outcome.message : undefined)
                return (
                  <li
                    key={p.id}
                    aria-label={p.file.name}
                    className={css({
                      display: 'flex',
                      alignItems: 'center',
                      gap: '3',
                      px: '3',
                      py: '2.5',
                      '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
                    })}
                  >
                    <FileKindTile name={p.file.name} size="sm" />
                    <div
                      className={css({
                        flex: '1',
                        minW: '0',
                        display: 'flex',
                        flexDirection: 'column',
                        gap: '1',
                      })}
                    >
                      <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline' })}>
                        <span
                          className={css({ fontSize: 'sm', fontWeight: '500', truncate: true, flex: '1' })}
                          title={p.file.name}
                        >
                          {p.file.name}
                        </span>
                        <span
                          className={css({
                            fontSize: 'xs',
                            color: 'fgSubtle',
                            flexShrink: 0,
                            fontVariantNumeric: 'tabular-nums',
                          })}
                        >
                          {sending && i >= 0 ? `${percent}%` : formatBytes(p.file.size)}
                        </span>
                      </div>
                      {sending && i >= 0 ? (
                        <ProgressBar value={percent} size="sm" label={`Progres ${p.file.name}`} />
                      ) : null}
                      {failed ? (
                        <span
                          className={cx(
                            css({
                              display: 'flex',
                              alignItems: 'center',
                              gap: '1',
                              fontSize: 'xs',
                              color: 'danger.fg',
                            }),
                          )}
                        >
                          <IconAlertCircle size={12} /> {failed}
                        </span>
                      ) : p.outcome?.ok ? (
                        <span
                          className={css({
                            display: 'flex',
                            alignItems: 'center',
                            gap: '1',
                            fontSize: 'xs',
                            color: 'success.fg',
                          })}
                        >
                          <IconCheckCircle size={12} /> Terunggah
                        </span>
                      ) : null}
                    </div>
                    {sending ? null : (
                      <Button
                        variant="ghost"
                        size="xs"
                        iconOnly
                        aria-label={`Hapus ${p.file.name} dari daftar`}
                        onClick={() => setPicked((current) => current.filter((x) => x.id !== p.id))}
                      >
                        <IconX />
                      </Button>
                    )}
                  </li>
                )
              })}
            </ul>
            {picked.length > MAX_FILES_PER_UPLOAD ? (
              <p className={css({ fontSize: 'xs', color: 'danger.fg' })}>{FILE_MSG.tooManyFiles}</p>
            ) : null}
          </div>
        ) : null}
        {online ? null : (
          <p
            className={css({
              fontSize: 'sm',
              color: 'warning.fg',
              bg: 'warning.soft',
              px: '3',
              py: '2',
              borderRadius: 'md',
            })}
          >
            Anda sedang offline. Unggah file saat tersambung kembali.
          </p>
        )}
      </div>
    </Dialog>
  )
}

function outcomeOf(id: string, sent: Picked[], outcomes: Outcome[]) {
  const i = sent.findIndex((p) => p.id === id)
  return i >= 0 ? outcomes[i] : undefined
}
