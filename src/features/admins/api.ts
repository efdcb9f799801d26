import type { AdminCreateInput } from '../../contracts/admins'
import type { User } from '../../contracts/auth'
import { api, dataOf } from '../../lib/api'

export async function listAdmins(): Promise<User[]> {
  return dataOf(await api.get<User[]>('/api/admin/list'))
}

export async function createAdmin(input: AdminCreateInput) {
  return api.post<User>('/api/admin/create', input)
}

export async function removeAdmin(id: number) {
  return api.delete(`/api/admin/remove/${id}`)
}
