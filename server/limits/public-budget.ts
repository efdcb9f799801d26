import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { LIMIT_MSG } from '../../src/contracts/limits'
import { clientIp } from '../client-ip'
import type { AppEnv, Deps } from '../deps'
import { AppError } from '../http'
import { UsageCounters } from './usage-counters'

const MINUTE = 60_000

/**
 * A client address as the public limits key it: IPv6 by its /64 (one household or phone network hands
 * a client a whole /64, so counting single addresses there would count nothing), hashed so the database
 * holds no visitor's address.
 */
export function addressKey(address: string): string {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  const net = plain.includes(':') ? ipv6Prefix64(plain) : plain
  return createHash('sha256').update(net).digest('base64url').slice(0, 16)
}

/** The first four groups of an IPv6 address ('2001:db8:1:2::5' -> '2001:db8:1:2'), zone dropped. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? ['']
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
  return groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+/, '') || '0').toLowerCase())
    .join(':')
}

/**
 * What every anonymous answer carries (the public pages, their data, photos and PDFs): never indexed,
 * never told where it was opened from (a link's token must not leak through a Referer).
 */
export function publicHeaders(c: Context) {
  c.header('X-Robots-Tag', 'noindex, nofollow')
  c.header('Referrer-Policy', 'no-referrer')
}

/** The address a public request is counted under (TRUST_PROXY: the proxy's X-Forwarded-For entry). */
export const publicAddress = (c: Context, deps: Pick<Deps, 'config'>) =>
  addressKey(clientIp(c, deps.config.trustProxy))

/**
 * The budget of anonymous requests (issue 31): share link pages, their data, photos and PDFs, and the
 * verification pages, none of which need an account. Each request is counted before it runs, per client
 * address and per link (token or code) in one upsert into usage_counters, so every process enforces one
 * budget; over either, 429 with Retry-After until the minute ends. A crowd on one link is held to the
 * link's budget, one address cannot spend every link's, and members' calls (never counted here) go on.
 * `link` names what the request is for (undefined: a malformed token, counted per address only, so
 * made-up tokens add no rows beyond an address's own budget). `refuse` answers a page with HTML; the
 * /api/public calls get the JSON envelope.
 */
export function publicBudget(
  deps: Pick<Deps, 'db' | 'config'>,
  link: (c: Context) => string | undefined,
  refuse?: (c: Context, message: string, retryAfter: number) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  const counters = new UsageCounters(deps.db)
  return async (c, next) => {
    const { perAddressPerMinute, perLinkPerMinute } = deps.config.publicLimits
    const limits = new Map<string, number>()
    if (perAddressPerMinute > 0) limits.set(`public-addr:${publicAddress(c, deps)}`, perAddressPerMinute)
    const target = link(c)
    if (perLinkPerMinute > 0 && target) limits.set(`public-link:${target}`, perLinkPerMinute)
    if (limits.size === 0) return next()
    const now = Date.now()
    const minute = Math.floor(now / MINUTE)
    const counts = await counters.bumpAll(
      [...limits.keys()],
      String(minute),
      1,
      new Date((minute + 2) * MINUTE),
    )
    const over = [...limits].some(([key, limit]) => (counts.get(key) ?? 0) > limit)
    if (!over) return next()
    const retryAfter = Math.max(1, Math.ceil(((minute + 1) * MINUTE - now) / 1000))
    if (refuse) return refuse(c, LIMIT_MSG.publicBusy, retryAfter)
    throw new AppError(429, LIMIT_MSG.publicBusy, undefined, { 'Retry-After': String(retryAfter) })
  }
}
