import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, grid, hstack, stack } from 'styled-system/patterns'
import {
  FILE_STATUS_LABELS,
  type FileArea,
  type FileEntry,
  type FolderEntry,
  type ReviewDecision,
} from '../../../contracts/files'
import { formatDateTime, formatFileSize, formatRelativeTime } from '../../../lib/format'
import { needsSignalTo } from '../../../lib/use-online'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { IconTile } from '../../../ui/icon-tile'
import {
  IconCheck,
  IconChevronRight,
  IconDownload,
  IconFolder,
  IconMoreVertical,
  IconPencil,
  IconRotateCcw,
  IconTrash,
} from '../../../ui/icons'
import { Menu } from '../../../ui/menu'
import { Skeleton } from '../../../ui/skeleton'
import { BreakableName, FileKindTile, FileStatusBadge } from './file-parts'
import { folderHash } from './folder-location'

/*
 * Rows of the browser. A long folder scrolls through thousands of them, so every style is computed once
 * here (Panda's css() serialises its object on each call) and rows are memoised: scrolling renders only
 * the rows that come into view, not every row on screen at each scroll event.
 */

/**
 * One grid for folders and files from md up: name, size, author, status, actions. On phones a row is
 * the name with a line of details under it, the status on the right and, where there are any, the
 * review buttons on a line of their own.
 */
export const rowGrid = grid({
  alignItems: 'center',
  columnGap: '4',
  gridTemplateColumns: {
    base: 'minmax(0, 1fr) auto',
    // The actions column is wider for reviewers (approve and reject buttons): --file-actions.
    md: 'minmax(0, 1fr) 6.5rem 10rem 6.5rem var(--file-actions, 5.5rem)',
  },
})

const rowBase = css({
  px: { base: '4', md: '5' },
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  transition: 'background {durations.fast}',
  _hover: { bg: 'slate.50/70' },
})
const row = cx(rowGrid, rowBase)
const fileRowClass = cx(
  rowGrid,
  rowBase,
  css({
    rowGap: '2.5',
    scrollMarginTop: '24',
    // The file a link or notification pointed at ('#area/folder/file'): marked until the next one.
    '&[data-target]': { bg: 'amber.50', boxShadow: 'inset 3px 0 0 {colors.amber.500}' },
  }),
)

const desktopOnly = css({ display: { base: 'none', md: 'block' } })
const cellText = cx(
  desktopOnly,
  css({ fontSize: 'sm', color: 'fgMuted', truncate: true, fontVariantNumeric: 'tabular-nums' }),
)

const s = {
  header: cx(
    rowGrid,
    css({
      display: { base: 'none', md: 'grid' },
      px: '5',
      py: '2',
      bg: 'slate.50',
      borderBottomWidth: '1px',
      borderColor: 'border',
      fontSize: 'xs',
      fontWeight: '600',
      color: 'fgSubtle',
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
    }),
  ),
  right: css({ textAlign: 'right' }),
  folderLink: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minW: '0',
    borderRadius: 'md',
    _focusVisible: { outline: 'none', boxShadow: 'focus' },
    '&:hover .folder-name': { color: 'brand.fg', textDecoration: 'underline' },
  }),
  minW0: css({ minW: '0' }),
  folderName: cx('folder-name', css({ display: 'block', fontWeight: '600', fontSize: 'sm', truncate: true })),
  phoneMeta: css({
    display: { base: 'block', md: 'none' },
    fontSize: 'xs',
    color: 'fgSubtle',
    truncate: true,
  }),
  actions: hstack({ justify: 'flex-end', gap: '1' }),
  chevron: css({ color: 'slate.300', display: { base: 'none', md: 'block' } }),
  fileMain: hstack({ gap: '3', minW: '0' }),
  fileName: css({
    fontWeight: '500',
    fontSize: 'sm',
    color: 'fg',
    // Breaks at the name's separators (BreakableName); a word longer than the line still wraps.
    overflowWrap: 'break-word',
    lineClamp: { base: '3', md: '1' },
  }),
  // The uploader's name gives way on a narrow phone; the size and the upload time always stay.
  fileMeta: css({
    display: 'flex',
    minW: '0',
    fontSize: 'xs',
    color: 'fgSubtle',
    whiteSpace: 'pre',
  }),
  // At least a few letters of the name stay (it collapsed to nothing between the dots, issue 32);
  // the whole name is its title.
  metaWho: css({ minW: '7ch', overflow: 'hidden', textOverflow: 'ellipsis' }),
  metaTime: css({ flexShrink: 0 }),
  phoneOnlyInline: css({ display: { md: 'none' } }),
  statusCell: hstack({
    justify: { base: 'flex-end', md: 'flex-start' },
    gap: '1',
  }),
  phoneMenu: css({ display: { base: 'inline-flex', md: 'none' } }),
  fileActions: css({
    gridColumn: { base: '1 / -1', md: 'auto' },
    display: { base: 'none', md: 'flex' },
    alignItems: 'center',
    justifyContent: { base: 'flex-start', md: 'flex-end' },
    gap: '1',
    // On phones the review buttons line up under the name (tile 2.5rem + gap 0.75rem).
    pl: { base: '3.25rem', md: '0' },
    '&[data-review]': { display: 'flex' },
  }),
  reviewButtons: flex({ gap: '1.5', md: { mr: '1' } }),
  approve: css({ color: 'green.700', _hover: { _enabled: { bg: 'green.50', borderColor: 'green.300' } } }),
  reject: css({ color: 'red.700', _hover: { _enabled: { bg: 'red.50', borderColor: 'red.300' } } }),
  // The reason of a 'Revisi', under the name where the uploader looks (issue 30).
  reviewNote: css({
    mt: '1',
    fontSize: 'xs',
    lineHeight: '1.45',
    color: 'red.800',
    wordBreak: 'break-word',
    whiteSpace: 'pre-line',
  }),
  reviewNoteLabel: css({ fontWeight: '600' }),
  desktopButtons: css({ display: { base: 'none', md: 'inline-flex' }, gap: '1' }),
  percent: css({ fontSize: 'xs', fontVariantNumeric: 'tabular-nums' }),
}

