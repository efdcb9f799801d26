import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEVICE_TIME_FIELD } from '../contracts/doc-writes'
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from './outbox-backoff'
import { closeOutboxDb, OUTBOX_DB } from './outbox-db'
import { type OutboxEvent, subscribeOutbox } from './outbox-events'
import { DEVICE_TIME_PART, type ReplayDeps, replayOutbox } from './outbox-replay'
import {
  clearOutbox,
  discardOutboxItem,
  enqueueOutbox,
  isOutboxAuthRequired,
  listOutbox,
  retryOutboxItem,
  setOutboxOwner,
} from './outbox-store'
import type { NewOutboxItem } from './outbox-types'

/*
 * The outbox against fake-indexeddb and a fake server that behaves like server/idempotency.ts: the first
 * answer per key is stored and replayed (Idempotent-Replayed: true) for repeats.
 */

const OWNER = { id: 7, name: 'Sari Pengawas' }

type Sent = { method: string; url: string; key: string; auth: string | null; body: unknown }
type Script = (sent: Sent, n: number) => Response | Promise<Response> | 'network-error' | 'hang' | undefined

function fakeServer(script?: Script) {
  const sent: Sent[] = []
  const stored = new Map<string, { status: number; body: string }>()
  const created: string[] = []
  let n = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    const entry: Sent = {
      method: init?.method ?? 'GET',
      url: String(input),
      key: headers.get('Idempotency-Key') ?? '',
      auth: headers.get('Authorization'),
      body: init?.body,
    }
    sent.push(entry)
    const scripted = script?.(entry, n++)
    if (scripted === 'network-error') throw new TypeError('Failed to fetch')
    if (scripted === 'hang')
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
    if (scripted) return scripted
    const replay = stored.get(entry.key)
    if (replay)
      return new Response(replay.body, {
        status: replay.status,
        headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
      })
    created.push(entry.key)
    const body = JSON.stringify({
      success: true,
      message: 'ok',
      data: { docs: [{ uuid: `doc-${entry.key}` }] },
    })
    stored.set(entry.key, { status: 201, body })
    return new Response(body, { status: 201, headers: { 'Content-Type': 'application/json' } })
  }
  return { fetch, sent, created, stored }
}

const json = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: false, message }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

let clock = 1_700_000_000_000
const now = () => clock

function deps(fetch: typeof globalThis.fetch, extra: Partial<ReplayDeps> = {}): ReplayDeps {
  return {
    fetch,
    getToken: async () => 'token-abc',
    now,
    random: () => 1,
    locks: null,
    ...extra,
  }
}

let seq = 0
function comment(text: string, extra: Partial<NewOutboxItem> = {}): NewOutboxItem {
  seq++
  return {
    key: `key-${seq}-${text.replace(/\W+/g, '-')}`,
    kind: 'doc.comment',
    title: 'Komentar',
    detail: text,
    owner: OWNER,
    scope: { slug: 'proj', doc: 'doc-1' },
    request: {
      method: 'POST',
      url: '/api/doc/proj/comment/doc-1/submit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment: text }),
    },
    ...extra,
  }
}

async function deleteDb() {
  await closeOutboxDb()
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB)
    req.onsuccess = () => resolve()
    req.onerror = () => reject(req.error)
  })
}

beforeEach(async () => {
  clock = 1_700_000_000_000
  await deleteDb()
  await setOutboxOwner(OWNER)
})
afterEach(deleteDb)

