import { useMutation } from '@tanstack/react-query'
import type { LoginInput } from '../../contracts/auth'
import { startSession } from '../../lib/session'
import { login } from './api'

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: LoginInput) => login(input),
    async onSuccess(result) {
      const { token, ...user } = result
      await startSession(token, user)
    },
  })
}
