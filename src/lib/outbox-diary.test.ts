import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { closeOutboxDb, OUTBOX_DB } from './outbox-db'
import { OUTBOX_KINDS } from './outbox-kinds'
import { type ReplayDeps, replayOutbox } from './outbox-replay'
import { enqueueOutbox, listOutbox, setOutboxOwner } from './outbox-store'
import type { NewOutboxItem } from './outbox-types'

/*
 * The diary's saves in the outbox engine (issue 34, decision 0090): consecutive saves of one section
 * coalesce while waiting, other sections do not; a 409 carrying both copies of a section is final for that
 * item (it never blocks the items behind it) and the item keeps the copies; a plain 409 is still retried.
 */

const OWNER = { id: 7, name: 'Sari Pengawas' }
const clock = 1_700_000_000_000

function save(section: string, value: unknown, key: string): NewOutboxItem {
  const scope = { slug: 'jembatan', day: '2026-12-04', section, value: JSON.stringify(value) }
  return {
    key,
    kind: 'diary.save',
    version: OUTBOX_KINDS['diary.save'].version,
    title: `Laporan harian · ${section}`,
    owner: OWNER,
    scope,
    coalesce: OUTBOX_KINDS['diary.save'].coalesce?.(scope),
    request: {
      method: 'PUT',
      url: '/api/diary/jembatan/day/2026-12-04',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        base_version: 1,
        base_versions: { [section]: 1 },
        sections: { [section]: value },
      }),
    },
  }
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function deps(fetch: typeof globalThis.fetch): ReplayDeps {
  return { fetch, getToken: async () => 't', now: () => clock, random: () => 1, locks: null }
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
  await deleteDb()
  await setOutboxOwner(OWNER)
})
afterEach(deleteDb)

describe('diary saves in the outbox', () => {
  it('a newer save of the same section replaces the waiting one; another section stays', async () => {
    await enqueueOutbox(save('manpower', [{ trade: 'Mandor', count: 1 }], 'a'))
    await enqueueOutbox(save('weather', { blocks: [], lost_hours: 1 }, 'b'))
    await enqueueOutbox(save('manpower', [{ trade: 'Mandor', count: 2 }], 'c'))
    const items = await listOutbox()
    expect(items.map((i) => i.key)).toEqual(['b', 'c'])
    expect(JSON.parse(items[1].scope.value)).toEqual([{ trade: 'Mandor', count: 2 }])
  })

  it('a clash (409 with both copies) is final, keeps the copies, and the saves behind it still land', async () => {
    await enqueueOutbox(save('manpower', [{ trade: 'Mandor', count: 2 }], 'clash'))
    await enqueueOutbox(save('notes', { problems: 'Hujan' }, 'after'))
    const clash = {
      section: 'manpower',
      theirs: [{ trade: 'Mandor', count: 2 }],
      stored: [{ trade: 'Mandor', count: 5 }],
      stored_version: 4,
      updated_by: 'Budi',
      updated_at: '2026-12-04T03:12:00Z',
    }
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { sections: Record<string, unknown> }
      if ('manpower' in body.sections)
        return answer(409, {
          success: false,
          message: 'Bagian yang sama sudah diubah orang lain.',
          clashes: [clash],
          day: { version: 4 },
        })
      return answer(200, { success: true, message: 'ok', data: { day: '2026-12-04', version: 5 } })
    }
    const summary = await replayOutbox(deps(fetch))
    expect(summary).toMatchObject({ sent: 1, failed: 1, waiting: 0 })
    const [refused, landed] = await listOutbox()
    expect(refused).toMatchObject({ key: 'clash', status: 'failed', lastError: { status: 409 } })
    expect(refused.result).toEqual({ clashes: [clash], day: { version: 4 } })
    expect(landed).toMatchObject({ key: 'after', status: 'done' })
  })

  it('a 409 without copies (the key still being worked on) waits and is tried again', async () => {
    await enqueueOutbox(save('notes', { visitors: 'PPK' }, 'busy'))
    const summary = await replayOutbox(
      deps(async () => answer(409, { success: false, message: 'Sedang diproses' })),
    )
    expect(summary.stopped).toBe('server')
    const [item] = await listOutbox()
    expect(item).toMatchObject({ status: 'waiting', lastError: { status: 409 } })
    expect(item.result).toBeUndefined()
  })
})
