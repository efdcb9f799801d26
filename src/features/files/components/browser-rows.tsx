import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import type { FileArea, FileEntry, FolderEntry } from '../../../contracts/files'
import { formatDateTime, formatFileSize, formatRelativeTime } from '../../../lib/format'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import {
  IconCheck,
  IconChevronRight,
  IconDownload,
  IconFolder,
  IconMoreVertical,
  IconPencil,
  IconTrash,
  IconX,
} from '../../../ui/icons'
import { Menu } from '../../../ui/menu'
import { Tooltip } from '../../../ui/tooltip'
import { FileKindTile, FileStatusBadge } from './file-parts'
import { folderHash } from './folder-location'

/**
 * One grid for folders and files from md up: name, size, author, status, actions. On phones a row is
 * the name with a line of details under it, the status on the right and, where there are any, the
 * review buttons on a line of their own.
 */
export const rowGrid = css({
  display: 'grid',
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

const desktopOnly = css({ display: { base: 'none', md: 'block' } })
const cellText = css({ fontSize: 'sm', color: 'fgMuted', truncate: true, fontVariantNumeric: 'tabular-nums' })

export function ListHeader() {
  return (
    <div
      aria-hidden="true"
      className={cx(
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
      )}
    >
      <span>Nama</span>
      <span>Ukuran</span>
      <span>Diunggah oleh</span>
      <span>Status</span>
      <span className={css({ textAlign: 'right' })}>Aksi</span>
    </div>
  )
}

export function FolderRow({
  slug,
  area,
  folder,
  canWrite,
  onRename,
  onDelete,
}: {
  slug: string
  area: FileArea
  folder: FolderEntry
  canWrite: boolean
  onRename: () => void
  onDelete: () => void
}) {
  const meta = AREA_META[area]
  const items = `${folder.items} item`
  return (
    <div className={cx(rowGrid, rowBase)}>
      <Link
        to="/project/$slug"
        params={{ slug }}
        hash={folderHash(area, folder.uuid)}
        hashScrollIntoView={false}
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '3',
          minW: '0',
          borderRadius: 'md',
          _focusVisible: { outline: 'none', boxShadow: 'focus' },
          '&:hover .folder-name': { color: 'brand.fg', textDecoration: 'underline' },
        })}
      >
        <span
          className={cx(
            css({
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              w: '10',
              h: '10',
              borderRadius: 'md',
              '& svg': { w: '5', h: '5' },
            }),
            meta.tone,
          )}
        >
          <IconFolder />
        </span>
        <span className={css({ minW: '0' })}>
          <span
            className={cx(
              'folder-name',
              css({ display: 'block', fontWeight: '600', fontSize: 'sm', truncate: true }),
            )}
          >
            {folder.name}
          </span>
          <span
            className={css({
              display: { base: 'block', md: 'none' },
              fontSize: 'xs',
              color: 'fgSubtle',
              truncate: true,
            })}
          >
            {items} · {folder.creator.name}
          </span>
        </span>
      </Link>
      <span className={cx(desktopOnly, cellText)}>{items}</span>
      <span className={cx(desktopOnly, cellText)} title={formatDateTime(folder.created_at)}>
        {folder.creator.name}
      </span>
      <span className={desktopOnly} />
      <div className={css({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '1' })}>
        {canWrite ? (
          <Menu
            trigger={
              <Button variant="ghost" size="sm" iconOnly aria-label={`Opsi folder ${folder.name}`}>
                <IconMoreVertical />
              </Button>
            }
            items={[
              { value: 'rename', label: 'Rename Folder', icon: <IconPencil />, onSelect: onRename },
              {
                value: 'delete',
                label: 'Delete Folder',
                icon: <IconTrash />,
                tone: 'danger',
                onSelect: onDelete,
              },
            ]}
          />
        ) : null}
        <IconChevronRight
          size={16}
          className={css({ color: 'slate.300', display: { base: 'none', md: 'block' } })}
        />
      </div>
    </div>
  )
}

export type FileActions = {
  canWrite: boolean
  canReview: boolean
  /** 0-100 while this file downloads. */
  downloading?: number
  reviewing?: 'approved' | 'rejected'
  onDownload: () => void
  onReview: (decision: 'approved' | 'rejected') => void
  onDelete: () => void
}

