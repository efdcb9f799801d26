import { css, cx } from 'styled-system/css'
import type { Area, Project } from '../../../contracts/projects'
import { AREA_META, AreaIconTile } from '../../../ui/area'
import { Card } from '../../../ui/card'

/** Counts of one area by review status (the project's `area_counts`). */
export function areaCounts(project: Project, area: Area) {
  return (
    project.area_counts?.[area] ?? {
      total: project.folder_counts?.[area] ?? 0,
      pending: 0,
      approved: 0,
      rejected: 0,
    }
  )
}

const REVIEWED: Record<Area, boolean> = {
  perencanaan: true,
  pengawasan: true,
  dokumentasi: true,
  rekap: false,
}

/**
 * A tidy stand-in for an area's body (the file browser, documentation grid and recap list come with
 * their own issues, which replace this per area in the project route).
 */
export function AreaPlaceholder({ area, project }: { area: Area; project: Project }) {
  const meta = AREA_META[area]
  const c = areaCounts(project, area)
  const stats = REVIEWED[area]
    ? [
        {
          label: area === 'dokumentasi' ? 'Dokumentasi' : 'File',
          value: c.total,
          tone: css({ color: 'fg' }),
        },
        { label: 'Pending', value: c.pending, tone: css({ color: 'amber.600' }) },
        { label: 'Disetujui', value: c.approved, tone: css({ color: 'green.600' }) },
        { label: 'Ditolak', value: c.rejected, tone: css({ color: 'red.600' }) },
      ]
    : [{ label: 'File rekap', value: c.total, tone: css({ color: 'fg' }) }]

  return (
    <Card padding="lg" data-area={area} aria-label={meta.label}>
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '4' })}>
        <AreaIconTile area={area} size="lg" />
        <div className={css({ minW: '0' })}>
          <h2 className={css({ textStyle: 'sectionTitle' })}>{meta.label}</h2>
          <p className={css({ mt: '1', fontSize: 'sm', color: 'fgMuted' })}>{meta.description}</p>
        </div>
      </div>
      <dl
        className={css({
          mt: '5',
          display: 'grid',
          gridTemplateColumns: { base: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: '3',
        })}
      >
        {stats.map((s) => (
          <div
            key={s.label}
            className={css({
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'md',
              px: '3.5',
              py: '3',
              bg: 'slate.50/60',
            })}
          >
            <dt className={css({ fontSize: 'xs', color: 'fgSubtle' })}>{s.label}</dt>
            <dd
              className={cx(
                css({ mt: '0.5', fontSize: 'xl', fontWeight: '700', fontVariantNumeric: 'tabular-nums' }),
                s.value > 0 ? s.tone : css({ color: 'fgSubtle' }),
              )}
            >
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
