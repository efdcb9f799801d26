import { useMemo, useState } from 'react'
import type { User } from '../contracts/auth'
import { ROLE_LABELS } from '../contracts/common'

/** True when the search text is empty or found in the user's name, email, role or role label. */
export function matchesUserSearch(user: User, search: string): boolean {
  if (!search) return true
  const needle = search.toLowerCase()
  return [user.name, user.email, user.role, ROLE_LABELS[user.role]].some((s) =>
    s?.toLowerCase().includes(needle),
  )
}

/** The search box text of a user list and the users it lets through. */
export function useUserSearch(users: User[]) {
  const [search, setSearch] = useState('')
  const filtered = useMemo(() => users.filter((u) => matchesUserSearch(u, search.trim())), [users, search])
  return { search, setSearch, filtered }
}
