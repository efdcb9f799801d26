import { css } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import type { TrashItem, TrashKind } from '../../../contracts/trash'
import { jakartaDateTime } from '../../../lib/jakarta-time'
import { needsSignalTo } from '../../../lib/use-online'
import { AreaChip } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { IconCamera, IconClock, IconFile, IconFolder, IconRotateCcw, IconTrash } from '../../../ui/icons'

const KIND_META: Record<TrashKind, { label: string; Icon: typeof IconFile; tone: string }> = {
  file: { label: 'File', Icon: IconFile, tone: css({ bg: 'slate.100', color: 'slate.600' }) },
  folder: { label: 'Folder', Icon: IconFolder, tone: css({ bg: 'amber.50', color: 'amber.700' }) },
  doc: {
    label: 'Dokumentasi',
    Icon: IconCamera,
    tone: css({ bg: 'area.dokumentasi.bg', color: 'area.dokumentasi.fg' }),
  },
}

function daysLeft(expiresAt: string, now = Date.now()) {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 86_400_000))
}

const isArea = (a: string): a is 'perencanaan' | 'pengawasan' | 'dokumentasi' | 'rekap' =>
  ['perencanaan', 'pengawasan', 'dokumentasi', 'rekap'].includes(a)

/** A long file or folder name wraps after its separators ('_', '-', '.'), not in the middle of a word. */
function breakable(name: string) {
  return name.split(/(?<=[_\-.)\]])/).map((part, i, all) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
    <span key={i}>
      {part}
      {i < all.length - 1 ? <wbr /> : null}
    </span>
  ))
}

/**
 * One item of Sampah: its kind, name and area, who deleted it and when, the days left before it is
 * deleted for good, and 'Pulihkan' and 'Hapus permanen'.
 */
export function TrashRow({
  item,
  restoringThis,
  restoringOther,
  onRestore,
  onPurge,
}: {
  item: TrashItem
  /** Its restore is running. */
  restoringThis: boolean
  /** Another item's restore is running. */
  restoringOther: boolean
  onRestore: () => void
  onPurge: () => void
}) {
  const meta = KIND_META[item.kind]
  const left = daysLeft(item.expires_at)
  return (
    <li
      aria-label={`${meta.label} ${item.name}`}
      className={stack({
        direction: { base: 'column', md: 'row' },
        align: { base: 'stretch', md: 'center' },
        gap: { base: '3', md: '4' },
        px: { base: '4', md: '5' },
        py: '4',
        '& + &': { borderTopWidth: '1px', borderColor: 'border' },
      })}
    >
      <div className={flex({ gap: '3', flex: '1', minW: '0', align: 'flex-start' })}>
        <span
          aria-hidden="true"
          className={`${css({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            w: '10',
            h: '10',
            flexShrink: 0,
            borderRadius: 'lg',
            '& svg': { w: '5', h: '5' },
          })} ${meta.tone}`}
        >
          <meta.Icon />
        </span>
        <div className={css({ minW: '0', flex: '1' })}>
          <p
            className={css({
              fontWeight: '600',
              fontSize: 'sm',
              color: 'fg',
              overflowWrap: 'break-word',
            })}
          >
            {item.name ? breakable(item.name) : '(tanpa nama)'}
          </p>
          <div className={hstack({ gap: '2', mt: '1', flexWrap: 'wrap' })}>
            {item.kind === 'doc' ? null : (
              <span className={css({ fontSize: 'xs', color: 'fgMuted', fontWeight: '500' })}>
                {meta.label}
              </span>
            )}
            {isArea(item.area) ? <AreaChip area={item.area} /> : null}
          </div>
          <p className={css({ mt: '1.5', fontSize: 'xs', color: 'fgMuted' })}>
            Dihapus oleh{' '}
            <strong className={css({ fontWeight: '600', color: 'fg' })}>
              {item.deleted_by?.name ?? 'Akun terhapus'}
            </strong>{' '}
            · <time dateTime={item.deleted_at}>{jakartaDateTime(item.deleted_at)}</time>
          </p>
          <p
            className={hstack({
              mt: '1',
              gap: '1',
              fontSize: 'xs',
              color: left <= 3 ? 'red.700' : 'fgMuted',
              '& svg': { w: '3.5', h: '3.5', flexShrink: 0 },
            })}
          >
            <IconClock />
            <span>
              {left === 0 ? 'Dihapus permanen hari ini' : `Dihapus permanen dalam ${left} hari`} (
              <time dateTime={item.expires_at}>{jakartaDateTime(item.expires_at)}</time>)
            </span>
          </p>
        </div>
      </div>
      <div
        className={hstack({
          gap: '2',
          flexShrink: 0,
          '& > *': { flex: { base: '1', md: 'initial' } },
        })}
      >
        <Button
          variant="secondary"
          size="sm"
          onClick={onRestore}
          loading={restoringThis}
          disabled={restoringOther}
          needsSignal={needsSignalTo('memulihkan')}
          aria-label={`Pulihkan ${item.name}`}
        >
          {restoringThis ? null : <IconRotateCcw />} Pulihkan
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={css({ color: 'red.700', _hover: { bg: 'red.50' } })}
          onClick={onPurge}
          needsSignal={needsSignalTo('menghapus')}
          aria-label={`Hapus permanen ${item.name}`}
        >
          <IconTrash /> Hapus permanen
        </Button>
      </div>
    </li>
  )
}
