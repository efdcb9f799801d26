import { emit } from './outbox-events'
import { patchItem } from './outbox-store'
import type { OutboxItem, ResumableBody } from './outbox-types'

/*
 * Sending a big file in parts (decision 0080), inside the outbox's replay: the same engine in the page
 * and the service worker. The server holds how many bytes it has; each attempt asks it, sends the rest
 * part by part from there and stores each confirmed offset on the item (the dialog's progress, kept when
 * the app closes), then completes under the item's key. A lost signal costs the part in flight.
 */

export type Answer = { res: Response; body: { message?: string; data?: unknown } }

export type SendContext = {
  fetch: typeof fetch
  baseUrl: string
  token: string
  /** How long one part may take before it counts as a network failure. */
  timeoutMs: (bytes: number) => number
}

/** What the replay makes of a failed call: the answer (its status decides) or no answer at all. */
export type Failure = { answer: Answer } | { network: true }

async function call(
  ctx: SendContext,
  method: string,
  url: string,
  opts: { body?: BodyInit; headers?: Record<string, string>; bytes?: number } = {},
): Promise<Answer | undefined> {
  const controller = new AbortController()
  const timeout = setTimeout(() => controller.abort(), ctx.timeoutMs(opts.bytes ?? 0))
  try {
    const res = await ctx.fetch(ctx.baseUrl + url, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${ctx.token}`, ...opts.headers },
      body: opts.body,
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
    })
    if (res.type === 'error') return undefined
    let body: Answer['body'] = {}
    try {
      body = (await res.json()) as Answer['body']
    } catch {
      body = {}
    }
    return { res, body }
  } catch {
    return undefined
  } finally {
    clearTimeout(timeout)
  }
}

const offsetOf = (a: Answer): number | undefined => {
  const header = a.res.headers.get('Upload-Offset')
  const fromData = (a.body.data as { offset?: unknown } | undefined)?.offset
  const value = header !== null ? Number(header) : fromData
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined
}

async function remember(key: string, change: Partial<OutboxItem>) {
  await patchItem(key, (i) => ({ ...i, ...change, updatedAt: Date.now() }))
  emit({ type: 'changed' })
}

/**
 * One attempt at a resumable item: resolves with the completion's answer (landed or refused), or with
 * the failure that stopped it (the replay decides what it means: retry later, final, log in again).
 */
export async function sendResumable(
  item: OutboxItem,
  url: string,
  body: ResumableBody,
  ctx: SendContext,
): Promise<{ done: Answer } | Failure> {
  const total = body.file.bytes.byteLength
  let round = item.uploadRound ?? 0
  let id = item.upload
  let offset = 0
  if (id) {
    const state = await call(ctx, 'GET', `${url}/${id}`)
    if (!state) return { network: true }
    // Expired or swept: start again (a new round, so the create's key is new too).
    if (state.res.status === 404) {
      id = undefined
      round += 1
    } else if (!state.res.ok) return { answer: state }
    else offset = offsetOf(state) ?? 0
  }
  if (!id) {
    const created = await call(ctx, 'POST', url, {
      body: body.json,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `${item.key}-r${round}` },
    })
    if (!created) return { network: true }
    if (!created.res.ok) return { answer: created }
    id = (created.body.data as { id?: string } | undefined)?.id
    if (!id) return { answer: created }
    offset = offsetOf(created) ?? 0
    await remember(item.key, { upload: id, uploadRound: round, progress: { sent: offset, total } })
  }

  while (offset < total) {
    const end = Math.min(total, offset + body.partBytes)
    const form = new FormData()
    form.append('part', new Blob([body.file.bytes.slice(offset, end)]), 'part')
    const sent = await call(ctx, 'PUT', `${url}/${id}/part?offset=${offset}`, {
      body: form,
      bytes: end - offset,
    })
    if (!sent) return { network: true }
    // 409: the server holds another offset (a part whose answer was lost did land): go on from there.
    const next = sent.res.ok || sent.res.status === 409 ? offsetOf(sent) : undefined
    if (next === undefined) {
      // The upload expired between two parts: once more from the start, under a new round.
      if (sent.res.status === 404 && item.upload === id) {
        const fresh = { ...item, upload: undefined, uploadRound: round + 1 }
        await remember(item.key, { upload: undefined, uploadRound: round + 1, progress: { sent: 0, total } })
        return sendResumable(fresh, url, body, ctx)
      }
      return { answer: sent }
    }
    offset = next
    await remember(item.key, { progress: { sent: offset, total } })
  }

  const done = await call(ctx, 'POST', `${url}/${id}/complete`, { headers: { 'Idempotency-Key': item.key } })
  if (!done) return { network: true }
  return { done }
}
