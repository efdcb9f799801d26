import type { User } from '../../contracts/auth'
import * as employeeEndpoints from '../../contracts/employees.endpoints'
import { pathTo } from '../../contracts/endpoint'
import type { DashboardAnalysis, Project, ProjectCreateInput } from '../../contracts/projects'
import * as projectEndpoints from '../../contracts/projects.endpoints'
import type { WorkItem } from '../../contracts/work-items'
import * as workItemEndpoints from '../../contracts/work-items.endpoints'
import { API_BASE_URL, ApiError, call } from '../../lib/api'
import { getToken } from '../../lib/session-token'

export async function listProjects(): Promise<Project[]> {
  return (await call(projectEndpoints.list)).data
}

/** `id` is the numeric id or the slug; the detail screen looks projects up by slug. */
export async function getProject(id: string | number): Promise<Project> {
  return (await call(projectEndpoints.detail, { id })).data
}

export async function getDashboardAnalysis(): Promise<DashboardAnalysis> {
  return (await call(projectEndpoints.dashboard)).data
}

export async function createProject(input: ProjectCreateInput) {
  return call(projectEndpoints.create, {}, input)
}

export async function deleteProject(id: number) {
  return call(projectEndpoints.remove, { id })
}

export async function listProjectMembers(id: number): Promise<User[]> {
  return (await call(projectEndpoints.members, { id })).data
}

export async function setProjectMembers(id: number, userIds: number[]) {
  return call(projectEndpoints.setMembers, { id }, { user_ids: userIds })
}

/** Everyone who can be a member: the employee list (perencanaan and pengawasan accounts). */
export async function listMemberCandidates(): Promise<User[]> {
  return (await call(employeeEndpoints.list)).data
}

export const PROJECT_DOWNLOAD_FAILED = 'Gagal mengunduh project'

/** The JSON the server puts in the `x-response` header ({ message, data }), if it is there and parses. */
function readResponseHeader(headers: Headers): { message?: string; data?: unknown } | null {
  const raw = headers.get('x-response')
  if (!raw) return null
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      const parsed = JSON.parse(candidate)
      if (parsed && typeof parsed === 'object') return parsed
    } catch {
      /* try the next reading */
    }
  }
  return null
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export type DownloadResult = { fileName: string; message?: string }

/**
 * GET /api/project/download/{id} as a blob, saved under the server's file name or
 * 'project-{id}-{YYYY-MM-DD}.zip'. Progress (0-100) is reported when the size is known.
 * Failures throw an ApiError with the message from the `x-response` header, else 'Gagal mengunduh project'.
 */
export async function downloadProject(
  id: number,
  onProgress?: (percent: number) => void,
): Promise<DownloadResult> {
  const token = getToken()
  let res: Response
  try {
    res = await fetch(API_BASE_URL + pathTo(projectEndpoints.download, { id }), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
  } catch {
    throw new ApiError(0, PROJECT_DOWNLOAD_FAILED)
  }
  const info = readResponseHeader(res.headers)
  if (!res.ok) {
    // SPEC section 7: a failure's message comes from the x-response header only.
    throw new ApiError(res.status, info?.message || PROJECT_DOWNLOAD_FAILED)
  }
  // Loaded here, not at the top: the route loaders import this module, so whatever it imports statically
  // joins the entry chunk (dayjs and its locale are not needed for the first screen).
  const [{ fileNameFromDisposition, readWithProgress, saveBlob }, { formatYmd }] = await Promise.all([
    import('../../lib/download'),
    import('../../lib/format'),
  ])
  const blob = await readWithProgress(res, onProgress, 'application/zip')
  const fileName =
    fileNameFromDisposition(res.headers.get('content-disposition')) ?? `project-${id}-${formatYmd()}.zip`
  saveBlob(blob, fileName)
  onProgress?.(100)
  return { fileName, message: info?.message }
}

export async function createWorkItem(
  projectId: number,
  input: { name: string; code: string },
): Promise<WorkItem> {
  return (await call(workItemEndpoints.create, { id: projectId }, input)).data
}

export async function updateWorkItem(projectId: number, item: { id: number; name: string; code: string }) {
  const input = { name: item.name, code: item.code }
  return (await call(workItemEndpoints.update, { id: projectId, itemId: item.id }, input)).data
}

/** Deletes a work item; its documentation keeps its photos, without a work item. */
export async function removeWorkItem(projectId: number, itemId: number) {
  return call(workItemEndpoints.remove, { id: projectId, itemId })
}

/** Every item of the project once, in the new order (anything else answers 422). */
export async function orderWorkItems(projectId: number, ids: number[]): Promise<WorkItem[]> {
  return (await call(workItemEndpoints.order, { id: projectId }, { ids })).data
}
