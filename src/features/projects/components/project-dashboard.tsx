import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { Me } from '../../../contracts/auth'
import { MSG } from '../../../contracts/common'
import type { Project } from '../../../contracts/projects'
import { failureMessage } from '../../../lib/api'
import { projectCan, userCan } from '../../../lib/can'
import { needsSignalTo } from '../../../lib/use-online'
import { useProgressiveCount } from '../../../lib/use-progressive-count'
import { Button } from '../../../ui/button'
import { cardGrid } from '../../../ui/card'
import { CardSkeletons } from '../../../ui/card-skeletons'
import { ConfirmDialog, lazyDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconAlertCircle, IconFolder, IconPlus } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { PageHeader } from '../../../ui/page-header'
import {
  dashboardAnalysisQueryOptions,
  PROJECT_LIST_POLL_MS,
  projectListQueryOptions,
  useDeleteProject,
} from '../queries'
import { ProjectCard } from './project-card'
import { useProjectDownload } from './project-download'
import { StatCards } from './stat-cards'

// Admin-only dialogs: their code is not part of the dashboard's first load.
const CreateProjectDialog = lazyDialog(
  () => import('./create-project-dialog').then((m) => m.CreateProjectDialog),
  (p) => p.open,
)
const MembersDialog = lazyDialog(
  () => import('./members-dialog').then((m) => m.MembersDialog),
  (p) => p.project !== null,
)

/** Cards mounted per render: a phone's first screen shows one or two, a desktop's a row of three. */
const CARDS_PER_RENDER = 3

/** The dashboard at / for admins and employees (SPEC 'Dashboard (/)'). */
export function ProjectDashboard({ user }: { user: Me }) {
  // What the server's policy lets this user do (src/lib/can.ts): never re-decided from the role here.
  const can = userCan(user)
  const projects = useQuery({ ...projectListQueryOptions(), refetchInterval: PROJECT_LIST_POLL_MS })
  const analysis = useQuery({ ...dashboardAnalysisQueryOptions(), enabled: can.all_projects })
  const remove = useDeleteProject()
  const download = useProjectDownload()
  const [createOpen, setCreateOpen] = useState(false)
  const [membersOf, setMembersOf] = useState<Project | null>(null)
  const [toDelete, setToDelete] = useState<Project | null>(null)

  /*
   * The cards never render in the page's urgent pass: the first pass has the greeting, the stat cards and
   * skeletons, and the cards follow in a deferred (time-sliced) pass, a few per render
   * (useProgressiveCount). Whether the list arrives while the page is up (a first visit) or is already in
   * the cache when it mounts (a returning visit, restored from disk): the initial value must not be
   * undefined, which React reads as "none" and then renders everything in the urgent pass, in one task.
   */
  const shown = useDeferredValue(projects.data ?? null, null)
  const list = shown ?? []
  const mounted = useProgressiveCount(list.length, CARDS_PER_RENDER)
  // Without the list there is nothing to show; a failed analysis alone leaves its cards at '–'.
  const loadFailed = projects.isError && !projects.data

  async function confirmDelete() {
    if (!toDelete) return
    try {
      await remove.mutateAsync(toDelete)
      notify('success', 'Project berhasil dihapus')
      setToDelete(null)
    } catch (err) {
      notify(
        'error',
        failureMessage(err, {
          failed: 'Gagal menghapus project',
          thrown: 'Terjadi kesalahan saat menghapus project',
        }),
      )
    }
  }

  return (
    <div>
      <PageHeader
        title={`Selamat datang, ${user.name}`}
        subtitle="Kelola file dan project Anda dengan mudah"
        actions={
          can.create_projects ? (
            <Button onClick={() => setCreateOpen(true)} needsSignal={needsSignalTo('membuat')}>
              <IconPlus /> Project Baru
            </Button>
          ) : null
        }
      />

      {can.all_projects ? <StatCards analysis={analysis.data} /> : null}

      <ListHeading
        title={can.all_projects ? 'Semua Project' : 'Project Anda'}
        count={shown && list.length > 0 ? list.length : null}
      />

      {loadFailed ? (
        <EmptyState
          icon={<IconAlertCircle />}
          title={MSG.loadFailed}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                void projects.refetch()
                if (can.all_projects) void analysis.refetch()
              }}
            >
              Coba lagi
            </Button>
          }
        />
      ) : shown === null ? (
        <CardSkeletons count={3} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<IconFolder />}
          title="Belum ada project"
          description={
            can.create_projects
              ? 'Mulai dengan membuat project pertama Anda'
              : 'Anda belum memiliki akses ke project apapun'
          }
          action={
            can.create_projects ? (
              <Button onClick={() => setCreateOpen(true)}>
                <IconPlus /> Buat Project
              </Button>
            ) : null
          }
        />
      ) : (
        <ul aria-label={can.all_projects ? 'Semua Project' : 'Project Anda'} className={cardGrid}>
          {list.slice(0, mounted).map((project) => (
            <li key={project.id}>
              <ProjectCard
                project={project}
                isAdmin={projectCan(project).manage}
                downloading={download.downloadingId === project.id}
                onDownload={download.start}
                onMembers={setMembersOf}
                onDelete={setToDelete}
              />
            </li>
          ))}
        </ul>
      )}

      {/* Mounted when one of them can open: 'Project Baru', or a card's members or delete. */}
      {can.create_projects || list.some((p) => projectCan(p).manage || projectCan(p).members) ? (
        <>
          <CreateProjectDialog open={createOpen} onOpenChange={setCreateOpen} />
          <MembersDialog project={membersOf} onClose={() => setMembersOf(null)} />
          <DeleteProjectDialog
            project={toDelete}
            onClose={() => setToDelete(null)}
            onConfirm={confirmDelete}
            loading={remove.isPending}
          />
        </>
      ) : null}
    </div>
  )
}

