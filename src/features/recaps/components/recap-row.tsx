import { css, cx } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { RecapFile } from '../../../contracts/recaps'
import { fileExtension, formatBytes } from '../../../lib/format'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconDownload, IconFile, IconTrash } from '../../../ui/icons'
import { MetaLine } from '../../../ui/meta-line'

/** SPEC section 2: the created date in Indonesian (id-ID) format, e.g. '5 Maret 2025'. */
const createdDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric' })
export function formatCreated(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '-' : createdDate.format(d)
}

/** Colours of the kinds a recap file may be (SPEC section 5); anything else is neutral. */
const KIND_TONES: Record<string, string> = {
  PDF: css({ bg: 'red.50', color: 'red.700', borderColor: 'red.200' }),
  DOC: css({ bg: 'blue.50', color: 'blue.700', borderColor: 'blue.200' }),
  DOCX: css({ bg: 'blue.50', color: 'blue.700', borderColor: 'blue.200' }),
  XLS: css({ bg: 'green.50', color: 'green.700', borderColor: 'green.200' }),
  XLSX: css({ bg: 'green.50', color: 'green.700', borderColor: 'green.200' }),
  PPT: css({ bg: 'orange.50', color: 'orange.700', borderColor: 'orange.200' }),
  PPTX: css({ bg: 'orange.50', color: 'orange.700', borderColor: 'orange.200' }),
}
const NEUTRAL = css({ bg: 'slate.50', color: 'slate.600', borderColor: 'slate.200' })

const s = {
  row: css({
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: { base: '3', md: '4' },
    px: { base: '4', md: '5' },
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border',
    _last: { borderBottomWidth: '0' },
    transition: 'background {durations.fast}',
    _hover: { bg: 'slate.50/70' },
  }),
  tile: css({
    display: 'inline-flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    w: '11',
    h: '11',
    borderWidth: '1px',
    borderRadius: 'md',
    fontSize: '0.5625rem',
    fontWeight: '700',
    letterSpacing: '0.02em',
    lineHeight: '1',
    '& svg': { w: '4', h: '4' },
  }),
  name: css({ fontWeight: '500', color: 'fg', truncate: true }),
  meta: css({ mt: '0.5' }),
  wideOnly: css({ display: { base: 'none', sm: 'inline' } }),
  creatorLine: css({
    display: { base: 'block', sm: 'none' },
    fontSize: 'xs',
    color: 'fgMuted',
    truncate: true,
  }),
  actions: hstack({ gap: '1.5' }),
  label: css({ display: { base: 'none', sm: 'inline' } }),
}

/** The extension label under the file glyph: SPEC's uppercase text after the last dot. */
export function RecapKindTile({ name }: { name: string }) {
  const ext = fileExtension(name)
  return (
    <span aria-hidden="true" className={cx(s.tile, KIND_TONES[ext] ?? NEUTRAL)}>
      <IconFile />
      <span>{ext ? ext.slice(0, 4) : 'FILE'}</span>
    </span>
  )
}

type Props = {
  recap: RecapFile
  canDelete: boolean
  downloading: boolean
  onDownload: (recap: RecapFile) => void
  onDelete: (recap: RecapFile) => void
}

/** One recap file: kind, name, size (size_kb * 1024), creator and date; download for all, delete for admins. */
export function RecapRow({ recap, canDelete, downloading, onDownload, onDelete }: Props) {
  return (
    <li className={s.row} data-testid="recap-row">
      <RecapKindTile name={recap.name} />
      <div className={css({ minW: '0' })}>
        <p className={s.name} title={recap.name}>
          {recap.name}
        </p>
        <MetaLine wrap={false} className={s.meta}>
          <span>{formatBytes(recap.size_kb * 1024)}</span>
          <span className={s.wideOnly}>{recap.creator.name}</span>
          <span>{formatCreated(recap.created_at)}</span>
        </MetaLine>
        {/* Phones: the creator on a line of its own, so no separator starts a wrapped line. */}
        <p className={s.creatorLine}>{recap.creator.name}</p>
      </div>
      <div className={s.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onDownload(recap)}
          loading={downloading}
          needsSignal={needsSignalTo('mengunduh')}
          aria-label={`Unduh ${recap.name}`}
          title="Unduh"
        >
          {downloading ? null : <IconDownload />}
          <span className={s.label}>Unduh</span>
        </Button>
        {canDelete ? (
          <Button
            variant="dangerGhost"
            size="sm"
            iconOnly
            onClick={() => onDelete(recap)}
            needsSignal={needsSignalTo('menghapus')}
            aria-label={`Hapus ${recap.name}`}
            title="Hapus"
          >
            <IconTrash />
          </Button>
        ) : null}
      </div>
    </li>
  )
}
