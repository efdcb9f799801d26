import { useMutation } from '@tanstack/react-query'
import type { LoginInput } from '../../contracts/auth'
import { login } from './api'

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: LoginInput) => login(input),
    async onSuccess(result) {
      const { token, ...user } = result
      // Loaded on submit: the session module brings the outbox (IndexedDB) the sign-in screen never shows.
      const { startSession } = await import('../../lib/session')
      await startSession(token, user)
    },
  })
}
