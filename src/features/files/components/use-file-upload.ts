import { useEffect, useRef, useState } from 'react'
import { pathTo } from '../../../contracts/endpoint'
import { FILE_MSG, type FileArea, FileUploadSchema } from '../../../contracts/files'
import * as fileEndpoints from '../../../contracts/files.endpoints'
import * as resumable from '../../../contracts/resumable-uploads.endpoints'
import { errorMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { type FileTarget, isBigFile, queueBigFile, queueSmallFiles } from '../../../lib/file-outbox'
import { validate } from '../../../lib/form'
import { isRetryableStatus } from '../../../lib/outbox-backoff'
import { newRequestId } from '../../../lib/upload-request'
import { useOnline } from '../../../lib/use-online'
import { notify } from '../../../ui/notify'
import { useAllLanded } from '../../../ui/queued-files'
import { useUploadDialog } from '../../../ui/upload-dialog'
import { UploadRefused, uploadFiles } from '../api'
import { useUploaded } from '../queries'
import type { PickedFile } from './picked-files'
import { matchOutcomes, type Outcome } from './upload-outcomes'
import { useUploadProgress } from './upload-progress'

let nextId = 0
const pickedId = () => `f${++nextId}`
/** The same file picked twice (same name, size and date) is listed once. */
const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

/**
 * The state of 'Upload File': the picked files (each with its problem or outcome), the send with byte
 * progress per file, and what went to the outbox (big files always; any file offline or on a failed send).
 */
export type FileUploadProps = {
  slug: string
  area: FileArea
  folder: string | null
  where: string
  limits: { max_file_bytes: number; max_files: number }
  open: boolean
  onClose: () => void
}

export function useFileUpload({ slug, area, folder, where, limits, open, onClose }: FileUploadProps) {
  const [picked, setPicked] = useState<PickedFile[]>([])
  const [error, setError] = useState<string | null>(null)
  const progress = useUploadProgress()
  const uploaded = useUploaded()
  const online = useOnline()
  /** Ids of the files in the request under way (or the last one), in the order sent. */
  const sent = useRef<string[]>([])
  /** Keys of the outbox items this dialog queued (big files always; any file offline or on a failed send). */
  const [queued, setQueued] = useState<string[]>([])
  const user = useCurrentUser()
  const target: FileTarget = {
    kind: 'file.upload',
    slug,
    area,
    folder,
    where,
    owner: { id: user.id, name: user.name },
    uploadUrl: pathTo(fileEndpoints.upload, { slug, area }),
    field: 'files',
    resumableUrl: pathTo(resumable.areaCreate, { slug, area }),
  }
  const core = useUploadDialog({ onDrop: add, onClose, guardLeaving: true })
  const { sending } = core

  useEffect(() => {
    if (!open) return
    setPicked([])
    setError(null)
    setQueued([])
    progress.reset()
  }, [open, progress.reset])

  const maxMb = Math.round((limits.max_file_bytes / 1024 / 1024) * 10) / 10

  function add(files: File[]) {
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

  const sendable = picked.filter((p) => !p.problem && !p.outcome?.ok)

  useAllLanded(queued, () => {
    notify('success', FILE_MSG.uploaded(queued.length))
    onClose()
  })

  /** Into the outbox: the dialog then shows each file's progress, and closing it is safe. */
  async function queue(files: PickedFile[], smallKey: string) {
    const keys: string[] = []
    for (const p of files.filter((f) => isBigFile(f.file)))
      keys.push((await queueBigFile(target, p.file)).key)
    const small = files.filter((f) => !isBigFile(f.file)).map((f) => f.file)
    if (small.length > 0) keys.push((await queueSmallFiles(target, small, smallKey)).key)
    const ids = files.map((f) => f.id)
    setPicked((current) => current.filter((p) => !ids.includes(p.id)))
    setQueued((current) => [...current, ...keys])
  }

  async function send() {
    const check = validate(FileUploadSchema, { files: sendable })
    if (!check.ok) {
      setError(check.errors.files ?? FILE_MSG.pickFiles)
      return
    }
    setError(null)
    // Big files go in parts, and without signal everything waits in the outbox (decision 0080).
    if (!online || sendable.some((p) => isBigFile(p.file))) {
      await queue(sendable, newRequestId())
      return
    }
    const key = newRequestId()
    await core.send(async (signal) => {
      sent.current = sendable.map((p) => p.id)
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
          { key, onProgress: progress.bytes, signal },
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
        const status = (err as { status?: unknown })?.status
        if (signal.aborted) {
          notify('info', 'Unggahan dibatalkan')
          progress.reset()
        } else if (typeof status === 'number' && isRetryableStatus(status)) {
          // No signal, a stall or a server in trouble: the same request waits in the outbox, same key.
          progress.reset()
          await queue(sendable, key)
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
      }
    })
  }

  const waiting = picked.filter((p) => !p.outcome?.ok)
  const totalBytes = waiting.reduce((sum, p) => sum + p.file.size, 0)
  const percentOf = (p: PickedFile) => {
    const i = sent.current.indexOf(p.id)
    return i >= 0 ? (progress.percents[i] ?? 0) : undefined
  }

  return {
    core,
    sending,
    picked,
    removePicked: (id: string) => setPicked((current) => current.filter((x) => x.id !== id)),
    add,
    error,
    queued,
    online,
    progress,
    maxMb,
    sendable,
    send,
    waiting,
    totalBytes,
    percentOf,
  }
}

function outcomeOf(id: string, sent: PickedFile[], outcomes: Outcome[]) {
  const i = sent.findIndex((p) => p.id === id)
  return i >= 0 ? outcomes[i] : undefined
}
