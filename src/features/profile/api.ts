import type { User } from '../../contracts/auth'
import type { PasswordChangeInput, ProfileUpdateInput } from '../../contracts/users'
import { api } from '../../lib/api'

export async function updateProfile(input: ProfileUpdateInput) {
  return api.put<User>('/api/user/update', input)
}

export async function updateAvatar(file: File) {
  const body = new FormData()
  body.append('avatar', file)
  return api.patch<{ avatar: string }>('/api/user/update-avatar', body)
}

/** The server revokes every session on a password change and answers with a fresh token. */
export async function updatePassword(input: PasswordChangeInput) {
  return api.patch<{ token?: string }>('/api/user/update-password', input)
}
