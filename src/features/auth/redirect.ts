/**
 * A link opened while logged out survives the login: the guard sends the visitor to
 * /login?redirect={path}, and after the login the app goes there (else '/'). Only a path inside the app
 * is followed: never another origin ('//host', 'https://...') and never the login page itself.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  if (/^\/login(?:[/?#]|$)/.test(value)) return undefined
  return value
}

export type LoginSearch = { redirect?: string }

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const redirect = safeRedirect(search.redirect)
  return redirect ? { redirect } : {}
}
