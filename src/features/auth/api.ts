import type { LoginInput, LoginResult } from '../../contracts/auth'
import { api, dataOf } from '../../lib/api'

export async function login(input: LoginInput): Promise<LoginResult> {
  return dataOf(await api.post<LoginResult>('/api/auth/login', input))
}
