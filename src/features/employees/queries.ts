import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { EmployeeCreateInput, EmployeeUpdateInput } from '../../contracts/employees'
import { refreshQueries } from '../../lib/query-refresh'
import { createEmployee, listEmployees, removeEmployee, setEmployeeActive, updateEmployee } from './api'

export const employeeKeys = {
  all: ['employees'] as const,
  list: () => [...employeeKeys.all, 'list'] as const,
}

export const employeeListQueryOptions = () =>
  queryOptions({ queryKey: employeeKeys.list(), queryFn: listEmployees })

function useInvalidateList() {
  const qc = useQueryClient()
  return () => refreshQueries(qc, employeeKeys.list())
}

export function useCreateEmployee(adminId: number) {
  const invalidate = useInvalidateList()
  return useMutation({
    mutationFn: (input: EmployeeCreateInput) => createEmployee(adminId, input),
    onSuccess: invalidate,
  })
}

export function useUpdateEmployee() {
  const invalidate = useInvalidateList()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: EmployeeUpdateInput }) => updateEmployee(id, input),
    onSuccess: invalidate,
  })
}

export function useSetEmployeeActive() {
  const invalidate = useInvalidateList()
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setEmployeeActive(id, active),
    // The list reloads afterwards (SPEC section 4), also after a failure so the switch shows the truth.
    onSettled: invalidate,
  })
}

export function useRemoveEmployee() {
  const invalidate = useInvalidateList()
  return useMutation({
    mutationFn: (id: number) => removeEmployee(id),
    onSuccess: invalidate,
  })
}
