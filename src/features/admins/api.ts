import type { AdminCreateInput, AdminUpdateInput } from '../../contracts/admins'
import * as adminEndpoints from '../../contracts/admins.endpoints'
import { call } from '../../lib/api'

export async function listAdmins() {
  return (await call(adminEndpoints.list)).data
}

export async function createAdmin(input: AdminCreateInput) {
  return call(adminEndpoints.create, {}, input)
}

export async function removeAdmin(id: number) {
  return call(adminEndpoints.remove, { id })
}

export async function updateAdmin(id: number, input: AdminUpdateInput) {
  return call(adminEndpoints.update, { id }, input)
}

/** A new password shown once, or sent to the admin's WhatsApp (`via`); their sessions end. */
export async function resetAdminPassword(id: number, via?: 'whatsapp') {
  return (await call(adminEndpoints.resetPassword, { id }, via ? { via } : {})).data
}
