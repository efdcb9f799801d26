import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { AREAS, type Area, type Project } from '../../../contracts/projects'
import { formatDateLong } from '../../../lib/format'
import { needsSignalTo, useOnline } from '../../../lib/use-online'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import {
  IconArrowLeft,
  IconCalendar,
  IconClock,
  IconDownload,
  IconFileCheck,
  IconFileQuestion,
  IconListFilter,
  IconTrash,
  IconUsers,
} from '../../../ui/icons'
import { NotStoredHere, notStored } from '../../../ui/not-stored'
import { Spinner } from '../../../ui/spinner'
import { Tabs } from '../../../ui/tabs'
import { projectDetailQueryOptions } from '../queries'
import { areaCounts } from './area-counts'
import { ContractCard } from './contract-card'
import { MembersDialog } from './members-dialog'
import { useProjectDownload } from './project-download'
import { ProjectSetupDialog } from './project-setup-dialog'

type Props = {
  slug: string
  area: Area
  onAreaChange: (area: Area) => void
  /** The body of each area tab; the route composes it from the area features. */
  renderArea: (area: Area, project: Project) => ReactNode
  /** Header actions for everyone, e.g. 'Simpan offline' (composed by the route). */
  renderActions?: (project: Project) => ReactNode
}

/** /project/{slug}: header, admin actions and the four area tabs (SPEC 'Project detail'). */
export function ProjectDetailPage({ slug, area, onAreaChange, renderArea, renderActions }: Props) {
  // The loader has just tried (ensureQueryData); a failure is not retried again on mount.
  const detail = useQuery({ ...projectDetailQueryOptions(slug), retryOnMount: false })
  const online = useOnline()

  useEffect(() => {
    // SPEC: a failed load is only logged; the page then says the project was not found.
    if (detail.error) console.error('Project detail could not be loaded', detail.error)
  }, [detail.error])

  if (notStored(detail, online)) return <ProjectNotStored />
  if (detail.isPending) return <DetailLoading />
  if (!detail.data) return <ProjectNotFound />
  return (
    <ProjectDetail
      project={detail.data}
      area={area}
      onAreaChange={onAreaChange}
      renderArea={renderArea}
      actions={renderActions?.(detail.data)}
    />
  )
}

function DetailLoading() {
  return (
    <div
      role="status"
      className={hstack({
        justify: 'center',
        gap: '2',
        py: '24',
        color: 'fgMuted',
        fontSize: 'sm',
      })}
    >
      <Spinner /> Loading...
    </div>
  )
}

/** Offline, a project this device never opened: the way back stays above the message. */
export function ProjectNotStored() {
  return (
    <div>
      <BackToDashboard />
      <NotStoredHere title="Project ini belum tersimpan di perangkat ini" />
    </div>
  )
}

function BackToDashboard() {
  return (
    <Link
      to="/"
      className={cx(button({ variant: 'ghost', size: 'sm' }), css({ ml: '-2.5', mb: '4', color: 'fgMuted' }))}
    >
      <IconArrowLeft /> Dashboard
    </Link>
  )
}

export function ProjectNotFound() {
  return (
    <EmptyState
      layout="page"
      icon={<IconFileQuestion />}
      title="Project tidak ditemukan"
      description="Project ini mungkin sudah dihapus, atau Anda belum menjadi anggotanya."
      action={
        <Link to="/" className={button({ variant: 'primary' })}>
          <IconArrowLeft /> Kembali ke Dashboard
        </Link>
      }
    />
  )
}

