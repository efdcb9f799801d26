import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCreateInput, AdminUpdateInput } from '../../contracts/admins'
import { refreshQueries } from '../../lib/query-refresh'
import { createAdmin, listAdmins, removeAdmin, updateAdmin } from './api'

export const adminKeys = {
  all: ['admins'] as const,
  list: () => [...adminKeys.all, 'list'] as const,
}

export const adminListQueryOptions = () => queryOptions({ queryKey: adminKeys.list(), queryFn: listAdmins })

export function useCreateAdmin() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: AdminCreateInput) => createAdmin(input),
    onSuccess: () => refreshQueries(qc, adminKeys.list()),
  })
}

export function useRemoveAdmin() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => removeAdmin(id),
    onSuccess: () => refreshQueries(qc, adminKeys.list()),
  })
}

export function useUpdateAdmin() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AdminUpdateInput }) => updateAdmin(id, input),
    onSuccess: () => refreshQueries(qc, adminKeys.list()),
  })
}
