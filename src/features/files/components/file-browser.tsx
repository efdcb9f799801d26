import { useInfiniteQuery } from '@tanstack/react-query'
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import {
  FILE_MSG,
  type FileArea,
  type FileEntry,
  type FolderEntry,
  type FolderRef,
  MAX_FILES_PER_UPLOAD,
  type ReviewDecision,
} from '../../../contracts/files'
import type { Project } from '../../../contracts/projects'
import { TRASH_DAYS } from '../../../contracts/trash'
import { errorMessage } from '../../../lib/api'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { IconFolderPlus, IconLock, IconUpload } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { downloadFile } from '../api'
import { folderQueryOptions, useRemoveFile, useRemoveFolder, useReviewFile } from '../queries'
import { Breadcrumbs } from './breadcrumbs'
import { BrowserBody, type Entry } from './browser-body'
import { FileRow, FolderRow, type RowHandlers } from './browser-rows'
import { FileReviewNoteDialog } from './file-review-dialog'
import { useFolderLocation } from './folder-location'
import { type FolderDialogState, FolderNameDialog } from './folder-name-dialog'
import { UploadDialog } from './upload-dialog'

type Confirm = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry } | null

const DEFAULT_LIMITS = { max_file_bytes: 200 * 1024 * 1024, max_files: MAX_FILES_PER_UPLOAD }

/**
 * The folder and file browser of the perencanaan and pengawasan tabs (SPEC section 2): breadcrumbs,
 * folders then files by name, the five dialogs, review for admins. The folder shown is in the URL hash;
 * every folder seen once stays readable offline (the query cache is persisted).
 */
