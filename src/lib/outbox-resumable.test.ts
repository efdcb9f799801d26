import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeOutboxDb, OUTBOX_DB } from './outbox-db'
import { replayOutbox } from './outbox-replay'
import { enqueueOutbox, listOutbox, setOutboxOwner } from './outbox-store'

/*
 * A big file in the outbox (decision 0080) against a fake server that keeps what the real one keeps: the
 * offset it holds per upload, 409 with Upload-Offset for a part anywhere else, one stored answer per
 * Idempotency-Key. The replay is cut by the network mid-file and run again (as after the app closed).
 */

const OWNER = { id: 7, name: 'Sari Pengawas' }
const URL_BASE = '/api/file/gedung/resumable/pengawasan'

function fakeServer(size: number) {
  const uploads = new Map<string, number>()
  const answers = new Map<string, Response>()
  const partOffsets: number[] = []
  let completed = 0
  let cutAt: number | undefined
  let loseAt: number | undefined
  const ok = (data: unknown, status = 200) =>
    new Response(JSON.stringify({ success: true, message: 'ok', data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  const state = (id: string) => ({ id, offset: uploads.get(id) ?? 0, size })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    const key = new Headers(init?.headers).get('Idempotency-Key') ?? ''
    const method = init?.method ?? 'GET'
    if (method === 'POST' && url === URL_BASE) {
      const stored = answers.get(key)
      if (stored) return stored.clone()
      const id = `up-${uploads.size + 1}`
      uploads.set(id, 0)
      const res = ok(state(id), 201)
      answers.set(key, res.clone())
      return res
    }
    const part = /\/(up-\d+)\/part\?offset=(\d+)$/.exec(url)
    if (part) {
      const [, id, raw] = part as unknown as [string, string, string]
      const offset = Number(raw)
      partOffsets.push(offset)
      if (cutAt !== undefined && offset >= cutAt) {
        cutAt = undefined
        throw new TypeError('Failed to fetch')
      }
      const held = uploads.get(id) ?? 0
      if (offset !== held)
        return new Response(JSON.stringify({ success: false, message: 'posisi' }), {
          status: 409,
          headers: { 'Upload-Offset': String(held) },
        })
      const blob = (init?.body as FormData | undefined)?.get('part') as Blob
      uploads.set(id, held + blob.size)
      if (loseAt === offset) {
        loseAt = undefined
        throw new TypeError('Failed to fetch')
      }
      return ok(state(id))
    }
    const get = /\/(up-\d+)$/.exec(url)
    if (get && method === 'GET') return ok(state(get[1] as string))
    if (/\/complete$/.test(url)) {
      const stored = answers.get(key)
      if (stored) return stored.clone()
      completed += 1
      const res = ok({ results: [{ uuid: 'file-1' }], errors: [] }, 201)
      answers.set(key, res.clone())
      return res
    }
    return new Response('{}', { status: 404 })
  }
  return {
    fetch,
    partOffsets,
    get completed() {
      return completed
    },
    cutOnce(offset: number) {
      cutAt = offset
    },
    /** The part at `offset` lands, but its answer never comes back. */
    loseAnswerOnce(offset: number) {
      loseAt = offset
    },
  }
}

async function deleteDb() {
  await closeOutboxDb()
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB)
    req.onsuccess = req.onerror = req.onblocked = () => resolve()
  })
}

let clock = 1_700_000_000_000
beforeEach(async () => {
  clock = 1_700_000_000_000
  await deleteDb()
  await setOutboxOwner(OWNER)
})
afterEach(deleteDb)

describe('a big file in the outbox', () => {
  it('goes in parts, keeps the confirmed bytes when the network cuts, goes on from there and completes once', async () => {
    const size = 10 * 1024
    const server = fakeServer(size)
    const file = new File([new Uint8Array(size).fill(7)], 'Denah.dwg')
    await enqueueOutbox({
      key: 'item-key-0001',
      kind: 'file.upload',
      title: 'Denah.dwg',
      owner: OWNER,
      request: {
        method: 'POST',
        url: URL_BASE,
        headers: {},
        body: { resumable: { json: JSON.stringify({ name: 'Denah.dwg', size }), file, partBytes: 2048 } },
      },
    })
    const deps = { fetch: server.fetch, getToken: async () => 'token', now: () => clock, locks: null }

    server.cutOnce(4096)
    const first = await replayOutbox(deps)
    expect(first.stopped).toBe('offline')
    let [item] = await listOutbox()
    expect(item?.status).toBe('waiting')
    expect(item?.progress).toEqual({ sent: 4096, total: size })
    expect(item?.upload).toBe('up-1')

    // Later (the app opened again): the same upload goes on at the server's offset, not from 0.
    clock += 60 * 60 * 1000
    const second = await replayOutbox(deps)
    expect(second.sent).toBe(1)
    ;[item] = await listOutbox()
    expect(item?.status).toBe('done')
    expect(item?.progress).toEqual({ sent: size, total: size })
    expect(server.partOffsets).toEqual([0, 2048, 4096, 4096, 6144, 8192])
    expect(server.completed).toBe(1)
  })

  it('a part whose answer was lost is not sent twice: the 409 tells where the server stands', async () => {
    const size = 6 * 1024
    const server = fakeServer(size)
    const file = new File([new Uint8Array(size)], 'Potongan.dwg')
    await enqueueOutbox({
      key: 'item-key-0002',
      kind: 'file.upload',
      title: 'Potongan.dwg',
      owner: OWNER,
      request: {
        method: 'POST',
        url: URL_BASE,
        headers: {},
        body: { resumable: { json: JSON.stringify({ name: 'Potongan.dwg', size }), file, partBytes: 2048 } },
      },
    })
    const deps = { fetch: server.fetch, getToken: async () => 't', now: () => clock, locks: null }
    server.loseAnswerOnce(2048)
    expect((await replayOutbox(deps)).stopped).toBe('offline')
    const [cut] = await listOutbox()
    // The server has 4096; the phone knows of 2048 only.
    expect(cut?.progress).toEqual({ sent: 2048, total: size })
    clock += 60_000
    expect((await replayOutbox(deps)).sent).toBe(1)
    // It asked where the server stood and went on at 4096: the part at 2048 went once.
    expect(server.partOffsets).toEqual([0, 2048, 4096])
    expect(server.completed).toBe(1)
  })
})
