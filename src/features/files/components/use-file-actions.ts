import { useMemo, useRef, useState } from 'react'
import {
  FILE_MSG,
  type FileArea,
  type FileEntry,
  type FolderEntry,
  type ReviewDecision,
} from '../../../contracts/files'
import { errorMessage } from '../../../lib/api'
import { needsSignalTo } from '../../../lib/use-online'
import { notify } from '../../../ui/notify'
import { downloadFile } from '../api'
import { useRemoveFile, useRemoveFolder, useReviewFile } from '../queries'
import type { RowHandlers } from './browser-rows'
import type { FolderDialogState } from './folder-name-dialog'

export type Confirm = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry } | null

/**
 * What a row of the file browser can start, and the state of each: downloads with their progress, reviews
 * on their way ('Revisi' asks for the reason first), the delete being confirmed, the folder dialog.
 * `handlers` is one stable object for every (memoised) row that calls the latest of these.
 */
export function useFileActions(slug: string, area: FileArea) {
  const [folderDialog, setFolderDialog] = useState<FolderDialogState | null>(null)
  const [confirm, setConfirm] = useState<Confirm>(null)

  const review = useReviewFile()
  const removeFile = useRemoveFile()
  const removeFolder = useRemoveFolder()
  const [reviewing, setReviewing] = useState<Record<string, ReviewDecision>>({})
  const [downloads, setDownloads] = useState<Record<string, number>>({})

  // 'Revisi' asks for the reason first (the same dialog as documentation's); 'Approve' goes at once.
  const [asking, setAsking] = useState<FileEntry | null>(null)
  function onReview(file: FileEntry, decision: ReviewDecision) {
    if (decision === 'rejected') setAsking(file)
    else void sendReview(file, decision)
  }

  async function sendReview(file: FileEntry, decision: ReviewDecision, note?: string) {
    setReviewing((r) => ({ ...r, [file.uuid]: decision }))
    try {
      const res = await review.mutateAsync({ slug, area, file: file.uuid, decision, note })
      // SPEC's toast word for word; a rejection is no success to celebrate with a green tick.
      if (decision === 'approved') notify('success', res.message || FILE_MSG.fileApproved)
      else notify('info', res.message || FILE_MSG.fileRejected, FILE_MSG.fileRejectedDetail)
      return true
    } catch (err) {
      notify(
        'error',
        errorMessage(err, decision === 'approved' ? FILE_MSG.fileApproveFailed : FILE_MSG.fileRejectFailed),
      )
      return false
    } finally {
      setReviewing(({ [file.uuid]: _, ...rest }) => rest)
    }
  }

  async function onDownload(file: FileEntry) {
    if (downloads[file.uuid] !== undefined) return
    setDownloads((d) => ({ ...d, [file.uuid]: 0 }))
    try {
      await downloadFile(slug, area, file, (percent) => setDownloads((d) => ({ ...d, [file.uuid]: percent })))
    } catch (err) {
      notify('error', errorMessage(err, FILE_MSG.downloadFailed))
    } finally {
      setDownloads(({ [file.uuid]: _, ...rest }) => rest)
    }
  }

  async function onConfirmDelete() {
    if (!confirm) return
    try {
      if (confirm.kind === 'file') {
        await removeFile.mutateAsync({ slug, area, file: confirm.file.uuid })
        notify('success', FILE_MSG.fileDeleted)
      } else {
        await removeFolder.mutateAsync({ slug, area, folder: confirm.folder.uuid })
        notify('success', FILE_MSG.folderDeleted)
      }
      setConfirm(null)
    } catch (err) {
      notify(
        'error',
        errorMessage(err, confirm.kind === 'file' ? FILE_MSG.fileDeleteFailed : FILE_MSG.folderDeleteFailed),
      )
    }
  }

  // One stable object for every row (rows are memoised); it calls the latest handlers.
  const latest = useRef({ onDownload, onReview, setConfirm, setFolderDialog })
  latest.current = { onDownload, onReview, setConfirm, setFolderDialog }
  const handlers = useMemo<RowHandlers>(
    () => ({
      renameFolder: withSignal(needsSignalTo('menyimpan'), (f) =>
        latest.current.setFolderDialog({ mode: 'rename', folder: f }),
      ),
      deleteFolder: withSignal(needsSignalTo('menghapus'), (f) =>
        latest.current.setConfirm({ kind: 'folder', folder: f }),
      ),
      download: withSignal(needsSignalTo('mengunduh'), (f) => latest.current.onDownload(f)),
      review: withSignal(needsSignalTo('meninjau'), (f, decision) => latest.current.onReview(f, decision)),
      deleteFile: withSignal(needsSignalTo('menghapus'), (f) =>
        latest.current.setConfirm({ kind: 'file', file: f }),
      ),
    }),
    [],
  )

  return {
    handlers,
    reviewing,
    downloads,
    asking,
    stopAsking: () => setAsking(null),
    sendReview,
    confirm,
    stopConfirming: () => setConfirm(null),
    onConfirmDelete,
    deletingFile: removeFile.isPending,
    deletingFolder: removeFolder.isPending,
    folderDialog,
    setFolderDialog,
  }
}

/** A row action that needs the network: without signal it says why instead of starting (menu items too). */
function withSignal<A extends unknown[]>(reason: string, act: (...args: A) => void) {
  return (...args: A) => (navigator.onLine ? act(...args) : notify('info', reason))
}
