import type { User } from '../../contracts/auth'
import type { EmployeeCreateInput, EmployeeUpdateInput } from '../../contracts/employees'
import { api, dataOf } from '../../lib/api'

export async function listEmployees(): Promise<User[]> {
  return dataOf(await api.get<User[]>('/api/employee/list'))
}

/** The path id is the id of the admin who creates the employee (the signed-in admin). */
export async function createEmployee(adminId: number, input: EmployeeCreateInput) {
  return api.post<User>(`/api/employee/create/${adminId}`, input)
}

export async function updateEmployee(id: number, input: EmployeeUpdateInput) {
  return api.put<User>(`/api/employee/update/${id}`, input)
}

export async function setEmployeeActive(id: number, active: boolean) {
  return api.patch<User>(`/api/employee/set-active/${id}/${active ? 'true' : 'false'}`)
}

export async function removeEmployee(id: number) {
  return api.delete(`/api/employee/remove/${id}`)
}