/** 'Semua Project' or 'Project Anda', with how many once the list is shown. */
function ListHeading({ title, count }: { title: string; count: number | null }) {
  return (
    <div className={hstack({ gap: '2', mb: '4' })}>
      <h2 className={css({ textStyle: 'sectionTitle' })}>{title}</h2>
      {count ? (
        <span
          className={css({
            fontSize: 'xs',
            fontWeight: '600',
            color: 'fgMuted',
            bg: 'subtle',
            px: '2',
            py: '0.5',
            borderRadius: 'full',
            fontVariantNumeric: 'tabular-nums',
          })}
        >
          {count}
        </span>
      ) : null}
    </div>
  )
}

/** 'Hapus Project', naming the project and how many of its items go with it. */
function DeleteProjectDialog({
  project: toDelete,
  onClose,
  onConfirm,
  loading,
}: {
  project: Project | null
  onClose: () => void
  onConfirm: () => void
  loading: boolean
}) {
  return (
    <ConfirmDialog
      open={toDelete !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Hapus Project"
      description="Semua file dan data terkait akan dihapus secara permanen."
      confirmLabel="Ya, Hapus Project"
      onConfirm={onConfirm}
      loading={loading}
      needsSignal={needsSignalTo('menghapus')}
    >
      {toDelete ? (
        <div
          className={css({
            fontSize: 'sm',
            borderWidth: '1px',
            borderColor: 'red.200',
            bg: 'danger.soft',
            color: 'danger.fg',
            borderRadius: 'md',
            px: '3',
            py: '2.5',
            wordBreak: 'break-word',
          })}
        >
          <span className={css({ fontWeight: '600' })}>{toDelete.name}</span>
          <span className={css({ display: 'block', mt: '0.5', color: 'red.600', fontSize: 'xs' })}>
            {toDelete.total_files + toDelete.total_docs + toDelete.total_recaps} item akan ikut terhapus
          </span>
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