describe('outbox store', () => {
  it('keeps items in the order they were made, with their bodies, photos as bytes', async () => {
    const form = new FormData()
    form.append('description', 'Pengecoran kolom lantai 2')
    form.append('files', new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'image/jpeg' }), 'a.jpg')
    form.append('files', new Blob([new Uint8Array([5, 6])], { type: 'image/jpeg' }), 'b.jpg')
    await enqueueOutbox({
      key: 'upload-1-aaaaaaaa',
      kind: 'doc.upload',
      title: 'Foto',
      owner: OWNER,
      request: { method: 'POST', url: '/api/doc/proj/upload', headers: {}, body: form },
    })
    await enqueueOutbox(comment('kedua'))
    await enqueueOutbox(comment('ketiga'))
    const items = await listOutbox()
    expect(items.map((i) => i.kind)).toEqual(['doc.upload', 'doc.comment', 'doc.comment'])
    expect(items[0]).toMatchObject({
      status: 'waiting',
      attempts: 0,
      bytes: 'Pengecoran kolom lantai 2'.length + 6,
    })

    const server = fakeServer()
    const summary = await replayOutbox(deps(server.fetch))
    expect(summary).toMatchObject({ ran: true, sent: 3, failed: 0, waiting: 0 })
    expect(server.sent.map((s) => s.key)).toEqual(items.map((i) => i.key))
    expect(server.sent.every((s) => s.auth === 'Bearer token-abc')).toBe(true)
    const upload = server.sent[0].body as FormData
    expect(upload.get('description')).toBe('Pengecoran kolom lantai 2')
    const files = upload.getAll('files') as File[]
    expect(files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg'])
    expect([...new Uint8Array(await files[0].arrayBuffer())]).toEqual([1, 2, 3, 4])
    expect(files[0].type).toBe('image/jpeg')
    expect(server.sent[1].body).toBe(JSON.stringify({ comment: 'kedua' }))
    expect((await listOutbox()).every((i) => i.status === 'done')).toBe(true)
  })

  it("refreshes an upload's device_time part to the device clock of each attempt (issue 34)", async () => {
    const form = new FormData()
    form.append(DEVICE_TIME_FIELD, '2020-01-01T00:00:00.000Z')
    form.append('description', 'Foto antrean')
    form.append('files', new Blob([new Uint8Array([1, 2])], { type: 'image/jpeg' }), 'a.jpg')
    await enqueueOutbox({
      key: 'upload-clock-aaaaaaaa',
      kind: 'doc.upload',
      title: 'Foto',
      owner: OWNER,
      request: { method: 'POST', url: '/api/doc/proj/upload', headers: {}, body: form },
    })
    clock += 3_600_000
    const server = fakeServer()
    await replayOutbox(deps(server.fetch))
    expect(DEVICE_TIME_PART).toBe(DEVICE_TIME_FIELD)
    const sent = server.sent[0].body as FormData
    expect(sent.get(DEVICE_TIME_FIELD)).toBe(new Date(clock).toISOString())
    expect(sent.get('description')).toBe('Foto antrean')
  })

  it('tells listeners in this context when items change and land', async () => {
    const events: OutboxEvent['type'][] = []
    const stop = subscribeOutbox((e) => events.push(e.type))
    await enqueueOutbox(comment('halo'))
    await replayOutbox(deps(fakeServer().fetch))
    stop()
    expect(events).toContain('changed')
    expect(events).toContain('landed')
  })

  it('replaces a waiting like of the same photo instead of sending both', async () => {
    const like = (liked: boolean) =>
      comment(String(liked), {
        kind: 'doc.like',
        coalesce: 'like:proj:doc-1',
        request: { method: 'PATCH', url: `/api/doc/proj/like/doc-1/${liked}`, headers: {} },
      })
    await enqueueOutbox(like(true))
    await enqueueOutbox(like(false))
    await enqueueOutbox(like(true))
    const items = await listOutbox()
    expect(items).toHaveLength(1)
    expect(items[0].url).toBe('/api/doc/proj/like/doc-1/true')
  })

  it('discarding an upload also discards the comment queued on it; a failed item can be retried', async () => {
    const up = await enqueueOutbox(comment('upload', { kind: 'doc.upload' }))
    await enqueueOutbox(comment('on it', { dependsOn: up.key }))
    const other = await enqueueOutbox(comment('other'))
    expect(await discardOutboxItem(up.key)).toHaveLength(2)
    expect((await listOutbox()).map((i) => i.key)).toEqual([other.key])
  })

  it('logout clears items, bodies and the owner', async () => {
    await enqueueOutbox(comment('rahasia'))
    await clearOutbox()
    expect(await listOutbox()).toEqual([])
    const server = fakeServer()
    expect((await replayOutbox(deps(server.fetch))).sent).toBe(0)
  })
})

