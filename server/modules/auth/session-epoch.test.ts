import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseWriteEpoch } from '../../read-cache'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { userAndWriteEpochForToken } from './sessions.service'

/*
 * Issue 31: on PostgreSQL a signed-in read reads the write epoch in the session's own statement
 * (require-auth.ts), so a cached answer costs one round trip. What must hold: the epoch read along is
 * the one read-cache.ts reads, the session is still asked of the database (a logout ends it at once,
 * cached answer or not), and a write is seen by the next read.
 */
describe('the session lookup reads the write epoch along', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it.runIf(TEST_DB === 'postgres')(
    'reads the same epoch as the read cache, and follows each write',
    async () => {
      const admin = await t.user('admin')
      const epoch = databaseWriteEpoch(t.db, 'postgres')
      const first = await userAndWriteEpochForToken(t.db, admin.token)
      expect(first?.user.id).toBe(admin.id)
      expect(first?.user).not.toHaveProperty('write_epoch_read_along')
      expect(first?.writeEpoch).toBe(await epoch.read())
      await epoch.bump()
      const second = await userAndWriteEpochForToken(t.db, admin.token)
      expect(second?.writeEpoch).toBe(await epoch.read())
      expect(second?.writeEpoch).not.toBe(first?.writeEpoch)
      expect(await userAndWriteEpochForToken(t.db, 'x'.repeat(43))).toBeUndefined()
    },
  )

  it('a cached list follows a write at once, and a logout ends the session though the answer is cached', async () => {
    const admin = await t.user('admin')
    const list = () => t.request('GET', '/api/project/list', { token: admin.token })
    const before = await list()
    expect(before.status).toBe(200)
    expect((await list()).json.data).toEqual(before.json.data)
    const created = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Jembatan Desa', description: 'Pembangunan jembatan desa' },
    })
    expect(created.status).toBe(201)
    const after = await list()
    expect(after.json.data).toHaveLength(before.json.data.length + 1)

    expect((await t.request('POST', '/api/auth/logout', { token: admin.token })).status).toBe(200)
    expect((await list()).status).toBe(401)
    expect((await t.request('GET', '/api/dashboard/analysis', { token: admin.token })).status).toBe(401)
  })
})
