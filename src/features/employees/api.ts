import type { PasswordResetResult, User } from '../../contracts/auth'
import type { EmployeeCreateInput, EmployeeUpdateInput } from '../../contracts/employees'
import * as employeeEndpoints from '../../contracts/employees.endpoints'
import { pathTo } from '../../contracts/endpoint'
import { api, dataOf } from '../../lib/api'

export async function listEmployees(): Promise<User[]> {
  return dataOf(await api.get<User[]>(employeeEndpoints.list.path))
}

/** The path id is the id of the admin who creates the employee (the signed-in admin). */
export async function createEmployee(adminId: number, input: EmployeeCreateInput) {
  return api.post<User>(pathTo(employeeEndpoints.create, { id: adminId }), input)
}

export async function updateEmployee(id: number, input: EmployeeUpdateInput) {
  return api.put<User>(pathTo(employeeEndpoints.update, { id }), input)
}

export async function setEmployeeActive(id: number, active: boolean) {
  return api.patch<User>(pathTo(employeeEndpoints.setActive, { id, flag: active }))
}

export async function removeEmployee(id: number) {
  return api.delete(pathTo(employeeEndpoints.remove, { id }))
}

/** A new password shown once, or sent to the employee's WhatsApp (`via`); their sessions end. */
export async function resetEmployeePassword(id: number, via?: 'whatsapp') {
  return dataOf(
    await api.post<PasswordResetResult>(pathTo(employeeEndpoints.resetPassword, { id }), via ? { via } : {}),
  )
}