describe('replay: final and retryable answers', () => {
  it('a 4xx other than 401/408/409/429 is final for that item only: kept with the server message', async () => {
    const a = await enqueueOutbox(comment('ditolak'))
    const b = await enqueueOutbox(comment('diterima'))
    const server = fakeServer((s) => (s.key === a.key ? json(403, 'Anda tidak memiliki akses') : undefined))
    const summary = await replayOutbox(deps(server.fetch))
    expect(summary).toMatchObject({ sent: 1, failed: 1, waiting: 0 })
    const [fa, fb] = await listOutbox()
    expect(fa).toMatchObject({
      key: a.key,
      status: 'failed',
      lastError: { status: 403, message: 'Anda tidak memiliki akses' },
    })
    expect(fb).toMatchObject({ key: b.key, status: 'done' })

    // Not retried automatically...
    await replayOutbox(deps(server.fetch))
    expect(server.sent.filter((s) => s.key === a.key)).toHaveLength(1)
    // ...until the user asks, with the same key.
    await retryOutboxItem(a.key)
    await replayOutbox(deps(fakeServer().fetch))
    expect((await listOutbox())[0]).toMatchObject({ status: 'done', attempts: 2 })
  })

  it.each([
    ['network error', 'network-error' as const, 0],
    ['408', () => json(408, 'Request Timeout'), 408],
    ['409 (key in progress)', () => json(409, 'Sedang diproses'), 409],
    ['429', () => json(429, 'Terlalu banyak permintaan'), 429],
    ['500', () => json(500, 'Terjadi kesalahan pada server'), 500],
    ['503 without a body', () => new Response('', { status: 503 }), 503],
  ])('%s is retried later and holds back the items after it', async (_name, answer, status) => {
    const a = await enqueueOutbox(comment('pertama'))
    const b = await enqueueOutbox(comment('kedua'))
    let first = true
    const server = fakeServer((s) => {
      if (first && s.key === a.key) {
        first = false
        return typeof answer === 'string' ? answer : answer()
      }
      return undefined
    })
    const summary = await replayOutbox(deps(server.fetch))
    expect(summary.stopped).toBe(status === 0 ? 'offline' : 'server')
    expect(summary.waiting).toBe(2)
    expect(server.sent.map((s) => s.key)).toEqual([a.key])
    const [wa, wb] = await listOutbox()
    expect(wa).toMatchObject({ status: 'waiting', attempts: 1, nextAttemptAt: clock + BACKOFF_BASE_MS })
    expect(wa.lastError?.status).toBe(status)
    expect(wa.lastError?.message).toBeTruthy()
    expect(wb).toMatchObject({ status: 'waiting', attempts: 0 })

    // Before the deadline an automatic run leaves them alone; after it both go, in order.
    expect((await replayOutbox(deps(server.fetch))).sent).toBe(0)
    clock += BACKOFF_BASE_MS
    expect((await replayOutbox(deps(server.fetch))).sent).toBe(2)
    expect(server.sent.map((s) => s.key)).toEqual([a.key, a.key, b.key])
    expect(server.created).toEqual([a.key, b.key])
  })

  it('backs off exponentially, honours Retry-After and never waits beyond the cap', async () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 1))).toEqual([2000, 4000, 8000, 16000])
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_MAX_MS)
    expect(backoffDelay(3, () => 0)).toBe(4000) // jitter: half to all of the step
    expect(backoffDelay(1, () => 1, 45_000)).toBe(45_000)

    const a = await enqueueOutbox(comment('sibuk'))
    const server = fakeServer(() => json(503, 'Sibuk', { 'Retry-After': '30' }))
    for (let i = 1; i <= 3; i++) {
      await replayOutbox(deps(server.fetch), { force: true })
      const [item] = await listOutbox()
      expect(item.attempts).toBe(i)
      expect(item.nextAttemptAt - clock).toBe(Math.max(30_000, BACKOFF_BASE_MS * 2 ** (i - 1)))
    }
    expect(server.sent.every((s) => s.key === a.key)).toBe(true)
  })

  it("'Kirim sekarang' (force) ignores the backoff", async () => {
    await enqueueOutbox(comment('x'))
    await replayOutbox(deps(fakeServer(() => 'network-error').fetch))
    const server = fakeServer()
    expect((await replayOutbox(deps(server.fetch))).sent).toBe(0)
    expect((await replayOutbox(deps(server.fetch), { force: true })).sent).toBe(1)
  })

  it('a request that never answers times out and counts as a network failure', async () => {
    await enqueueOutbox(comment('lambat'))
    const server = fakeServer(() => 'hang')
    const summary = await replayOutbox(deps(server.fetch, { timeoutMs: () => 20 }))
    expect(summary.stopped).toBe('offline')
    expect((await listOutbox())[0]).toMatchObject({ status: 'waiting', attempts: 1 })
  })

  it('401 keeps everything waiting and asks for a new login; the next login sends them', async () => {
    await enqueueOutbox(comment('a'))
    await enqueueOutbox(comment('b'))
    const summary = await replayOutbox(deps(fakeServer(() => json(401, 'Sesi berakhir')).fetch))
    expect(summary).toMatchObject({ stopped: 'auth', waiting: 2, failed: 0 })
    expect(await isOutboxAuthRequired()).toBe(true)
    expect((await listOutbox()).every((i) => i.status === 'waiting' && i.attempts === 0)).toBe(true)

    await setOutboxOwner(OWNER)
    expect(await isOutboxAuthRequired()).toBe(false)
    expect((await replayOutbox(deps(fakeServer().fetch))).sent).toBe(2)
  })

  it("only the owner's session sends an item; without a token nothing is sent", async () => {
    await enqueueOutbox(comment('milik Sari'))
    await setOutboxOwner({ id: 99, name: 'Orang lain' })
    const server = fakeServer()
    expect((await replayOutbox(deps(server.fetch))).sent).toBe(0)
    await setOutboxOwner(OWNER)
    expect((await replayOutbox(deps(server.fetch, { getToken: async () => null }))).stopped).toBe(
      'no-session',
    )
    expect(server.sent).toHaveLength(0)
  })

  it('a comment on a photo queued offline waits for it and is sent to the uuid the server gave it', async () => {
    const up = await enqueueOutbox(
      comment('upload', {
        kind: 'doc.upload',
        refPath: ['docs', 0, 'uuid'],
        request: { method: 'POST', url: '/api/doc/proj/upload', headers: {}, body: 'x' },
      }),
    )
    await enqueueOutbox(
      comment('di foto baru', {
        dependsOn: up.key,
        request: { method: 'POST', url: '/api/doc/proj/comment/{ref}/submit', headers: {}, body: '{}' },
      }),
    )
    // The upload fails for the network: the comment is not sent ahead of it.
    const offline = fakeServer(() => 'network-error')
    await replayOutbox(deps(offline.fetch))
    expect(offline.sent).toHaveLength(1)

    const server = fakeServer()
    await replayOutbox(deps(server.fetch), { force: true })
    expect(server.sent.map((s) => s.url)).toEqual([
      '/api/doc/proj/upload',
      `/api/doc/proj/comment/doc-${up.key}/submit`,
    ])
  })
})

