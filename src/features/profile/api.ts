import type { User } from '../../contracts/auth'
import type { PasswordChangeInput, ProfileUpdateInput } from '../../contracts/users'
import * as userEndpoints from '../../contracts/users.endpoints'
import { api } from '../../lib/api'

export async function updateProfile(input: ProfileUpdateInput) {
  return api.put<User>(userEndpoints.update.path, input)
}

export async function updateAvatar(file: File) {
  const body = new FormData()
  body.append('avatar', file)
  return api.patch<{ avatar: string }>(userEndpoints.avatar.path, body)
}

/** The server revokes every session on a password change and answers with a fresh token. */
export async function updatePassword(input: PasswordChangeInput) {
  return api.patch<{ token?: string }>(userEndpoints.password.path, input)
}
