import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '../../contracts/auth'
import type { PasswordChangeInput, ProfileUpdateInput } from '../../contracts/users'
import { currentUserKey } from '../../lib/current-user'
import { setToken } from '../../lib/session-token'
import { updateAvatar, updatePassword, updateProfile } from './api'

function usePatchCurrentUser() {
  const qc = useQueryClient()
  return (patch: Partial<User>) =>
    qc.setQueryData<User>(currentUserKey, (old) => (old ? { ...old, ...patch } : old))
}

export function useUpdateProfile() {
  const patchUser = usePatchCurrentUser()
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => updateProfile(input),
    onSuccess(envelope, input) {
      patchUser({ ...input, ...(envelope.data ?? {}) })
    },
  })
}

export function useUpdateAvatar() {
  const patchUser = usePatchCurrentUser()
  return useMutation({
    mutationFn: (file: File) => updateAvatar(file),
    onSuccess(envelope) {
      if (envelope.data?.avatar) patchUser({ avatar: envelope.data.avatar })
    },
  })
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => updatePassword(input),
    async onSuccess(envelope) {
      // Keep this device signed in: every old token (ours included) was just revoked.
      if (envelope.data?.token) await setToken(envelope.data.token)
    },
  })
}