describe('one replay at a time', () => {
  function memoryLocks(): LockManager {
    const held = new Set<string>()
    const queue = new Map<string, Array<() => void>>()
    const request = async (name: string, opts: LockOptions, cb: LockGrantedCallback<unknown>) => {
      if (held.has(name)) {
        if (opts.ifAvailable) return cb(null)
        await new Promise<void>((resolve) => queue.set(name, [...(queue.get(name) ?? []), resolve]))
      }
      held.add(name)
      try {
        return await cb({ name, mode: 'exclusive' } as Lock)
      } finally {
        held.delete(name)
        const next = queue.get(name)?.shift()
        next?.()
      }
    }
    return { request, query: async () => ({}) } as unknown as LockManager
  }

  for (const [name, locks] of [
    ['Web Locks', memoryLocks],
    ['the IndexedDB lease (no Web Locks)', () => null],
  ] as const) {
    it(`with ${name}, concurrent replays (tabs, the service worker) send each item once`, async () => {
      for (let i = 0; i < 5; i++) await enqueueOutbox(comment(`item ${i}`))
      const server = fakeServer()
      const slow: typeof fetch = async (input, init) => {
        await new Promise((r) => setTimeout(r, 5))
        return server.fetch(input, init)
      }
      const shared = locks()
      const sent: string[] = []
      const counting: typeof fetch = async (input, init) => {
        sent.push(new Headers(init?.headers).get('Idempotency-Key') ?? '')
        return slow(input, init)
      }
      const runs = await Promise.all([
        replayOutbox(deps(counting, { locks: shared })),
        replayOutbox(deps(counting, { locks: shared })),
        replayOutbox(deps(counting, { locks: shared }), { wait: true }),
      ])
      expect(new Set(sent).size).toBe(5)
      expect(sent).toHaveLength(5)
      // The first holds the lock; the second finds it taken and leaves at once; the third waits for it.
      expect(runs.map((r) => [r.ran, r.sent])).toEqual([
        [true, 5],
        [false, 0],
        [true, 0],
      ])
      expect(server.created).toHaveLength(5)
    })
  }

  it('a lease left by a replay that died expires', async () => {
    await enqueueOutbox(comment('x'))
    // Take the lease with a replay that never finishes its request...
    const stuck = replayOutbox(deps(fakeServer(() => 'hang').fetch, { timeoutMs: () => 60_000 }))
    await new Promise((r) => setTimeout(r, 20))
    const server = fakeServer()
    expect((await replayOutbox(deps(server.fetch))).ran).toBe(false)
    // ...a minute later (its holder presumed dead) another context may replay.
    clock += 61_000
    const later = await replayOutbox(deps(server.fetch))
    expect(later.ran).toBe(true)
    void stuck
  })
})

