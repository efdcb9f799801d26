import { Link, useNavigate } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { flex } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { indonesianDayName } from '../../../contracts/days'
import type { DiaryStatus } from '../../../contracts/diary'
import { IconChevronLeft, IconChevronRight } from '../../../ui/icons'
import { addDays } from '../diary-state'
import { StatusChip } from './parts'

/** The day's name and status, the days before and after, and a jump to any day up to today. */
export function DayHeader({
  slug,
  day,
  today,
  status,
}: {
  slug: string
  day: string
  today: string
  status: DiaryStatus | null
}) {
  const navigate = useNavigate()
  const to = (d: string) => ({ to: '/project/$slug/harian/$day', params: { slug, day: d } }) as const
  const nav = cx(button({ variant: 'secondary', size: 'md', iconOnly: true }), css({ w: '11', h: '11' }))
  return (
    <div className={css({ mb: '4' })}>
      <Link
        to="/project/$slug/harian"
        params={{ slug }}
        className={css({ fontSize: 'sm', color: 'brand.fg', textDecoration: 'underline' })}
      >
        Semua hari
      </Link>
      <div className={flex({ align: 'center', gap: '2', mt: '2' })}>
        <Link {...to(addDays(day, -1))} className={nav} aria-label="Hari sebelumnya">
          <IconChevronLeft />
        </Link>
        <div className={css({ flex: '1', minW: '0', textAlign: 'center' })}>
          <h2 className={css({ fontSize: 'lg', fontWeight: '700' })} data-testid="diary-day-title">
            {indonesianDayName(day)}
          </h2>
          <div className={flex({ justify: 'center', gap: '2', align: 'center', mt: '1' })}>
            {status ? <StatusChip status={status} /> : null}
            {day === today ? (
              <span className={css({ fontSize: 'xs', color: 'fgMuted' })}>Hari ini</span>
            ) : null}
          </div>
        </div>
        {day < today ? (
          <Link {...to(addDays(day, 1))} className={nav} aria-label="Hari berikutnya">
            <IconChevronRight />
          </Link>
        ) : (
          <span className={css({ w: '11' })} />
        )}
      </div>
      <label
        className={flex({
          justify: 'center',
          align: 'center',
          gap: '2',
          mt: '2',
          fontSize: 'sm',
          color: 'fgMuted',
        })}
      >
        Buka tanggal
        <input
          type="date"
          max={today}
          value={day}
          className={css({
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'md',
            px: '2',
            py: '1',
            bg: 'surface',
          })}
          onChange={(e) => (e.target.value ? void navigate(to(e.target.value)) : null)}
        />
      </label>
    </div>
  )
}
