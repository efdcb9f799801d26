import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { indonesianDayName } from '../../../contracts/days'
import { SIGNER_LABELS } from '../../../contracts/diary'
import type { Project } from '../../../contracts/projects'
import { projectCan } from '../../../lib/can'
import { IconClock, IconPencil } from '../../../ui/icons'
import { ListCard } from '../../../ui/list-card'
import { ListStates } from '../../../ui/list-states'
import { OfflineNote } from '../../../ui/offline-note'
import { firmToday, recentDays } from '../diary-state'
import { useDaysWithSaves } from '../outbox'
import { diaryRecentQueryOptions } from '../queries'
import { DiarySkeleton, StatusChip } from './parts'

/** The last 14 days of the project's diary: status, who signed, and what is still on the phone. */
export function DiaryListPage({ project }: { project: Project }) {
  const today = firmToday()
  const list = useQuery(diaryRecentQueryOptions(project.slug, today))
  const unsent = useDaysWithSaves(project.slug)
  const byDay = new Map((list.data ?? []).map((d) => [d.day, d]))
  const canWrite = projectCan(project).diary_write
  return (
    <div className={stack({ gap: '4' })}>
      <Link
        to="/project/$slug/harian/$day"
        params={{ slug: project.slug, day: today }}
        className={cx(
          button({ variant: 'primary', size: 'lg' }),
          css({ alignSelf: { base: 'stretch', md: 'flex-start' } }),
        )}
      >
        <IconPencil /> {canWrite ? 'Isi laporan hari ini' : 'Lihat laporan hari ini'}
      </Link>
      <OfflineNote />
      <ListStates
        query={list}
        count={14}
        loading={<DiarySkeleton />}
        failedTitle="Gagal memuat laporan harian"
        empty={null}
      >
        <ListCard aria-label="Laporan harian 14 hari terakhir">
          {recentDays(today).map((day) => {
            const entry = byDay.get(day)
            return (
              <li key={day}>
                <Link
                  to="/project/$slug/harian/$day"
                  params={{ slug: project.slug, day }}
                  data-testid={`diary-day-${day}`}
                  className={flex({
                    align: 'center',
                    justify: 'space-between',
                    gap: '3',
                    px: '4',
                    py: '3',
                    minH: '14',
                    _hover: { bg: 'subtle' },
                  })}
                >
                  <div className={css({ minW: '0' })}>
                    <p className={css({ fontSize: 'sm', fontWeight: '600' })}>
                      {indonesianDayName(day)}
                      {day === today ? (
                        <span className={css({ color: 'fgMuted', fontWeight: '400' })}> · hari ini</span>
                      ) : null}
                    </p>
                    {entry?.signed.length ? (
                      <p className={css({ fontSize: 'xs', color: 'fgMuted' })}>
                        Ditandatangani: {entry.signed.map((r) => SIGNER_LABELS[r]).join(', ')}
                      </p>
                    ) : null}
                  </div>
                  <div className={flex({ gap: '2', align: 'center', flexShrink: 0 })}>
                    {unsent.has(day) ? (
                      <span className={css({ color: 'warning.fg' })} title="Perubahan belum terkirim">
                        <IconClock aria-label="Perubahan belum terkirim" />
                      </span>
                    ) : null}
                    <StatusChip status={entry?.status ?? 'empty'} />
                  </div>
                </Link>
              </li>
            )
          })}
        </ListCard>
      </ListStates>
    </div>
  )
}
