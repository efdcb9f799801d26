import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { Button } from '../../../ui/button'
import { IconCamera, IconListChecks } from '../../../ui/icons'
import type { DocFilters } from '../site'
import { ReportLink } from './report-link'

/** The Dokumentasi tab's title and count, and its buttons: the report link and 'Pilih' (admins), 'Unggah Foto'. */
export function DocsHeader({
  slug,
  filters,
  total,
  isAdmin,
  canSelect,
  showUpload,
  onSelect,
  onUpload,
}: {
  slug: string
  filters: DocFilters
  total: number
  isAdmin: boolean
  /** There are items and 'Pilih' mode is not on yet. */
  canSelect: boolean
  /** An empty grid has its own button in the middle of the page. */
  showUpload: boolean
  onSelect: () => void
  onUpload: () => void
}) {
  return (
    <div
      className={stack({
        direction: { base: 'column', sm: 'row' },
        align: { base: 'stretch', sm: 'center' },
        justify: 'space-between',
        gap: '3',
        mb: '4',
      })}
    >
      <div className={css({ minW: '0' })}>
        <h2 className={css({ textStyle: 'sectionTitle' })}>Dokumentasi Lapangan</h2>
        <p className={css({ mt: '0.5', fontSize: 'sm', color: 'fgMuted' })}>
          {total > 0 ? `${total} dokumentasi foto` : 'Foto progres pekerjaan di lapangan'}
        </p>
      </div>
      <div className={flex({ gap: '2', '& > *': { flex: { base: '1', sm: 'initial' } } })}>
        {isAdmin ? <ReportLink slug={slug} filters={filters} /> : null}
        {isAdmin && canSelect ? (
          // On a phone only its icon: three labelled buttons do not fit one row at 390 px.
          <Button
            variant="secondary"
            onClick={onSelect}
            aria-label="Pilih"
            title="Pilih beberapa untuk ditinjau sekaligus"
            className={css({ flex: { base: '0 0 auto!', sm: 'initial' } })}
          >
            <IconListChecks />
            <span className={css({ display: { base: 'none', sm: 'inline' } })}>Pilih</span>
          </Button>
        ) : null}
        {showUpload ? (
          <Button onClick={onUpload}>
            <IconCamera /> Unggah Foto
          </Button>
        ) : null}
      </div>
    </div>
  )
}
