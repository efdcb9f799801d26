import { useState } from 'react'
import type { Project } from '../../../contracts/projects'
import { errorMessage } from '../../../lib/api'
import { notify } from '../../../ui/toaster'
import { downloadProject, PROJECT_DOWNLOAD_FAILED } from '../api'

/**
 * Downloads a project as a zip and reports the outcome as a toast. The progress modal
 * ('Mengunduh Project') comes with the download issue; until then the trigger shows a spinner.
 */
export function useProjectDownload() {
  const [downloadingId, setDownloadingId] = useState<number | null>(null)
  const [progress, setProgress] = useState(0)

  async function start(project: Pick<Project, 'id'>) {
    if (downloadingId !== null) return
    setDownloadingId(project.id)
    setProgress(0)
    try {
      const result = await downloadProject(project.id, setProgress)
      notify('success', result.message || 'Unduhan selesai!')
    } catch (err) {
      console.error('Project download failed', err)
      notify('error', errorMessage(err, PROJECT_DOWNLOAD_FAILED))
    } finally {
      setDownloadingId(null)
    }
  }

  return { start, downloadingId, progress }
}