export function FileBrowser({ area, project }: { area: FileArea; project: Project }) {
  const slug = project.slug
  const { folder, file: targetFile, open } = useFolderLocation(slug, area)
  const query = useInfiniteQuery(folderQueryOptions(slug, area, folder))
  const online = useOnline()
  const meta = AREA_META[area]

  // Trails of folders seen, so the breadcrumb of a folder being opened shows before its page arrives.
  const trails = useRef(new Map<string, FolderRef[]>())
  const first = query.data?.pages[0]
  if (first?.folder) trails.current.set(first.folder.uuid, first.paths)
  const trail = first?.paths ?? (folder ? (trails.current.get(folder) ?? []) : [])
  const where = [meta.label, ...trail.map((f) => f.name)].join(' / ')

  const entries = useMemo<Entry[]>(() => {
    const pages = query.data?.pages ?? []
    return [
      ...pages.flatMap((p) => p.folders.map((f) => ({ kind: 'folder' as const, folder: f }))),
      ...pages.flatMap((p) => p.files.map((f) => ({ kind: 'file' as const, file: f }))),
    ]
  }, [query.data])
  // Remember where each folder sits, for the breadcrumb when it is opened.
  for (const e of entries) if (e.kind === 'folder') trails.current.set(e.folder.uuid, [...trail, e.folder])

  const can = first?.can ?? { write: false, review: false }
  // Without signal the actions stay in view and say why they cannot run now (Button's needsSignal, and
  // withSignal below for menu items): hiding them made a file look read-only.
  const writable = can.write
  const [uploadOpen, setUploadOpen] = useState(false)
  const [folderDialog, setFolderDialog] = useState<FolderDialogState | null>(null)
  const [confirm, setConfirm] = useState<Confirm>(null)

  const review = useReviewFile()
  const removeFile = useRemoveFile()
  const removeFolder = useRemoveFolder()
  const [reviewing, setReviewing] = useState<Record<string, ReviewDecision>>({})
  const [downloads, setDownloads] = useState<Record<string, number>>({})

  // Opening a folder from far down a long list starts at the top of the browser.
  const card = useRef<HTMLDivElement>(null)
  const shownFolder = useRef(folder)
  useEffect(() => {
    if (shownFolder.current === folder) return
    shownFolder.current = folder
    const top = card.current?.getBoundingClientRect().top ?? 0
    if (top < 0) card.current?.scrollIntoView({ block: 'start' })
  }, [folder])

  // A link to one file ('#area/folder/file', e.g. from a notification): scrolled into view once it is listed.
  const targetListed =
    targetFile !== null && entries.some((e) => e.kind === 'file' && e.file.uuid === targetFile)
  useEffect(() => {
    if (targetListed) document.getElementById(`file-${targetFile}`)?.scrollIntoView({ block: 'center' })
  }, [targetListed, targetFile])

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

  const renderEntry = (e: Entry) =>
    e.kind === 'folder' ? (
      <FolderRow slug={slug} area={area} folder={e.folder} canWrite={writable} handlers={handlers} />
    ) : (
      <FileRow
        file={e.file}
        target={e.file.uuid === targetFile}
        canWrite={writable}
        canReview={can.review}
        downloading={downloads[e.file.uuid]}
        reviewing={reviewing[e.file.uuid]}
        handlers={handlers}
      />
    )

  const total = first?.total
  return (
    <>
      <Card
        padding="none"
        ref={card}
        data-area={area}
        className={css({ overflow: 'clip', scrollMarginTop: '20' })}
        style={{ '--file-actions': can.review ? '15rem' : '5.5rem' } as CSSProperties}
      >
        <div
          className={stack({
            direction: { base: 'column', md: 'row' },
            align: { base: 'stretch', md: 'center' },
            gap: '3',
            px: { base: '4', md: '5' },
            py: '3',
            borderBottomWidth: '1px',
            borderColor: 'border',
          })}
        >
          <div className={hstack({ gap: '3', minW: '0', flex: '1' })}>
            <Breadcrumbs slug={slug} area={area} trail={trail} />
            {total ? (
              <span
                className={css({
                  fontSize: 'xs',
                  color: 'fgSubtle',
                  whiteSpace: 'nowrap',
                  display: { base: 'none', sm: 'block' },
                })}
              >
                {total.folders} folder · {total.files} file
              </span>
            ) : null}
            {first && !can.write ? (
              <span
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  flexShrink: 0,
                  gap: '1.5',
                  h: '7',
                  px: '2.5',
                  fontSize: 'xs',
                  fontWeight: '500',
                  color: 'fgMuted',
                  bg: 'subtle',
                  borderRadius: 'full',
                  whiteSpace: 'nowrap',
                })}
                title={`Hanya tim ${meta.label.toLowerCase()} dan admin yang dapat mengubah area ini`}
              >
                <IconLock size={12} /> Hanya lihat
              </span>
            ) : null}
          </div>
          {can.write ? (
            <div
              className={css({ display: 'flex', gap: '2', '& > *': { flex: { base: '1', md: 'initial' } } })}
            >
              <Button
                variant="secondary"
                onClick={() => setFolderDialog({ mode: 'create', parent: folder })}
                needsSignal={needsSignalTo('membuat')}
              >
                <IconFolderPlus /> Folder Baru
              </Button>
              <Button onClick={() => setUploadOpen(true)}>
                <IconUpload /> Upload File
              </Button>
            </div>
          ) : null}
        </div>
        <BrowserBody
          query={query}
          entries={entries}
          inFolder={folder !== null}
          online={online}
          canWrite={writable}
          areaLabel={meta.label}
          onRoot={() => open(null, { replace: true })}
          onUpload={() => setUploadOpen(true)}
          onNewFolder={() => setFolderDialog({ mode: 'create', parent: folder })}
          renderEntry={renderEntry}
        />
      </Card>

      <UploadDialog
        slug={slug}
        area={area}
        folder={folder}
        where={where}
        limits={first?.limits ?? DEFAULT_LIMITS}
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
      />
      <FolderNameDialog
        slug={slug}
        area={area}
        state={folderDialog}
        where={where}
        onClose={() => setFolderDialog(null)}
      />
      <FileReviewNoteDialog
        file={asking}
        pending={asking !== null && reviewing[asking.uuid] === 'rejected'}
        onClose={() => setAsking(null)}
        onSubmit={(file, note) => sendReview(file, 'rejected', note)}
      />
      <ConfirmDialog
        open={confirm?.kind === 'folder'}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title="Delete Folder"
        description={
          confirm?.kind === 'folder'
            ? `Folder "${confirm.folder.name}" beserta seluruh isinya (${confirm.folder.items} item, termasuk subfolder dan file di dalamnya) akan dipindahkan ke Sampah. Admin dapat memulihkannya dalam ${TRASH_DAYS} hari; setelah itu terhapus permanen.`
            : undefined
        }
        confirmLabel="Hapus Folder"
        onConfirm={onConfirmDelete}
        loading={removeFolder.isPending}
        needsSignal={needsSignalTo('menghapus')}
      />
      <ConfirmDialog
        open={confirm?.kind === 'file'}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title="Delete File"
        description={
          confirm?.kind === 'file'
            ? `File "${confirm.file.name}" akan dipindahkan ke Sampah. Admin dapat memulihkannya dalam ${TRASH_DAYS} hari; setelah itu terhapus permanen.`
            : undefined
        }
        confirmLabel="Hapus File"
        onConfirm={onConfirmDelete}
        loading={removeFile.isPending}
        needsSignal={needsSignalTo('menghapus')}
      />
    </>
  )
}

/** A row action that needs the network: without signal it says why instead of starting (menu items too). */
function withSignal<A extends unknown[]>(reason: string, act: (...args: A) => void) {
  return (...args: A) => (navigator.onLine ? act(...args) : notify('info', reason))
}
