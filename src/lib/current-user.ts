import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import type { Me } from '../contracts/auth'
import * as userEndpoints from '../contracts/users.endpoints'
import { call } from './api'

/**
 * The signed-in user lives in the query cache under one key: the guard, the header, the profile
 * and what the user may do (`can`, src/lib/can.ts) read it from here (the "client session" of SPEC section 3).
 */
export const currentUserKey = ['session', 'me'] as const

export async function fetchCurrentUser(): Promise<Me> {
  return (await call(userEndpoints.me)).data
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    staleTime: 60_000,
  })

/** The user inside the guarded layout (the guard has already loaded it). */
export function useCurrentUser(): Me {
  return useSuspenseQuery(currentUserQueryOptions()).data
}
