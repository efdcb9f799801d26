import { useRef, useSyncExternalStore } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { css } from 'styled-system/css'
import { vstack } from 'styled-system/patterns'
import { PROJECT_DOWNLOAD_MSG, type Project } from '../../../contracts/projects'
import { errorMessage } from '../../../lib/api'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { IconTile } from '../../../ui/icon-tile'
import { IconCheckCircle, IconCloudDownload } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { ProgressBar } from '../../../ui/progress'
import { downloadProject } from '../api'
import { downloadSnapshot, setDownload, subscribeDownload } from './project-download'

// The project download itself and its modal (see ./project-download for the store and the why).

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

export async function startDownload(project: Pick<Project, 'id' | 'name'>) {
  if (downloadSnapshot()?.phase === 'downloading') return
  mountModal()
  setDownload({ projectId: project.id, projectName: project.name, progress: 0, phase: 'downloading' })
  window.addEventListener('beforeunload', keepPage)
  const progress = (percent: number) => {
    const current = downloadSnapshot()
    if (current && current.progress !== percent) setDownload({ ...current, progress: percent })
  }
  try {
    const result = await downloadProject(project.id, progress)
    window.removeEventListener('beforeunload', keepPage)
    setDownload({ projectId: project.id, projectName: project.name, progress: 100, phase: 'done' })
    notify('success', result.message || PROJECT_DOWNLOAD_MSG.done, result.fileName)
    setTimeout(() => {
      const current = downloadSnapshot()
      if (current?.phase === 'done' && current.projectId === project.id) setDownload(null)
    }, DONE_VISIBLE_MS)
  } catch (err) {
    window.removeEventListener('beforeunload', keepPage)
    console.error('Project download failed', err)
    setDownload(null)
    notify('error', errorMessage(err, PROJECT_DOWNLOAD_MSG.failed))
  }
}

function ProjectDownloadModal() {
  const current = useSyncExternalStore(subscribeDownload, downloadSnapshot, downloadSnapshot)
  // While the modal animates out (current is null) it keeps showing what it last showed: without this the
  // closing modal flipped back to '0%' and 'Sedang mengunduh...' for its last frames.
  const last = useRef(current)
  if (current) last.current = current
  const shown = current ?? last.current
  const done = shown?.phase === 'done'
  const progress = shown?.progress ?? 0
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
      description={shown?.projectName}
      footer={
        done ? (
          <Button variant="secondary" onClick={() => setDownload(null)}>
            Tutup
          </Button>
        ) : undefined
      }
    >
      <div className={vstack({ gap: '4', py: '2' })}>
        <IconTile
          size="3xl"
          shape="circle"
          className={css({ bg: done ? 'green.50' : 'blue.50', color: done ? 'green.600' : 'blue.600' })}
        >
          {done ? <IconCheckCircle /> : <IconCloudDownload />}
        </IconTile>
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
