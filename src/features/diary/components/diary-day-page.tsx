import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { grid, stack } from 'styled-system/patterns'
import { indonesianDayName } from '../../../contracts/days'
import { type DiaryDay, emptyDiary } from '../../../contracts/diary'
import type { Project } from '../../../contracts/projects'
import { projectCan } from '../../../lib/can'
import { useCurrentUser } from '../../../lib/current-user'
import { useOnline } from '../../../lib/use-online'
import { IconAlertCircle, IconInfo } from '../../../ui/icons'
import { NotStoredHere, notStored } from '../../../ui/not-stored'
import { Notice } from '../../../ui/notice'
import { OfflineNote } from '../../../ui/offline-note'
import { dayView } from '../diary-state'
import { type DiarySaveContext, useDaySaves } from '../outbox'
import { diaryDayQueryOptions } from '../queries'
import { useDiarySaver } from '../use-diary-saver'
import { ClashNotice } from './clash-notice'
import { DayHeader } from './day-header'
import { type DayPhoto, DayPhotos } from './day-photos'
import { DaySections } from './day-sections'
import { DiarySkeleton } from './parts'
import { SigningPanel } from './signing-panel'

/** /project/{slug}/harian/{day}: the day's diary, written offline first, beside the day's photos. */
export function DiaryDayPage({
  project,
  day,
  today,
  photos,
  photosLoading,
}: {
  project: Project
  day: string
  today: string
  photos: DayPhoto[] | undefined
  photosLoading: boolean
}) {
  const query = useQuery(diaryDayQueryOptions(project.slug, day))
  const online = useOnline()
  if (notStored(query, online))
    return (
      <>
        <DayHeader slug={project.slug} day={day} today={today} status={null} />
        <NotStoredHere title="Laporan hari ini belum tersimpan di perangkat ini" />
      </>
    )
  if (!query.data && query.isError)
    return (
      <>
        <DayHeader slug={project.slug} day={day} today={today} status={null} />
        <Notice tone="danger" icon={<IconAlertCircle />}>
          {(query.error as Error).message || 'Laporan harian gagal dimuat'}
        </Notice>
      </>
    )
  if (!query.data) return <DiarySkeleton />
  return (
    <DayBody
      project={project}
      day={day}
      today={today}
      server={query.data}
      photos={photos}
      photosLoading={photosLoading}
    />
  )
}

function DayBody({
  project,
  day,
  today,
  server,
  photos,
  photosLoading,
}: {
  project: Project
  day: string
  today: string
  server: DiaryDay
  photos: DayPhoto[] | undefined
  photosLoading: boolean
}) {
  const user = useCurrentUser()
  const ctx: DiarySaveContext = {
    slug: project.slug,
    day,
    projectName: project.name,
    owner: { id: user.id, name: user.name },
  }
  const saves = useDaySaves(project.slug, day)
  const saver = useDiarySaver(ctx, saves.landed)
  const view = dayView(server ?? emptyDiary(day), saves.queued)
  for (const [section, value] of Object.entries(saver.drafts)) {
    ;(view.sections as Record<string, unknown>)[section] = value
    view.pending.add(section as keyof typeof saver.drafts)
  }
  const can = projectCan(project)
  const editable = can.diary_write && (server.status === 'draft' || server.status === 'returned')
  const dayName = indonesianDayName(day)
  return (
    <>
      <DayHeader slug={project.slug} day={day} today={today} status={server.status} />
      <div className={stack({ gap: '3', mb: '4' })}>
        <OfflineNote>
          Tanpa sinyal · perubahan disimpan di perangkat ini dan dikirim saat ada sinyal
        </OfflineNote>
        {saves.clashes.map((item) => (
          <ClashNotice key={item.key} item={item} ctx={ctx} />
        ))}
        {saves.refused.map((item) => (
          <Notice key={item.key} tone="danger" icon={<IconAlertCircle />} size="sm">
            {item.title}: {item.lastError?.message ?? 'ditolak server'} (lihat Kotak Keluar)
          </Notice>
        ))}
        {server.status === 'returned' && server.returned_note ? (
          <Notice tone="warning" icon={<IconInfo />} data-testid="diary-returned">
            Dikembalikan oleh kontraktor: {server.returned_note}
          </Notice>
        ) : null}
        {server.revision_reason ? (
          <Notice tone="info" size="sm" icon={<IconInfo />}>
            Revisi {server.revision}: {server.revision_reason}
          </Notice>
        ) : null}
        {!editable && server.status !== 'signed' && !can.diary_write ? (
          <Notice tone="info" size="sm" icon={<IconInfo />}>
            Hanya pengawas dan admin yang dapat mengisi laporan harian.
          </Notice>
        ) : null}
      </div>
      <div className={grid({ columns: { base: 1, lg: 3 }, gap: '4', alignItems: 'start' })}>
        <div className={css({ gridColumn: { lg: 'span 2' } })}>
          <DaySections
            projectId={project.id}
            view={view}
            readOnly={!editable}
            onSave={saver.save}
            slug={project.slug}
            day={day}
          />
        </div>
        <div className={stack({ gap: '4' })}>
          <SigningPanel
            slug={project.slug}
            diary={server}
            dayName={dayName}
            canWrite={can.diary_write}
            canAcknowledge={can.manage}
            unsent={saver.busy || saves.queued.length > 0 || saves.clashes.length > 0}
          />
          <DayPhotos photos={photos} loading={photosLoading} />
        </div>
      </div>
    </>
  )
}
