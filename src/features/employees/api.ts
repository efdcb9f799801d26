import type { EmployeeCreateInput, EmployeeUpdateInput } from '../../contracts/employees'
import * as employeeEndpoints from '../../contracts/employees.endpoints'
import { call } from '../../lib/api'

export async function listEmployees() {
  return (await call(employeeEndpoints.list)).data
}

/** The path id is the id of the admin who creates the employee (the signed-in admin). */
export async function createEmployee(adminId: number, input: EmployeeCreateInput) {
  return call(employeeEndpoints.create, { id: adminId }, input)
}

export async function updateEmployee(id: number, input: EmployeeUpdateInput) {
  return call(employeeEndpoints.update, { id }, input)
}

export async function setEmployeeActive(id: number, active: boolean) {
  return call(employeeEndpoints.setActive, { id, flag: active })
}

export async function removeEmployee(id: number) {
  return call(employeeEndpoints.remove, { id })
}

/** A new password shown once, or sent to the employee's WhatsApp (`via`); their sessions end. */
export async function resetEmployeePassword(id: number, via?: 'whatsapp') {
  return (await call(employeeEndpoints.resetPassword, { id }, via ? { via } : {})).data
}
