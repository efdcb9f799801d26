import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack } from 'styled-system/patterns'
import type { FileArea, FolderRef } from '../../../contracts/files'
import { AREA_META } from '../../../ui/area'
import { IconTile } from '../../../ui/icon-tile'
import { IconChevronRight } from '../../../ui/icons'
import { folderHash } from './folder-location'

const crumb = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minW: '0',
  h: '8',
  px: '2',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fgMuted',
  whiteSpace: 'nowrap',
  _hover: { bg: 'subtle', color: 'fg' },
  _focusVisible: { outline: 'none', boxShadow: 'focus' },
  '& svg': { w: '4', h: '4', flexShrink: 0 },
})

const current = css({ color: 'fg', fontWeight: '600', _hover: { bg: 'transparent' } })

/**
 * The trail from the area's root to the folder shown. A long trail keeps the root and the last two
 * folders and folds the middle into '…' (which opens the folder just above the visible ones).
 */
export function Breadcrumbs({ slug, area, trail }: { slug: string; area: FileArea; trail: FolderRef[] }) {
  const meta = AREA_META[area]
  const folded = trail.length > 3
  const shown = folded ? trail.slice(-2) : trail
  const hidden = folded ? trail.slice(0, -2) : []
  const link = (folder: string | null) => ({
    to: '/project/$slug' as const,
    params: { slug },
    hash: folderHash(area, folder),
    hashScrollIntoView: false,
  })
  const atRoot = trail.length === 0

  return (
    <nav aria-label="Lokasi folder" className={css({ minW: '0', flex: '1' })}>
      <ol className={hstack({ gap: '0.5', minW: '0', ml: '-2' })}>
        <li className={flex({ minW: '0', flexShrink: 0 })}>
          <Link
            {...link(null)}
            className={cx(crumb, atRoot && current)}
            aria-current={atRoot ? 'page' : undefined}
          >
            <IconTile size="xs" className={cx(css({ borderRadius: 'sm' }), meta.tone)}>
              <meta.Icon />
            </IconTile>
            {meta.label}
          </Link>
        </li>
        {folded ? (
          <Fragment>
            <Separator />
            <li className={flex({})}>
              <Link
                {...link(hidden[hidden.length - 1]?.uuid ?? null)}
                className={crumb}
                aria-label={`Folder di atas: ${hidden.map((f) => f.name).join(' / ')}`}
                title={hidden.map((f) => f.name).join(' / ')}
              >
                …
              </Link>
            </li>
          </Fragment>
        ) : null}
        {shown.map((f, i) => {
          const last = i === shown.length - 1
          return (
            <Fragment key={f.uuid}>
              <Separator />
              <li className={flex({ minW: '0' })}>
                <Link
                  {...link(f.uuid)}
                  className={cx(crumb, last && current)}
                  aria-current={last ? 'page' : undefined}
                  title={f.name}
                >
                  <span
                    className={cx(
                      css({ truncate: true }),
                      last
                        ? css({ maxW: { base: '11rem', md: '20rem' } })
                        : css({ maxW: { base: '5.5rem', md: '12rem' } }),
                    )}
                  >
                    {f.name}
                  </span>
                </Link>
              </li>
            </Fragment>
          )
        })}
      </ol>
    </nav>
  )
}

function Separator() {
  return (
    <li aria-hidden="true" className={flex({ color: 'slate.300', flexShrink: 0 })}>
      <IconChevronRight size={14} />
    </li>
  )
}
