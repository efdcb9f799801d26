import { useSyncExternalStore } from 'react'
import { PROJECT_DOWNLOAD_MSG, type Project } from '../../../contracts/projects'
import { notify } from '../../../ui/notify'

/*
 * The project download (SPEC section 2, 'Mengunduh Project'): one at a time for the whole app, with a
 * modal that shows the percentage and cannot be closed while the zip streams in, then a toast with the
 * outcome. The dashboard card and the project page share it through useProjectDownload().
 *
 * The state lives outside React and the modal in a root of its own, so that whichever screen started the
 * download (and whatever it re-renders) the modal is the same one, and neither caller has to render it.
 * Only this store and the hook are part of a screen's first load; the download itself, its modal and the
 * messages are loaded by the first click (./project-download-run).
 */

export type DownloadState = {
  projectId: number
  projectName: string
  progress: number
  phase: 'downloading' | 'done'
}

let state: DownloadState | null = null
const listeners = new Set<() => void>()
export function setDownload(next: DownloadState | null) {
  state = next
  for (const l of listeners) l()
}
export function subscribeDownload(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
export const downloadSnapshot = () => state

/** Starts the download of a project (admins; the server refuses anyone else). One function, so it is stable. */
const start = (project: Pick<Project, 'id' | 'name'>) =>
  import('./project-download-run')
    .then((run) => run.startDownload(project))
    // Only the code failing to arrive lands here (startDownload reports its own failures).
    .catch((err) => {
      console.error('Project download failed', err)
      notify('error', PROJECT_DOWNLOAD_MSG.failed)
    })

/** Starts the download of a project and follows its progress. */
export function useProjectDownload() {
  const current = useSyncExternalStore(subscribeDownload, downloadSnapshot, downloadSnapshot)
  const active = current?.phase === 'downloading' ? current : null
  return {
    start,
    downloadingId: active?.projectId ?? null,
    progress: active?.progress ?? 0,
  }
}
