import type { ComponentType } from 'react'
import { css, cx } from 'styled-system/css'
import type { Area } from '../contracts/projects'
import { IconCamera, IconFileSpreadsheet, IconHardHat, IconPencilRuler, type IconProps } from './icons'

/** How each project area looks everywhere (tabs, folder chips): label, icon and colour (theme `area.*`). */
export const AREA_META: Record<
  Area,
  {
    label: string
    description: string
    Icon: ComponentType<IconProps>
    /** Soft background + strong text, for chips and icon tiles. */
    tone: string
    /** The solid colour as a CSS value, for accents (tab indicator, bars). */
    solid: string
  }
> = {
  perencanaan: {
    label: 'Perencanaan',
    description: 'Gambar kerja, RAB dan dokumen perencanaan tim perencanaan.',
    Icon: IconPencilRuler,
    tone: css({ bg: 'area.perencanaan.bg', color: 'area.perencanaan.fg' }),
    solid: 'var(--colors-area-perencanaan-solid)',
  },
  pengawasan: {
    label: 'Pengawasan',
    description: 'Laporan harian, mingguan dan berita acara dari tim pengawasan.',
    Icon: IconHardHat,
    tone: css({ bg: 'area.pengawasan.bg', color: 'area.pengawasan.fg' }),
    solid: 'var(--colors-area-pengawasan-solid)',
  },
  dokumentasi: {
    label: 'Dokumentasi',
    description: 'Foto lapangan dengan deskripsi, suka dan komentar.',
    Icon: IconCamera,
    tone: css({ bg: 'area.dokumentasi.bg', color: 'area.dokumentasi.fg' }),
    solid: 'var(--colors-area-dokumentasi-solid)',
  },
  rekap: {
    label: 'Rekapitulasi',
    description: 'File rekap project: PDF, Word, Excel dan PowerPoint.',
    Icon: IconFileSpreadsheet,
    tone: css({ bg: 'area.rekap.bg', color: 'area.rekap.fg' }),
    solid: 'var(--colors-area-rekap-solid)',
  },
}

/** A small coloured pill: area icon, label and an optional count. */
export function AreaChip({ area, count, className }: { area: Area; count?: number; className?: string }) {
  const meta = AREA_META[area]
  return (
    <span
      className={cx(
        css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1.5',
          h: '6',
          pl: '2',
          pr: '2',
          fontSize: 'xs',
          fontWeight: '500',
          borderRadius: 'full',
          whiteSpace: 'nowrap',
          '& svg': { w: '3.5', h: '3.5' },
        }),
        meta.tone,
        className,
      )}
    >
      <meta.Icon />
      {meta.label}
      {count !== undefined ? (
        <span className={css({ fontWeight: '700', fontVariantNumeric: 'tabular-nums' })}>{count}</span>
      ) : null}
    </span>
  )
}
