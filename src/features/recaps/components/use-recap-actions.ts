import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { pathTo } from '../../../contracts/endpoint'
import type { Project } from '../../../contracts/projects'
import { RECAP_MSG, type RecapFile } from '../../../contracts/recaps'
import * as recapEndpoints from '../../../contracts/recaps.endpoints'
import * as resumable from '../../../contracts/resumable-uploads.endpoints'
import { errorMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { type FileTarget, isBigFile, queueBigFile, queueSmallFiles } from '../../../lib/file-outbox'
import { isRetryableStatus } from '../../../lib/outbox-backoff'
import { newRequestId } from '../../../lib/upload-request'
import { notify } from '../../../ui/notify'
import { useAllLanded } from '../../../ui/queued-files'
import { downloadRecap } from '../api'
import { useRemoveRecap, useUploadRecap } from '../queries'

/**
 * What the Rekapitulasi tab can start: upload a chosen file (into the outbox when big, without signal
 * or after a failed send), download, delete after confirming; and the red banner's message, which stays
 * until 'Tutup'.
 */
export function useRecapActions(project: Project, list: UseQueryResult<RecapFile[]>, online: boolean) {
  const slug = project.slug
  const upload = useUploadRecap(slug)
  const remove = useRemoveRecap(slug)
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [toDelete, setToDelete] = useState<RecapFile | null>(null)
  const [downloading, setDownloading] = useState<Record<number, true>>({})

  const fail = (message: string) => {
    setError(message)
    notify('error', message)
  }

  // SPEC section 8: a failed load says 'Gagal memuat daftar rekap' (or the server's message).
  // Without signal a refetch cannot run: the saved list is shown with the offline note, never this error.
  const loadError =
    list.isError && online && list.fetchStatus === 'idle'
      ? errorMessage(list.error, RECAP_MSG.listFailed)
      : null
  useEffect(() => {
    if (loadError) setError(loadError)
  }, [loadError])

  /** Outbox items of files chosen here (big ones always, any without signal or after a failed send). */
  const [queued, setQueued] = useState<string[]>([])
  const user = useCurrentUser()
  const target: FileTarget = {
    kind: 'recap.upload',
    slug,
    where: `Rekap · ${project.name}`,
    owner: { id: user.id, name: user.name },
    uploadUrl: pathTo(recapEndpoints.upload, { slug }),
    field: 'file',
    resumableUrl: pathTo(resumable.recapCreate, { slug }),
  }
  useAllLanded(queued, () => {
    notify('success', RECAP_MSG.uploaded)
    setQueued([])
  })

  async function queue(file: File, key: string) {
    const item = isBigFile(file)
      ? await queueBigFile(target, file)
      : await queueSmallFiles(target, [file], key)
    setQueued((current) => [...current, item.key])
  }

  async function onChoose(file: File | undefined) {
    if (input.current) input.current.value = ''
    if (!file) return
    setError(null)
    const key = newRequestId()
    // Big files go in parts, and without signal the file waits in the outbox (decision 0080).
    if (!online || isBigFile(file)) return queue(file, key)
    try {
      await upload.mutateAsync({ file, key })
      notify('success', RECAP_MSG.uploaded)
    } catch (err) {
      const status = (err as { status?: unknown })?.status
      if (typeof status === 'number' && isRetryableStatus(status)) return queue(file, key)
      fail(errorMessage(err, RECAP_MSG.uploadFailed))
    }
  }

  async function onDownload(recap: RecapFile) {
    if (downloading[recap.id]) return
    setDownloading((d) => ({ ...d, [recap.id]: true }))
    try {
      await downloadRecap(slug, recap)
    } catch (err) {
      fail(errorMessage(err, RECAP_MSG.downloadFailed))
    } finally {
      setDownloading(({ [recap.id]: _, ...rest }) => rest)
    }
  }

  async function onConfirmDelete() {
    if (!toDelete) return
    try {
      await remove.mutateAsync(toDelete)
      notify('success', RECAP_MSG.deleted)
      setToDelete(null)
    } catch (err) {
      setToDelete(null)
      fail(errorMessage(err, RECAP_MSG.deleteFailed))
    }
  }

  return {
    input,
    upload,
    uploading: upload.isPending,
    onChoose,
    onDownload,
    downloading,
    queued,
    error,
    dismissError: () => setError(null),
    toDelete,
    setToDelete,
    onConfirmDelete,
    deleting: remove.isPending,
  }
}