describe('nothing lost across a restart', () => {
  it('items queued before a restart are sent after it; one cut off mid-send goes again with its key and lands once', async () => {
    const a = await enqueueOutbox(comment('terputus'))
    const b = await enqueueOutbox(comment('sesudahnya'))

    // The server commits a, but the connection drops before the answer arrives; the app is closed.
    const server = fakeServer()
    const cut: typeof fetch = async (input, init) => {
      await server.fetch(input, init)
      throw new TypeError('network connection was lost')
    }
    await replayOutbox(deps(cut))
    expect(server.created).toEqual([a.key])

    // Restart: a new connection to the same database, module state gone.
    await closeOutboxDb()
    const items = await listOutbox()
    expect(items.map((i) => [i.key, i.status])).toEqual([
      [a.key, 'waiting'],
      [b.key, 'waiting'],
    ])

    clock += BACKOFF_MAX_MS
    const summary = await replayOutbox(deps(server.fetch))
    expect(summary.sent).toBe(2)
    expect(server.created).toEqual([a.key, b.key])
    const after = await listOutbox()
    expect(after[0]).toMatchObject({ status: 'done', replayed: true })
    expect(after[1]).toMatchObject({ status: 'done', replayed: false })
  })

  it("an item left 'sending' by a worker that was stopped is sent again by the next replay", async () => {
    const a = await enqueueOutbox(comment('setengah jalan'))
    const server = fakeServer()
    const stuck = replayOutbox(
      deps(fakeServer(() => 'hang').fetch, { locks: null, timeoutMs: () => 3_600_000 }),
    )
    await new Promise((r) => setTimeout(r, 20))
    expect((await listOutbox())[0].status).toBe('sending')
    // The worker is gone; its lease runs out.
    await closeOutboxDb()
    clock += 61_000
    expect((await replayOutbox(deps(server.fetch))).sent).toBe(1)
    expect(server.created).toEqual([a.key])
    void stuck
  })
})
