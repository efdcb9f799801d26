import type { Context } from 'hono'

/**
 * The client's address for the login rate limit. Without a trusted reverse proxy it is the socket peer.
 * Behind one (TRUST_PROXY=1), every connection comes from the proxy, so the address is the last entry of
 * X-Forwarded-For: the one the proxy itself appended. Entries before it are client-supplied and forgeable.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'local'
}
