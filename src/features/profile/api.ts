import type { PasswordChangeInput, ProfileUpdateInput } from '../../contracts/users'
import * as userEndpoints from '../../contracts/users.endpoints'
import { call } from '../../lib/api'

export async function updateProfile(input: ProfileUpdateInput) {
  return call(userEndpoints.update, {}, input)
}

export async function updateAvatar(file: File) {
  const body = new FormData()
  body.append('avatar', file)
  return call(userEndpoints.avatar, {}, body)
}

/** The server revokes every session on a password change and answers with a fresh token. */
export async function updatePassword(input: PasswordChangeInput) {
  return call(userEndpoints.password, {}, input)
}
