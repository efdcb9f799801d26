import { useInfiniteQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { isCalendarDay } from '../../contracts/days'
import type { DayPhoto } from '../../features/diary/components/day-photos'
import { DiaryDayPage } from '../../features/diary/components/diary-day-page'
import { firmToday } from '../../features/diary/diary-state'
import { docListQueryOptions } from '../../features/documentation/queries'
import { ProjectSubpage } from '../../features/projects/components/project-subpage'
import { projectDetailQueryOptions } from '../../features/projects/queries'
import { loadForScreen } from '../../lib/route-load'
import { EmptyState } from '../../ui/empty-state'
import { IconCalendar, IconHardHat } from '../../ui/icons'
import { RoutePending } from '../../ui/route-pending'

/** /project/{slug}/harian/{YYYY-MM-DD}: one day's diary ('hari-ini' or a bad day: today, the firm's day). */
export const Route = createFileRoute('/_app/project/$slug_/harian_/$day')({
  async loader({ context, params }) {
    await loadForScreen(context.queryClient, projectDetailQueryOptions(params.slug))
  },
  pendingComponent: RoutePending,
  component: DiaryDayRoute,
})

/**
 * The day's documentation photos, read through the Dokumentasi list's own query (filtered to the day), so
 * what that tab or 'Simpan offline' stored shows here offline too. The route joins the two features.
 */
function useDayPhotos(slug: string, day: string): { photos: DayPhoto[] | undefined; loading: boolean } {
  const list = useInfiniteQuery(docListQueryOptions(slug, { from: day, to: day }))
  const photos = list.data?.pages.flatMap((p) =>
    p.docs.flatMap((d) =>
      d.images.map((i) => ({
        uuid: i.uuid,
        src: i.thumb ?? i.url,
        full: i.url,
        takenAt: i.taken_at ?? d.created_at,
        caption: d.description,
      })),
    ),
  )
  return { photos, loading: list.isPending && list.fetchStatus === 'fetching' }
}

function DiaryDayRoute() {
  const { slug, day: param } = Route.useParams()
  const today = firmToday()
  const day = isCalendarDay(param) ? param : today
  const { photos, loading } = useDayPhotos(slug, day)
  return (
    <ProjectSubpage
      slug={slug}
      title="Laporan Harian"
      subtitle="Diisi di lapangan, tersimpan di perangkat dan terkirim saat ada sinyal."
      icon={<IconHardHat />}
    >
      {(project) =>
        day > today ? (
          <EmptyState
            layout="box"
            icon={<IconCalendar />}
            title="Hari ini belum tiba"
            description="Laporan harian hanya untuk hari ini dan hari-hari sebelumnya."
          />
        ) : (
          <DiaryDayPage project={project} day={day} today={today} photos={photos} photosLoading={loading} />
        )
      }
    </ProjectSubpage>
  )
}
