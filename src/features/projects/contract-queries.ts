import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ContractInput } from '../../contracts/contract'
import * as contractEndpoints from '../../contracts/contract.endpoints'
import type { Project } from '../../contracts/projects'
import { call } from '../../lib/api'
import { refreshQueries } from '../../lib/query-refresh'
import { projectKeys } from './queries'

/** The project's contract and site (issue 34): under the projects root, kept with them offline. */
export const contractKey = (id: number) => [...projectKeys.all, 'contract', id] as const

export const contractQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contractKey(id),
    queryFn: async () => (await call(contractEndpoints.get, { id })).data,
  })

/**
 * PUT contract (admins). The start day is the project's own, and the save moves the project's version on:
 * the project's detail and list are fetched again with the contract.
 */
export function useSaveContract() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ project, input }: { project: Project; input: ContractInput }) =>
      call(contractEndpoints.put, { id: project.id }, input),
    onSuccess: (res, { project }) => {
      if (res.data) qc.setQueryData(contractKey(project.id), res.data)
      return refreshQueries(qc, contractKey(project.id), projectKeys.detail(project.slug), projectKeys.list())
    },
  })
}
