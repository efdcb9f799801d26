import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { FILE_STATUS_LABELS } from '../../../contracts/files'
import type { Status } from '../../../contracts/projects'
import { fileExtension } from '../../../lib/format'
import { IconFile } from '../../../ui/icons'

/** Colour families by extension: drawings, documents, sheets, slides, images, archives. */
const KIND_TONES: [RegExp, string][] = [
  [/^PDF$/, css({ bg: 'red.50', color: 'red.700', borderColor: 'red.200' })],
  [/^(DOCX?|ODT|RTF|TXT)$/, css({ bg: 'blue.50', color: 'blue.700', borderColor: 'blue.200' })],
  [/^(XLSX?|XLSM|ODS|CSV)$/, css({ bg: 'green.50', color: 'green.700', borderColor: 'green.200' })],
  [/^(PPTX?|ODP)$/, css({ bg: 'orange.50', color: 'orange.700', borderColor: 'orange.200' })],
  [
    /^(JPE?G|PNG|WEBP|GIF|HEIC|HEIF|AVIF|BMP|TIFF?|SVG)$/,
    css({ bg: 'violet.50', color: 'violet.700', borderColor: 'violet.200' }),
  ],
  [
    /^(DWG|DXF|DWF|RVT|IFC|SKP|SHP|KMZ|KML)$/,
    css({ bg: 'teal.50', color: 'teal.700', borderColor: 'teal.200' }),
  ],
  [/^(ZIP|RAR|7Z|TAR|GZ)$/, css({ bg: 'amber.50', color: 'amber.800', borderColor: 'amber.200' })],
]
const NEUTRAL = css({ bg: 'slate.50', color: 'slate.600', borderColor: 'slate.200' })

const tile = css({
  position: 'relative',
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderWidth: '1px',
  borderRadius: 'md',
  fontWeight: '700',
  letterSpacing: '0.02em',
  lineHeight: '1',
})
const tileSize = {
  sm: css({ w: '8', h: '8', fontSize: '0.5rem', gap: '0.5', '& svg': { w: '3', h: '3' } }),
  md: css({ w: '10', h: '10', fontSize: '0.5625rem', gap: '1', '& svg': { w: '3.5', h: '3.5' } }),
}
const tileExt = css({ maxW: 'full', px: '0.5', overflow: 'hidden', textOverflow: 'clip' })

/** A file-type tile: the file glyph with the extension under it (SPEC: the uppercase text after the last dot). */
export function FileKindTile({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  const ext = fileExtension(name)
  const tone = KIND_TONES.find(([re]) => re.test(ext))?.[1] ?? NEUTRAL
  return (
    <span aria-hidden="true" className={cx(tile, tileSize[size], tone)}>
      <IconFile />
      <span className={tileExt}>{ext ? ext.slice(0, 4) : 'FILE'}</span>
    </span>
  )
}

const badgeClass = {
  pending: badge({ tone: 'pending' }),
  approved: badge({ tone: 'approved' }),
  rejected: badge({ tone: 'rejected' }),
  revision: badge({ tone: 'revision' }),
}

/** Pending / Disetujui / Ditolak (SPEC section 4); 'revision' is styled like a rejection to revise. */
export function FileStatusBadge({ status, title }: { status: Status | 'revision'; title?: string }) {
  const label = status === 'revision' ? 'Revisi' : FILE_STATUS_LABELS[status]
  return (
    <span className={badgeClass[status]} title={title}>
      {label}
    </span>
  )
}

/**
 * A file name that wraps at its separators on a narrow screen ('Laporan_Harian_|Koordinasi|.txt', never
 * 'Koordina|si.txt'): an optional break after each '_', '-', '.', ')' and space run, and before the
 * extension. A single word longer than the line still wraps (overflow-wrap) rather than overflow.
 */
export function BreakableName({ name }: { name: string }) {
  const dot = name.lastIndexOf('.')
  const base = dot > 0 ? name.slice(0, dot) : name
  const ext = dot > 0 ? name.slice(dot) : ''
  const parts = base.split(/(?<=[_\-.)\]])/)
  return (
    <>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
        <span key={i}>
          {p}
          <wbr />
        </span>
      ))}
      {ext}
    </>
  )
}
