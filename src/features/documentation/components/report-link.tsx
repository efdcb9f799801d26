import { Link } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'
import { IconFileCheck } from '../../../ui/icons'
import type { DocFilters } from '../site'

/**
 * 'Buat Laporan' for admins: the project's Laporan page with its dialog open (features do not import
 * each other; the route is the meeting point). A date filter on the tab becomes the report's range.
 */
export function ReportLink({ slug, filters }: { slug: string; filters: DocFilters }) {
  return (
    <Link
      to="/project/$slug/laporan"
      params={{ slug }}
      // The page's request, in its hash (src/features/reports/search.ts): '#buat' or '#buat/{from}/{to}'.
      hash={filters.from && filters.to ? `buat/${filters.from}/${filters.to}` : 'buat'}
      className={button({ variant: 'secondary' })}
    >
      <IconFileCheck /> Buat Laporan
    </Link>
  )
}
