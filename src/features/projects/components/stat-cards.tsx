import type { ComponentType } from 'react'
import { css, cx } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { card } from 'styled-system/recipes'
import type { DashboardAnalysis } from '../../../contracts/projects'
import { formatCount } from '../../../lib/format'
import { IconTile } from '../../../ui/icon-tile'
import {
  IconFileCheck,
  IconFileClock,
  IconFiles,
  IconFolderKanban,
  IconImage,
  IconImageCheck,
  type IconProps,
} from '../../../ui/icons'

type Stat = {
  label: string
  value: (a: DashboardAnalysis) => number
  Icon: ComponentType<IconProps>
  tone: string
}

const STATS: Stat[] = [
  {
    label: 'Total Project',
    value: (a) => a.projects,
    Icon: IconFolderKanban,
    tone: css({ bg: 'blue.50', color: 'blue.600' }),
  },
  {
    label: 'Total File',
    value: (a) => a.files,
    Icon: IconFiles,
    tone: css({ bg: 'indigo.50', color: 'indigo.600' }),
  },
  {
    label: 'Menunggu File Review',
    value: (a) => a.file_pending,
    Icon: IconFileClock,
    tone: css({ bg: 'amber.50', color: 'amber.600' }),
  },
  {
    label: 'File Disetujui',
    value: (a) => a.file_approved,
    Icon: IconFileCheck,
    tone: css({ bg: 'green.50', color: 'green.600' }),
  },
  {
    label: 'Menunggu Dokumen Review',
    value: (a) => a.doc_pending,
    Icon: IconImage,
    tone: css({ bg: 'orange.50', color: 'orange.600' }),
  },
  {
    label: 'Dokumen Disetujui',
    value: (a) => a.doc_approved,
    Icon: IconImageCheck,
    tone: css({ bg: 'emerald.50', color: 'emerald.600' }),
  },
]

/** The six admin stat cards (SPEC 'Dashboard'); values are '–' until the analysis arrives. */
export function StatCards({ analysis }: { analysis: DashboardAnalysis | undefined }) {
  return (
    <ul
      aria-label="Ringkasan"
      className={grid({
        gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' },
        gap: { base: '3', md: '4' },
        mb: '8',
      })}
    >
      {STATS.map((s) => (
        <li
          key={s.label}
          className={cx(
            card({ padding: 'none' }),
            css({
              display: 'flex',
              // Top-aligned: a label that wraps to two lines must not push its number below its neighbours'.
              alignItems: 'flex-start',
              gap: '3',
              p: { base: '3', md: '4' },
              minW: '0',
            }),
          )}
        >
          <IconTile
            size="sm"
            className={cx(
              // From md on the tile is lg's size.
              css({ w: { md: '10' }, h: { md: '10' }, '& svg': { w: { md: '5' }, h: { md: '5' } } }),
              s.tone,
            )}
          >
            <s.Icon />
          </IconTile>
          <div className={css({ minW: '0' })}>
            <p
              className={css({
                fontSize: { base: 'lg', md: '2xl' },
                fontWeight: '700',
                letterSpacing: '-0.02em',
                lineHeight: '1.1',
                fontVariantNumeric: 'tabular-nums',
              })}
            >
              {analysis ? formatCount(s.value(analysis)) : '–'}
            </p>
            <p className={css({ mt: '0.5', fontSize: 'xs', color: 'fgMuted', lineHeight: '1.25' })}>
              {s.label}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}
