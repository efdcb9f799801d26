import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { workItemsQueryOptions } from '../../../lib/work-items'

/*
 * The work item of the last upload in a project, kept on the device: a supervisor photographs one work
 * item several times in a row, and the upload sheet used to drop back to 'Tanpa item pekerjaan' after
 * each one (issue 32). Only an item the project still has is offered again.
 */

const storageKey = (projectId: number) => `berkas:doc-work-item:${projectId}`

function read(projectId: number): string {
  try {
    return localStorage.getItem(storageKey(projectId)) ?? ''
  } catch {
    return ''
  }
}

export function useRememberedWorkItem(projectId: number) {
  const items = useQuery(workItemsQueryOptions(projectId))
  const [value, setValue] = useState(() => read(projectId))
  const remember = useCallback(
    (workItem: string) => {
      setValue(workItem)
      try {
        if (workItem) localStorage.setItem(storageKey(projectId), workItem)
        else localStorage.removeItem(storageKey(projectId))
      } catch {
        // Storage full or blocked: the sheet simply starts empty next time.
      }
    },
    [projectId],
  )
  /** The remembered item while the project still has it, else ''. */
  const remembered = value && items.data?.some((w) => String(w.id) === value) ? value : ''
  return { remembered, remember }
}
