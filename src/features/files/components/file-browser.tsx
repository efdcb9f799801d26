import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { css } from 'styled-system/css'
import {
  type ExploreResult,
  FILE_MSG,
  type FileArea,
  type FileEntry,
  type FolderEntry,
  type FolderRef,
  MAX_FILES_PER_UPLOAD,
  type ReviewDecision,
} from '../../../contracts/files'
import type { Project } from '../../../contracts/projects'
import { ApiError, errorMessage } from '../../../lib/api'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import {
  IconAlertCircle,
  IconFolderOpen,
  IconFolderPlus,
  IconLock,
  IconUpload,
  IconWifiOff,
} from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { downloadFile } from '../api'
import { folderQueryOptions, useRemoveFile, useRemoveFolder, useReviewFile } from '../queries'
import { Breadcrumbs } from './breadcrumbs'
import { FileRow, FolderRow, ListHeader, type RowHandlers, RowSkeletons } from './browser-rows'
import { useFolderLocation } from './folder-location'
import { type FolderDialogState, FolderNameDialog } from './folder-name-dialog'
import { UploadDialog } from './upload-dialog'

/** Up to this many entries render as a plain list (find-in-page works); longer folders are virtualised. */
const PLAIN_LIST_MAX = 150

type Entry = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry }
type Confirm = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry } | null

const DEFAULT_LIMITS = { max_file_bytes: 200 * 1024 * 1024, max_files: MAX_FILES_PER_UPLOAD }

/**
 * The folder and file browser of the perencanaan and pengawasan tabs (SPEC section 2): breadcrumbs,
 * folders then files by name, the five dialogs, review for admins. The folder shown is in the URL hash;
 * every folder seen once stays readable offline (the query cache is persisted).
 */
export function FileBrowser({ area, project }: { area: FileArea; project: Project }) {
  const slug = project.slug
  const { folder, open } = useFolderLocation(slug, area)
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

  async function onReview(file: FileEntry, decision: ReviewDecision) {
    setReviewing((r) => ({ ...r, [file.uuid]: decision }))
    try {
      await review.mutateAsync({ slug, area, file: file.uuid, decision })
      notify('success', decision === 'approved' ? FILE_MSG.fileApproved : FILE_MSG.fileRejected)
    } catch (err) {
      notify(
        'error',
        errorMessage(err, decision === 'approved' ? FILE_MSG.fileApproveFailed : FILE_MSG.fileRejectFailed),
      )
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
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            alignItems: { base: 'stretch', md: 'center' },
            gap: '3',
            px: { base: '4', md: '5' },
            py: '3',
            borderBottomWidth: '1px',
            borderColor: 'border',
          })}
        >
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0', flex: '1' })}>
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
              <Button onClick={() => setUploadOpen(true)} needsSignal={needsSignalTo('mengunggah')}>
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
      <ConfirmDialog
        open={confirm?.kind === 'folder'}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title="Delete Folder"
        description={
          confirm?.kind === 'folder'
            ? `Folder "${confirm.folder.name}" beserta seluruh isinya (${confirm.folder.items} item, termasuk subfolder dan file di dalamnya) akan dihapus secara permanen.`
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
          confirm?.kind === 'file' ? `File "${confirm.file.name}" akan dihapus secara permanen.` : undefined
        }
        confirmLabel="Hapus File"
        onConfirm={onConfirmDelete}
        loading={removeFile.isPending}
        needsSignal={needsSignalTo('menghapus')}
      />
    </>
  )
}

type BodyProps = {
  query: UseInfiniteQueryResult<InfiniteData<ExploreResult, unknown>, Error>
  entries: Entry[]
  inFolder: boolean
  online: boolean
  canWrite: boolean
  areaLabel: string
  onRoot: () => void
  onUpload: () => void
  onNewFolder: () => void
  renderEntry: (e: Entry) => ReactNode
}