export function ListHeader() {
  return (
    <div aria-hidden="true" className={s.header}>
      <span>Nama</span>
      <span>Ukuran</span>
      <span>Diunggah oleh</span>
      <span>Status</span>
      <span className={s.right}>Aksi</span>
    </div>
  )
}

/** What rows ask the browser to do; one stable object, so memoised rows stay memoised. */
export type RowHandlers = {
  renameFolder: (folder: FolderEntry) => void
  deleteFolder: (folder: FolderEntry) => void
  download: (file: FileEntry) => void
  review: (file: FileEntry, decision: ReviewDecision) => void
  deleteFile: (file: FileEntry) => void
}

export const FolderRow = memo(function FolderRow({
  slug,
  area,
  folder,
  canWrite,
  handlers,
}: {
  slug: string
  area: FileArea
  folder: FolderEntry
  canWrite: boolean
  handlers: RowHandlers
}) {
  const meta = AREA_META[area]
  const items = `${folder.items} item`
  return (
    <div className={row}>
      <Link
        to="/project/$slug"
        params={{ slug }}
        hash={folderHash(area, folder.uuid)}
        hashScrollIntoView={false}
        className={s.folderLink}
      >
        <IconTile className={meta.tone}>
          <IconFolder />
        </IconTile>
        <span className={s.minW0}>
          <span className={s.folderName}>{folder.name}</span>
          <span className={s.phoneMeta}>
            {items} · {folder.creator.name}
          </span>
        </span>
      </Link>
      <span className={cellText}>{items}</span>
      <span className={cellText} title={formatDateTime(folder.created_at)}>
        {folder.creator.name}
      </span>
      <span className={desktopOnly} />
      <div className={s.actions}>
        {canWrite ? (
          <Menu
            trigger={
              <Button variant="ghost" size="sm" iconOnly aria-label={`Opsi folder ${folder.name}`}>
                <IconMoreVertical />
              </Button>
            }
            items={[
              {
                value: 'rename',
                label: 'Rename Folder',
                icon: <IconPencil />,
                onSelect: () => handlers.renameFolder(folder),
              },
              {
                value: 'delete',
                label: 'Delete Folder',
                icon: <IconTrash />,
                tone: 'danger',
                onSelect: () => handlers.deleteFolder(folder),
              },
            ]}
          />
        ) : null}
        <IconChevronRight size={16} className={s.chevron} />
      </div>
    </div>
  )
})

