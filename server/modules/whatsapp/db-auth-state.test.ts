import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { clearBaileysAuth, loadDatabaseAuthState } from './db-auth-state'

/**
 * The baileys session kept in the database (issue 11: a restart must not ask for a new scan): what
 * baileys writes comes back equal, Buffers included, after a "restart" (a fresh load).
 */
let t: TestApp
let baileys: typeof import('baileys')

beforeAll(async () => {
  t = await createTestApp()
  baileys = await import('baileys')
}, 60_000)
afterAll(() => t.close())

describe(`baileys session in the database (${TEST_DB})`, () => {
  it('new credentials are made once, saved, and the same ones load after a restart', async () => {
    const first = await loadDatabaseAuthState(t.db, baileys)
    expect(Buffer.isBuffer(first.state.creds.noiseKey.private)).toBe(true)
    first.state.creds.me = { id: '6281234567890:1@s.whatsapp.net', name: 'Bot Berkas' }
    await first.saveCreds()

    const again = await loadDatabaseAuthState(t.db, baileys)
    expect(again.state.creds.me?.id).toBe('6281234567890:1@s.whatsapp.net')
    expect(Buffer.compare(again.state.creds.noiseKey.private, first.state.creds.noiseKey.private)).toBe(0)
    expect(again.state.creds.registrationId).toBe(first.state.creds.registrationId)
  })

  it('signal keys are set, read back (Buffers and app-state keys as baileys expects) and deleted', async () => {
    const { state } = await loadDatabaseAuthState(t.db, baileys)
    const preKey = { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) }
    await state.keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      'app-state-sync-key': { AAAA: { keyData: Buffer.from([9, 9]), timestamp: 1 } as never },
    })
    const restarted = (await loadDatabaseAuthState(t.db, baileys)).state
    const got = await restarted.keys.get('pre-key', ['1', '2', '3'])
    expect(Object.keys(got).sort()).toEqual(['1', '2'])
    expect(Buffer.compare(got['1']?.private as Buffer, preKey.private)).toBe(0)
    const sync = await restarted.keys.get('app-state-sync-key', ['AAAA'])
    expect(sync.AAAA).toBeInstanceOf(baileys.proto.Message.AppStateSyncKeyData)

    await restarted.keys.set({ 'pre-key': { '1': null } })
    expect(Object.keys(await restarted.keys.get('pre-key', ['1', '2']))).toEqual(['2'])
  })

  it('a logout forgets the whole session (and only the baileys rows)', async () => {
    await t.db.insertInto('whatsapp_auth').values({ key: 'sim:creds', value: '{}' }).execute()
    await clearBaileysAuth(t.db)
    const left = await t.db.selectFrom('whatsapp_auth').select('key').execute()
    expect(left.map((r) => r.key)).toEqual(['sim:creds'])
    const fresh = await loadDatabaseAuthState(t.db, baileys)
    expect(fresh.state.creds.me).toBeUndefined()
  })
})