function ProjectDetail({
  project,
  area,
  onAreaChange,
  renderArea,
  actions,
}: {
  project: Project
  area: Area
  onAreaChange: (area: Area) => void
  renderArea: (area: Area, project: Project) => ReactNode
  actions?: ReactNode
}) {
  // What the caller may do here comes with the project (server/access.ts projectCan), never from the role.
  const { can } = project
  const isAdmin = can.members || can.work_items || can.reports || can.history || can.trash || can.download
  const [membersOpen, setMembersOpen] = useState(false)
  const [setupOpen, setSetupOpen] = useState(false)
  return (
    <div>
      <BackToDashboard />

      <header
        className={stack({
          direction: { base: 'column', md: 'row' },
          // The actions move under the title when both do not fit, instead of squeezing the title into
          // a narrow column beside them with half the row empty.
          flexWrap: { md: 'wrap' },
          align: { base: 'stretch', md: 'flex-start' },
          justify: 'space-between',
          gap: { base: '4', md: '6' },
          mb: '6',
        })}
      >
        {/* Basis = the text's own width: a title that fits beside the actions stays there, a longer one
            takes the whole row and the actions go below it. */}
        <div className={css({ minW: '0', flex: { md: '1 1 auto' } })}>
          <h1 className={css({ textStyle: 'pageTitle', wordBreak: 'break-word' })}>{project.name}</h1>
          <p
            className={css({
              mt: '2',
              fontSize: 'sm',
              color: 'fgMuted',
              maxW: '3xl',
              whiteSpace: 'pre-line',
              wordBreak: 'break-word',
            })}
          >
            {project.description}
          </p>
          <p
            className={css({
              mt: '3',
              display: 'flex',
              alignItems: 'center',
              gap: '1.5',
              fontSize: 'xs',
              color: 'fgSubtle',
              '& svg': { w: '3.5', h: '3.5' },
            })}
          >
            <IconCalendar /> Dibuat {formatDateLong(project.created_at)}
          </p>
        </div>
        {isAdmin || actions ? (
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'flex-start',
              gap: '2',
              flexShrink: 0,
              '& > *': { flex: { base: '1', md: 'initial' } },
            })}
          >
            {actions}
            {isAdmin ? (
              <AdminActions
                project={project}
                onMembers={() => setMembersOpen(true)}
                onSetup={() => setSetupOpen(true)}
              />
            ) : null}
          </div>
        ) : null}
      </header>

      <ContractCard project={project} />

      <Tabs
        fitted
        value={area}
        onValueChange={(v) => onAreaChange(v as Area)}
        items={AREAS.map((a) => {
          const meta = AREA_META[a]
          const count = areaCounts(project, a).total
          return {
            value: a,
            accent: meta.solid,
            icon: <meta.Icon />,
            label: (
              <>
                {meta.label}
                <span
                  className={css({
                    minW: '5',
                    h: '5',
                    px: '1.5',
                    display: { base: 'none', md: 'inline-flex' },
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontSize: '0.6875rem',
                    fontWeight: '600',
                    borderRadius: 'full',
                    bg: 'subtle',
                    color: 'fgMuted',
                    fontVariantNumeric: 'tabular-nums',
                  })}
                >
                  {count}
                </span>
              </>
            ),
            // Each area's code is its own chunk (the route loads it lazily): a spinner while it arrives.
            content: <Suspense fallback={<AreaLoading />}>{renderArea(a, project)}</Suspense>,
          }
        })}
      />

      {isAdmin ? (
        <>
          {can.members ? (
            <MembersDialog project={membersOpen ? project : null} onClose={() => setMembersOpen(false)} />
          ) : null}
          <ProjectSetupDialog project={setupOpen ? project : null} onClose={() => setSetupOpen(false)} />
        </>
      ) : null}
    </div>
  )
}

/** The admin's buttons: members, setup, Laporan, Riwayat, Sampah and the project's download. */
function AdminActions({
  project,
  onMembers,
  onSetup,
}: {
  project: Project
  onMembers: () => void
  onSetup: () => void
}) {
  const download = useProjectDownload()
  const downloading = download.downloadingId === project.id
  const { can } = project
  const link = (
    to: '/project/$slug/laporan' | '/project/$slug/history' | '/project/$slug/trash',
    body: ReactNode,
  ) => (
    <Link to={to} params={{ slug: project.slug }} className={button({ variant: 'secondary' })}>
      {body}
    </Link>
  )
  return (
    <>
      {can.members ? (
        <Button variant="secondary" onClick={onMembers} needsSignal={needsSignalTo('mengatur anggota')}>
          <IconUsers /> Anggota Project
        </Button>
      ) : null}
      {can.work_items ? (
        <Button variant="secondary" onClick={onSetup} needsSignal={needsSignalTo('mengatur proyek')}>
          <IconListFilter /> Pengaturan Proyek
        </Button>
      ) : null}
      {can.reports
        ? link(
            '/project/$slug/laporan',
            <>
              <IconFileCheck /> Laporan
            </>,
          )
        : null}
      {can.history
        ? link(
            '/project/$slug/history',
            <>
              <IconClock /> Riwayat
            </>,
          )
        : null}
      {can.trash
        ? link(
            '/project/$slug/trash',
            <>
              <IconTrash /> Sampah
            </>,
          )
        : null}
      {can.download ? (
        <Button
          onClick={() => download.start(project)}
          loading={downloading}
          needsSignal={needsSignalTo('mengunduh')}
        >
          {downloading ? null : <IconDownload />}
          {downloading && download.progress > 0 ? `Mengunduh ${download.progress}%` : 'Download Project'}
        </Button>
      ) : null}
    </>
  )
}

function AreaLoading() {
  return (
    <div
      role="status"
      aria-label="Memuat"
      className={flex({ justify: 'center', py: '16', color: 'fgSubtle' })}
    >
      <Spinner size={24} />
    </div>
  )
}