export const FileRow = memo(function FileRow({
  file,
  target,
  canWrite,
  canReview,
  downloading,
  reviewing,
  handlers,
}: {
  file: FileEntry
  /** The file a link pointed at ('#area/folder/file'): marked and scrolled to. */
  target?: boolean
  canWrite: boolean
  canReview: boolean
  /** 0-100 while this file downloads. */
  downloading: number | undefined
  reviewing: ReviewDecision | undefined
  handlers: RowHandlers
}) {
  const size = formatFileSize(file.size_kb)
  const reviewable = canReview && file.status === 'pending'
  const reviewed = file.reviewer
    ? `${FILE_STATUS_LABELS[file.status]} oleh ${file.reviewer.name}, ${formatDateTime(file.reviewed_at)}`
    : undefined
  const isDownloading = downloading !== undefined
  return (
    <div
      className={fileRowClass}
      data-target={target || undefined}
      id={`file-${file.uuid}`}
      aria-current={target ? 'location' : undefined}
    >
      <div className={s.fileMain}>
        <FileKindTile name={file.name} />
        <div className={s.minW0}>
          <p className={s.fileName} title={file.name}>
            <BreakableName name={file.name} />
          </p>
          <p className={s.fileMeta}>
            <span className={s.phoneOnlyInline}>{size} · </span>
            <span className={cx(s.phoneOnlyInline, s.metaWho)} title={file.creator.name}>
              {file.creator.name}
            </span>
            <span className={s.phoneOnlyInline}> · </span>
            <time className={s.metaTime} dateTime={file.created_at} title={formatDateTime(file.created_at)}>
              {formatRelativeTime(file.created_at)}
            </time>
          </p>
          {file.status === 'rejected' && file.review_note ? (
            <p className={s.reviewNote} data-testid="file-review-note">
              <span className={s.reviewNoteLabel}>Catatan revisi: </span>
              {file.review_note}
            </p>
          ) : null}
        </div>
      </div>
      <span className={cellText}>{size}</span>
      <span className={cellText}>{file.creator.name}</span>
      <span className={s.statusCell}>
        <FileStatusBadge status={file.status} title={reviewed} />
        <span className={s.phoneMenu}>
          <Menu
            trigger={
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                loading={isDownloading}
                aria-label={`Opsi file ${file.name}`}
              >
                {isDownloading ? null : <IconMoreVertical />}
              </Button>
            }
            items={[
              {
                value: 'download',
                label: 'Unduh',
                icon: <IconDownload />,
                onSelect: () => handlers.download(file),
              },
              ...(canWrite
                ? [
                    {
                      value: 'delete',
                      label: 'Hapus',
                      icon: <IconTrash />,
                      tone: 'danger' as const,
                      onSelect: () => handlers.deleteFile(file),
                    },
                  ]
                : []),
            ]}
          />
        </span>
      </span>
      <div className={s.fileActions} data-review={reviewable || undefined}>
        {reviewable ? (
          <FileReviewButtons file={file} reviewing={reviewing} onReview={handlers.review} />
        ) : null}
        <span className={s.desktopButtons}>
          <Button
            variant="ghost"
            size="sm"
            iconOnly={!isDownloading}
            onClick={() => handlers.download(file)}
            needsSignal={needsSignalTo('mengunduh')}
            loading={isDownloading}
            aria-label={`Unduh ${file.name}`}
            title={isDownloading ? `Mengunduh ${downloading}%` : 'Unduh'}
          >
            {isDownloading ? <span className={s.percent}>{downloading}%</span> : <IconDownload />}
          </Button>
          {canWrite ? (
            <Button
              variant="dangerGhost"
              size="sm"
              iconOnly
              onClick={() => handlers.deleteFile(file)}
              needsSignal={needsSignalTo('menghapus')}
              aria-label={`Hapus ${file.name}`}
              title="Hapus"
            >
              <IconTrash />
            </Button>
          ) : null}
        </span>
      </div>
    </div>
  )
})

/** 'Approve' and 'Revisi' of a pending file (reviewers). */
function FileReviewButtons({
  file,
  reviewing,
  onReview,
}: {
  file: FileEntry
  reviewing: ReviewDecision | undefined
  onReview: RowHandlers['review']
}) {
  const busy = reviewing !== undefined
  return (
    <div className={s.reviewButtons}>
      <Button
        size="xs"
        variant="secondary"
        className={s.approve}
        onClick={() => onReview(file, 'approved')}
        needsSignal={needsSignalTo('meninjau')}
        loading={reviewing === 'approved'}
        disabled={busy}
        aria-label={`Approve ${file.name}`}
      >
        {reviewing === 'approved' ? null : <IconCheck />}
        Approve
      </Button>
      <Button
        size="xs"
        variant="secondary"
        className={s.reject}
        onClick={() => onReview(file, 'rejected')}
        needsSignal={needsSignalTo('meninjau')}
        loading={reviewing === 'rejected'}
        disabled={busy}
        aria-label={`Revisi ${file.name}`}
      >
        {reviewing === 'rejected' ? null : <IconRotateCcw />}
        Revisi
      </Button>
    </div>
  )
}

const skeleton = {
  row: cx(row, css({ _hover: { bg: 'surface' } })),
  main: hstack({ gap: '3' }),
  tile: css({ w: '10', h: '10', borderRadius: 'md', flexShrink: 0 }),
  lines: stack({ gap: '2', flex: '1' }),
  name: [css({ w: '11rem' }), css({ w: '14rem' }), css({ w: '9rem' }), css({ w: '12rem' })].map((w) =>
    cx(css({ h: '3', maxW: 'full' }), w),
  ),
  meta: css({ h: '2.5', w: '6rem' }),
}

/** Placeholder rows while a folder's first page loads. */
export function RowSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Memuat data">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={skeleton.row}>
          <div className={skeleton.main}>
            <Skeleton className={skeleton.tile} />
            <span className={skeleton.lines}>
              <Skeleton className={skeleton.name[i % 4]} />
              <Skeleton className={skeleton.meta} />
            </span>
          </div>
        </div>
      ))}
    </div>
  )
}
