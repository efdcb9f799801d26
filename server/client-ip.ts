import type { Context } from 'hono'

/** The peer address as @hono/node-server exposes it; proxies' X-Forwarded-For is not trusted. */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'local'
}
