import type { AdminCreateInput } from '../../contracts/admins'
import * as adminEndpoints from '../../contracts/admins.endpoints'
import type { User } from '../../contracts/auth'
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
