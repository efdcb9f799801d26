import { useSyncExternalStore } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { css } from 'styled-system/css'
import type { Project } from '../../../contracts/projects'
import { PROJECT_DOWNLOAD_MSG } from '../../../contracts/recaps'
import { errorMessage } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { IconCheckCircle, IconCloudDownload } from '../../../ui/icons'
import { ProgressBar } from '../../../ui/progress'
import { notify } from '../../../ui/toaster'
import { downloadProject } from '../api'

/*
 * The project download (SPEC section 2, 'Mengunduh Project'): one at a time for the whole app, with a
 * modal that shows the percentage and cannot be closed while the zip streams in, then a toast with the
 * outcome. The dashboard card and the project page share it through useProjectDownload().
 *
 * The state lives outside React and the modal in a root of its own, so that whichever screen started the
 * download (and whatever it re-renders) the modal is the same one, and neither caller has to render it.
 */

type DownloadState = {
  projectId: number
  projectName: string
  progress: number
  phase: 'downloading' | 'done'
}

let state: DownloadState | null = null
const listeners = new Set<() => void>()
function set(next: DownloadState | null) {
  state = next
  for (const l of listeners) l()
}
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const snapshot = () => state

/** How long 'Unduhan selesai!' at 100 % stays on screen before the modal closes by itself. */
const DONE_VISIBLE_MS = 2000

let modalRoot: Root | null = null
function mountModal() {
  if (modalRoot || typeof document === 'undefined') return
  const host = document.createElement('div')
  host.dataset.projectDownload = ''
  document.body.appendChild(host)
  modalRoot = createRoot(host)
  modalRoot.render(<ProjectDownloadModal />)
}

// Leaving the page would abort the download: the browser asks first (SPEC: 'Jangan tutup halaman ini').
function keepPage(e: BeforeUnloadEvent) {
  e.preventDefault()
}

async function startDownload(project: Pick<Project, 'id' | 'name'>) {
  if (state?.phase === 'downloading') return
  mountModal()
  set({ projectId: project.id, projectName: project.name, progress: 0, phase: 'downloading' })
  window.addEventListener('beforeunload', keepPage)
  const progress = (percent: number) => {
    if (state && state.progress !== percent) set({ ...state, progress: percent })
  }
  try {
    const result = await downloadProject(project.id, progress)
    window.removeEventListener('beforeunload', keepPage)
    set({ projectId: project.id, projectName: project.name, progress: 100, phase: 'done' })
    notify('success', result.message || PROJECT_DOWNLOAD_MSG.done, result.fileName)
    setTimeout(() => {
      if (state?.phase === 'done' && state.projectId === project.id) set(null)
    }, DONE_VISIBLE_MS)
  } catch (err) {
    window.removeEventListener('beforeunload', keepPage)
    console.error('Project download failed', err)
    set(null)
    notify('error', errorMessage(err, PROJECT_DOWNLOAD_MSG.failed))
  }
}

/** Starts the download of a project (admins; the server refuses anyone else) and follows its progress. */
export function useProjectDownload() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot)
  const active = current?.phase === 'downloading' ? current : null
  return {
    start: (project: Pick<Project, 'id' | 'name'>) => startDownload(project),
    downloadingId: active?.projectId ?? null,
    progress: active?.progress ?? 0,
  }
}

function ProjectDownloadModal() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot)
  const done = current?.phase === 'done'
  const progress = current?.progress ?? 0
  return (
    <Dialog
      open={current !== null}
      onOpenChange={() => undefined}
      // Closed only by its own 'Tutup' once done (or by itself shortly after): a stray click or the toast
      // taking focus must not hide the outcome.
      locked
      size="sm"
      role="alertdialog"
      title={PROJECT_DOWNLOAD_MSG.title}
      description={current?.projectName}
      footer={
        done ? (
          <Button variant="secondary" onClick={() => set(null)}>
            Tutup
          </Button>
        ) : undefined
      }
    >
      <div
        className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', py: '2' })}
      >
        <span
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            w: '14',
            h: '14',
            borderRadius: 'full',
            bg: done ? 'green.50' : 'blue.50',
            color: done ? 'green.600' : 'blue.600',
            '& svg': { w: '7', h: '7' },
          })}
        >
          {done ? <IconCheckCircle /> : <IconCloudDownload />}
        </span>
        <p
          className={css({
            fontSize: '3xl',
            fontWeight: '700',
            fontVariantNumeric: 'tabular-nums',
            lineHeight: '1',
          })}
          data-testid="project-download-percent"
        >
          {progress}%
        </p>
        <ProgressBar
          value={progress}
          label={PROJECT_DOWNLOAD_MSG.title}
          tone={done ? 'success' : 'brand'}
          className={css({ w: 'full' })}
        />
        <p aria-live="polite" className={css({ fontWeight: '500', color: done ? 'green.700' : 'fg' })}>
          {done ? PROJECT_DOWNLOAD_MSG.done : PROJECT_DOWNLOAD_MSG.downloading}
        </p>
        {done ? null : (
          <p className={css({ fontSize: 'sm', color: 'fgMuted', textAlign: 'center' })}>
            {PROJECT_DOWNLOAD_MSG.wait}
          </p>
        )}
      </div>
    </Dialog>
  )
}