export function FileRow({ file, actions }: { file: FileEntry; actions: FileActions }) {
  const size = formatFileSize(file.size_kb)
  const when = formatRelativeTime(file.created_at)
  const reviewable = actions.canReview && file.status === 'pending'
  const reviewed = file.reviewer
    ? `${file.status === 'approved' ? 'Disetujui' : 'Ditolak'} oleh ${file.reviewer.name}, ${formatDateTime(file.reviewed_at)}`
    : undefined
  const busy = actions.reviewing !== undefined
  const downloading = actions.downloading !== undefined
  return (
    <div className={cx(rowGrid, rowBase, css({ rowGap: '2.5' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })}>
        <FileKindTile name={file.name} />
        <div className={css({ minW: '0' })}>
          <p
            className={css({
              fontWeight: '500',
              fontSize: 'sm',
              color: 'fg',
              wordBreak: 'break-word',
              lineClamp: { base: '2', md: '1' },
            })}
            title={file.name}
          >
            {file.name}
          </p>
          <p className={css({ fontSize: 'xs', color: 'fgSubtle', truncate: true })}>
            <span className={css({ display: { md: 'none' } })}>
              {size} · {file.creator.name} ·{' '}
            </span>
            <time dateTime={file.created_at} title={formatDateTime(file.created_at)}>
              {when}
            </time>
          </p>
        </div>
      </div>
      <span className={cx(desktopOnly, cellText)}>{size}</span>
      <span className={cx(desktopOnly, cellText)}>{file.creator.name}</span>
      <span
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: { base: 'flex-end', md: 'flex-start' },
          gap: '1',
        })}
      >
        <FileStatusBadge status={file.status} title={reviewed} />
        <span className={css({ display: { base: 'inline-flex', md: 'none' } })}>
          <Menu
            trigger={
              <Button
                variant="ghost"
                size="sm"
                iconOnly
                loading={downloading}
                aria-label={`Opsi file ${file.name}`}
              >
                {downloading ? null : <IconMoreVertical />}
              </Button>
            }
            items={[
              { value: 'download', label: 'Unduh', icon: <IconDownload />, onSelect: actions.onDownload },
              ...(actions.canWrite
                ? [
                    {
                      value: 'delete',
                      label: 'Hapus',
                      icon: <IconTrash />,
                      tone: 'danger' as const,
                      onSelect: actions.onDelete,
                    },
                  ]
                : []),
            ]}
          />
        </span>
      </span>
      <div
        className={css({
          gridColumn: { base: '1 / -1', md: 'auto' },
          display: { base: reviewable ? 'flex' : 'none', md: 'flex' },
          alignItems: 'center',
          justifyContent: { base: 'flex-start', md: 'flex-end' },
          gap: '1',
          pl: { base: '3.25rem', md: '0' },
        })}
      >
        {reviewable ? (
          <div className={css({ display: 'flex', gap: '1.5', md: { mr: '1' } })}>
            <Button
              size="xs"
              variant="secondary"
              className={css({
                color: 'green.700',
                _hover: { _enabled: { bg: 'green.50', borderColor: 'green.300' } },
              })}
              onClick={() => actions.onReview('approved')}
              loading={actions.reviewing === 'approved'}
              disabled={busy}
              aria-label={`Setujui ${file.name}`}
            >
              {actions.reviewing === 'approved' ? null : <IconCheck />}
              Setujui
            </Button>
            <Button
              size="xs"
              variant="secondary"
              className={css({
                color: 'red.700',
                _hover: { _enabled: { bg: 'red.50', borderColor: 'red.300' } },
              })}
              onClick={() => actions.onReview('rejected')}
              loading={actions.reviewing === 'rejected'}
              disabled={busy}
              aria-label={`Tolak ${file.name}`}
            >
              {actions.reviewing === 'rejected' ? null : <IconX />}
              Tolak
            </Button>
          </div>
        ) : null}
        <span className={css({ display: { base: 'none', md: 'inline-flex' }, gap: '1' })}>
          <Tooltip content={downloading ? `Mengunduh ${actions.downloading}%` : 'Unduh'}>
            <Button
              variant="ghost"
              size="sm"
              iconOnly={!downloading}
              onClick={actions.onDownload}
              loading={downloading}
              aria-label={`Unduh ${file.name}`}
            >
              {downloading ? (
                <span className={css({ fontSize: 'xs', fontVariantNumeric: 'tabular-nums' })}>
                  {actions.downloading}%
                </span>
              ) : (
                <IconDownload />
              )}
            </Button>
          </Tooltip>
          {actions.canWrite ? (
            <Tooltip content="Hapus">
              <Button
                variant="dangerGhost"
                size="sm"
                iconOnly
                onClick={actions.onDelete}
                aria-label={`Hapus ${file.name}`}
              >
                <IconTrash />
              </Button>
            </Tooltip>
          ) : null}
        </span>
      </div>
    </div>
  )
}

const bar = css({
  display: 'block',
  borderRadius: 'sm',
  bgGradient: 'to-r',
  gradientFrom: 'slate.100',
  gradientVia: 'slate.200',
  gradientTo: 'slate.100',
  backgroundSize: '200% 100%',
  animation: 'shimmer 1.4s linear infinite',
})

/** Placeholder rows while a folder's first page loads. */
export function RowSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Memuat data">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className={cx(rowGrid, rowBase, css({ _hover: { bg: 'surface' } }))}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
            <span className={cx(bar, css({ w: '10', h: '10', borderRadius: 'md', flexShrink: 0 }))} />
            <span className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
              <span
                className={cx(
                  bar,
                  css({ h: '3', maxW: 'full' }),
                  [css({ w: '11rem' }), css({ w: '14rem' }), css({ w: '9rem' }), css({ w: '12rem' })][i % 4],
                )}
              />
              <span className={cx(bar, css({ h: '2.5', w: '6rem' }))} />
            </span>
          </div>
        </div>
      ))}
    </div>
  )
}
