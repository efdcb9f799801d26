import { SHARE_MSG, SHARE_PIN_TRIES, SHARE_PIN_WINDOW_MIN } from '../../../src/contracts/shares'
import type { Deps } from '../../deps'
import { AppError } from '../../http'
import { UsageCounters } from '../../limits/usage-counters'
import type { ShareRow } from './share-content'
import { pinMatches } from './share-crypto'

/*
 * The PIN of a share link (decisions 0066, 0071; issue 31). Guesses are counted in the database
 * (usage_counters), so guesses spread over several processes count together, and counted per link AND
 * client address: someone holding a forwarded link who guesses wrong locks out their own address, never
 * the client at theirs. A ceiling per link over all addresses (PublicLimits.pinPerLinkPerHour) keeps
 * guessing from many addresses slow: 30 an hour is under 7 % of the million PINs over a 90-day link.
 * Only a well-formed PIN (6 digits) is a guess; anything else is a form error that costs nothing.
 */

const PIN_FORMAT = /^\d{6}$/
const WINDOW_MS = SHARE_PIN_WINDOW_MIN * 60_000
const HOUR_MS = 3_600_000

const throttled = (waitMs: number) => {
  const wait = Math.max(1, Math.ceil(waitMs / 1000))
  return new AppError(429, SHARE_MSG.pinThrottled(Math.ceil(wait / 60)), undefined, {
    'Retry-After': String(wait),
  })
}

/**
 * Checks `pin` for `share`, as guessed from `address` (addressKey: hashed, IPv6 by /64). No PIN is not
 * a guess (401 asking for it); a malformed one is 422 'PIN harus 6 angka'. A guess is counted before it
 * is compared (two at once on two processes both count); beyond SHARE_PIN_TRIES in the address's
 * 15-minute window, or the link's hourly ceiling, even the right PIN waits (429 with Retry-After), and a
 * right PIN takes its own counts back. A guess refused by the ceiling took nothing from its address.
 */
export async function checkPin(
  deps: Pick<Deps, 'db' | 'config'>,
  share: ShareRow,
  pin: string | undefined,
  address: string,
) {
  if (!share.pin_hash) return
  if (!pin) throw new AppError(401, SHARE_MSG.pinRequired)
  if (!PIN_FORMAT.test(pin)) throw new AppError(422, SHARE_MSG.badPin, { pin: SHARE_MSG.badPin })
  const counters = new UsageCounters(deps.db)
  const now = Date.now()
  const window = Math.floor(now / WINDOW_MS)
  const end = (window + 1) * WINDOW_MS
  const mine = { key: `share-pin:${share.id}:${address}`, window: String(window), expires: new Date(end) }
  const count = await counters.bump(mine.key, mine.window, 1, mine.expires)
  if (count > SHARE_PIN_TRIES) throw throttled(end - now)

  const ceiling = deps.config.publicLimits.pinPerLinkPerHour
  const hour = Math.floor(now / HOUR_MS)
  const all = {
    key: `share-pin-link:${share.id}`,
    window: String(hour),
    expires: new Date((hour + 1) * HOUR_MS),
  }
  if (ceiling > 0) {
    const total = await counters.bump(all.key, all.window, 1, all.expires)
    if (total > ceiling) {
      // Nothing was compared: the guess is given back to both counts.
      await counters.bump(all.key, all.window, -1, all.expires)
      await counters.bump(mine.key, mine.window, -1, mine.expires)
      throw throttled((hour + 1) * HOUR_MS - now)
    }
  }
  if (await pinMatches(pin, share.pin_hash)) {
    await counters.bump(mine.key, mine.window, -1, mine.expires)
    if (ceiling > 0) await counters.bump(all.key, all.window, -1, all.expires)
    return
  }
  // The guesses left at this address in this window (the database's count: the same on every process);
  // the last wrong one says how long the wait is.
  const minutes = Math.max(1, Math.ceil((end - now) / 60_000))
  throw new AppError(401, SHARE_MSG.pinWrongLeft(SHARE_PIN_TRIES - count, minutes))
}
