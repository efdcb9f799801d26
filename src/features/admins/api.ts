import type { AdminCreateInput, AdminUpdateInput } from '../../contracts/admins'
import * as adminEndpoints from '../../contracts/admins.endpoints'
import type { PasswordResetResult, User } from '../../contracts/auth'
import { pathTo } from '../../contracts/endpoint'
import { api, dataOf } from '../../lib/api'

export async function listAdmins(): Promise<User[]> {
  return dataOf(await api.get<User[]>(adminEndpoints.list.path))
}

export async function createAdmin(input: AdminCreateInput) {
  return api.post<User>(adminEndpoints.create.path, input)
}

export async function removeAdmin(id: number) {
  return api.delete(pathTo(adminEndpoints.remove, { id }))
}

export async function updateAdmin(id: number, input: AdminUpdateInput) {
  return api.put<User>(pathTo(adminEndpoints.update, { id }), input)
}

/** A new password shown once, or sent to the admin's WhatsApp (`via`); their sessions end. */
export async function resetAdminPassword(id: number, via?: 'whatsapp') {
  return dataOf(
    await api.post<PasswordResetResult>(pathTo(adminEndpoints.resetPassword, { id }), via ? { via } : {}),
  )
}
