import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { type ExploreResult, FILE_MSG, type FileEntry, type FolderEntry } from '../../../contracts/files'
import { ApiError, errorMessage } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { IconAlertCircle, IconFolderOpen, IconFolderPlus, IconUpload, IconWifiOff } from '../../../ui/icons'
import { ListHeader, RowSkeletons } from './browser-rows'

/** Up to this many entries render as a plain list (find-in-page works); longer folders are virtualised. */
const PLAIN_LIST_MAX = 150

export type Entry = { kind: 'folder'; folder: FolderEntry } | { kind: 'file'; file: FileEntry }

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

/**
 * The browser's body: placeholder rows while a folder loads, what went wrong, an empty folder's invitation,
 * or the folder's entries (a plain list, or a virtual one for long folders) with 'Muat lebih banyak'.
 */
export function BrowserBody({
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
              <div className={flex({ gap: '2', wrap: 'wrap', justify: 'center' })}>
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
        <div className={flex({ justify: 'center', p: '4' })}>
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