function BrowserBody({
  query,
  entries,
  inFolder,
  online,
  canWrite,
  areaLabel,
  onRoot,
  onUpload,
  onNewFolder,
  renderEntry,
}: BodyProps) {
  const pad = css({ p: { base: '4', md: '5' } })
  if (query.isPending) {
    // Offline, a folder never opened before has nothing to show (its fetch waits for the network).
    if (query.fetchStatus === 'paused' || !online)
      return (
        <div className={pad}>
          <EmptyState
            icon={<IconWifiOff />}
            title="Folder ini belum tersedia offline"
            description="Buka folder ini sekali saat tersambung, maka isinya tetap dapat dilihat tanpa sinyal."
          />
        </div>
      )
    return <RowSkeletons />
  }
  if (query.isError && !query.data) {
    const gone = query.error instanceof ApiError && query.error.status === 404
    return (
      <div className={pad}>
        <EmptyState
          icon={gone ? <IconFolderOpen /> : <IconAlertCircle />}
          title={
            gone ? FILE_MSG.folderNotFound : errorMessage(query.error, 'Terjadi kesalahan saat memuat data')
          }
          description={gone ? 'Folder ini mungkin sudah dihapus atau dipindahkan.' : undefined}
          action={
            gone ? (
              <Button variant="secondary" onClick={onRoot}>
                Kembali ke {areaLabel}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => query.refetch()}>
                Coba lagi
              </Button>
            )
          }
        />
      </div>
    )
  }
  if (entries.length === 0) {
    return (
      <div className={pad}>
        <EmptyState
          icon={<IconFolderOpen />}
          title={inFolder ? 'Folder ini masih kosong' : 'Belum ada folder atau file'}
          description={
            canWrite
              ? 'Unggah file atau buat folder baru untuk mulai menyusun dokumen.'
              : `Belum ada dokumen di ${inFolder ? 'folder ini' : `area ${areaLabel}`}.`
          }
          action={
            canWrite ? (
              <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' })}>
                <Button variant="secondary" onClick={onNewFolder}>
                  <IconFolderPlus /> Folder Baru
                </Button>
                <Button onClick={onUpload}>
                  <IconUpload /> Upload File
                </Button>
              </div>
            ) : undefined
          }
        />
      </div>
    )
  }
  return (
    <>
      <ListHeader />
      {entries.length > PLAIN_LIST_MAX ? (
        <VirtualRows
          entries={entries}
          renderEntry={renderEntry}
          onNearEnd={() => {
            if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage()
          }}
        />
      ) : (
        <ul aria-label="Isi folder">
          {entries.map((e) => (
            <li key={keyOf(e)} aria-label={labelOf(e)}>
              {renderEntry(e)}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className={css({ display: 'flex', justifyContent: 'center', p: '4' })}>
          <Button
            variant="secondary"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Muat lebih banyak
          </Button>
        </div>
      ) : null}
    </>
  )
}

const estimateSize = () => 68
const keyOf = (e: Entry) => (e.kind === 'folder' ? `d:${e.folder.uuid}` : `f:${e.file.uuid}`)
const labelOf = (e: Entry) => (e.kind === 'folder' ? `Folder ${e.folder.name}` : `File ${e.file.name}`)

/**
 * A long folder (thousands of files) rendered as a window onto the page's own scroll: only the rows on
 * screen (and a few around them) are in the DOM, measured as they render (phone rows wrap), and the
 * next page is asked for before the end comes into view.
 */
function VirtualRows({
  entries,
  renderEntry,
  onNearEnd,
}: {
  entries: Entry[]
  renderEntry: (e: Entry) => ReactNode
  onNearEnd: () => void
}) {
  const list = useRef<HTMLUListElement>(null)
  const [offset, setOffset] = useState(0)
  useLayoutEffect(() => {
    const el = list.current
    if (!el) return
    const measure = () => setOffset(el.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  // Stable: a new function here would make the virtualizer recompute all positions on every render.
  const getItemKey = useCallback((i: number) => keyOf(entries[i] as Entry), [entries])
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize,
    overscan: 10,
    scrollMargin: offset,
    getItemKey,
  })
  const items = virtualizer.getVirtualItems()
  const last = items[items.length - 1]?.index ?? 0
  useEffect(() => {
    if (last >= entries.length - 30) onNearEnd()
  }, [last, entries.length, onNearEnd])

  return (
    <ul
      ref={list}
      aria-label="Isi folder"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          aria-label={labelOf(entries[item.index] as Entry)}
          aria-setsize={entries.length}
          aria-posinset={item.index + 1}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {renderEntry(entries[item.index] as Entry)}
        </li>
      ))}
    </ul>
  )
}

/** A row action that needs the network: without signal it says why instead of starting (menu items too). */
function withSignal<A extends unknown[]>(reason: string, act: (...args: A) => void) {
  return (...args: A) => (navigator.onLine ? act(...args) : notify('info', reason))
}
