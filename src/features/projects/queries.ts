import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Project, ProjectCreateInput, ProjectUpdateInput } from '../../contracts/projects'
import { updateProject } from '../../lib/projects'
import { PROJECT_COUNTS, workItemKeys } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import {
  createProject,
  createWorkItem,
  deleteProject,
  getDashboardAnalysis,
  getProject,
  listMemberCandidates,
  listProjectMembers,
  listProjects,
  orderWorkItems,
  removeWorkItem,
  setProjectMembers,
  updateWorkItem,
} from './api'

export const projectKeys = {
  // PROJECT_COUNTS (lib/query-keys) names this root for the other features' writes.
  all: PROJECT_COUNTS,
  list: () => [...projectKeys.all, 'list'] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (slug: string) => [...projectKeys.details(), slug] as const,
  analysis: () => [...projectKeys.all, 'analysis'] as const,
  members: (id: number) => [...projectKeys.all, 'members', id] as const,
  memberCandidates: () => [...projectKeys.all, 'member-candidates'] as const,
}

/**
 * The project list. Another admin's rename shows without a reload: the list refetches when the window
 * regains focus (the app's default) and every PROJECT_LIST_POLL_MS while the dashboard is on screen
 * (TanStack Query pauses the interval in a hidden tab and without signal).
 */
export const projectListQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.list(), queryFn: listProjects })

export const PROJECT_LIST_POLL_MS = 20_000

/** 'Muat ulang' after a 409: the list and this project's detail, fetched again. */
export function useReloadProjects() {
  const qc = useQueryClient()
  return (project: Project) => refreshQueries(qc, projectKeys.list(), projectKeys.detail(project.slug))
}

export const projectDetailQueryOptions = (slug: string) =>
  queryOptions({ queryKey: projectKeys.detail(slug), queryFn: () => getProject(slug) })

export const dashboardAnalysisQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.analysis(), queryFn: getDashboardAnalysis })

export const projectMembersQueryOptions = (id: number) =>
  queryOptions({ queryKey: projectKeys.members(id), queryFn: () => listProjectMembers(id), staleTime: 0 })

export const memberCandidatesQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.memberCandidates(), queryFn: listMemberCandidates, staleTime: 0 })

export function useCreateProject() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ProjectCreateInput) => createProject(input),
    // A new project changes the list and the project total; no detail exists yet.
    onSuccess: () => refreshQueries(qc, projectKeys.list(), projectKeys.analysis()),
  })
}

export function useUpdateProject() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ project, input }: { project: Project; input: ProjectUpdateInput }) =>
      updateProject(project.id, input),
    // Name and description only: the counts (analysis) do not change.
    onSuccess: (_res, { project }) =>
      refreshQueries(qc, projectKeys.list(), projectKeys.detail(project.slug)),
  })
}

export function useDeleteProject() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (project: Project) => deleteProject(project.id),
    onSuccess: (_res, project) => {
      qc.removeQueries({ queryKey: projectKeys.detail(project.slug) })
      qc.removeQueries({ queryKey: projectKeys.members(project.id) })
      return refreshQueries(qc, projectKeys.list(), projectKeys.analysis())
    },
  })
}

export function useSetProjectMembers() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }) => setProjectMembers(id, userIds),
    onSuccess: (res, { id }) => {
      // The answer is the new member list.
      if (res.data) qc.setQueryData(projectKeys.members(id), res.data)
      return refreshQueries(qc, projectKeys.members(id))
    },
  })
}

/** Adding, changing and ordering work items (admins, 'Pengaturan Proyek'); every picker reads them again. */
export function useWorkItemSetup(projectId: number) {
  const qc = useQueryClient()
  const refresh = () => refreshQueries(qc, workItemKeys.project(projectId))
  return {
    create: useMutation({
      mutationFn: (input: { name: string; code: string }) => createWorkItem(projectId, input),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (item: { id: number; name: string; code: string }) => updateWorkItem(projectId, item),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (itemId: number) => removeWorkItem(projectId, itemId),
      onSuccess: refresh,
    }),
    order: useMutation({
      mutationFn: (ids: number[]) => orderWorkItems(projectId, ids),
      // The answer is the new order: shown at once, then confirmed by the refetch.
      onSuccess: (items) => {
        qc.setQueryData(workItemKeys.project(projectId), items)
        return refresh()
      },
      // Another admin added or removed one meanwhile (422): the list is read again.
      onError: refresh,
    }),
  }
}
