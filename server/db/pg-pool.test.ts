import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { TEST_DB } from '../test/harness'
import { openDatabase } from './index'
import { pgPoolConfig, pgPoolSettings } from './pg-pool'

const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

describe('PostgreSQL pool settings (PG_POOL_MAX, PG_SYNCHRONOUS_COMMIT)', () => {
  it('defaults to 10 connections and synchronous commits', () => {
    expect(pgPoolSettings({})).toEqual({ max: 10, synchronousCommit: 'on' })
    expect(pgPoolSettings({ PG_POOL_MAX: ' 4 ', PG_SYNCHRONOUS_COMMIT: 'OFF' })).toEqual({
      max: 4,
      synchronousCommit: 'off',
    })
  })

  it('refuses what is not a setting, in Indonesian', () => {
    for (const bad of ['0', '-1', '2.5', 'banyak', '1001'])
      expect(() => pgPoolSettings({ PG_POOL_MAX: bad })).toThrow(/PG_POOL_MAX tidak valid/)
    expect(() => pgPoolSettings({ PG_SYNCHRONOUS_COMMIT: 'kadang' })).toThrow(
      /PG_SYNCHRONOUS_COMMIT tidak valid/,
    )
  })

  it('passes the schema and a relaxed commit to each session, and nothing when on', () => {
    const relaxed = pgPoolConfig('postgres://x/y', { max: 3, synchronousCommit: 'off' }, 's1')
    expect(relaxed).toMatchObject({ max: 3, options: '-c search_path=s1 -c synchronous_commit=off' })
    expect(
      pgPoolConfig('postgres://x/y', { max: 10, synchronousCommit: 'on' }, undefined),
    ).not.toHaveProperty('options')
  })

  it.runIf(TEST_DB === 'postgres')(
    'a pool opened with PG_SYNCHRONOUS_COMMIT=off runs its sessions so',
    async () => {
      const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`
      const admin = new pg.Client({ connectionString: PG_URL })
      await admin.connect()
      await admin.query(`CREATE SCHEMA ${schema}`)
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-pgpool-'))
      const saved = process.env.PG_SYNCHRONOUS_COMMIT
      process.env.PG_SYNCHRONOUS_COMMIT = 'off'
      const database = openDatabase({ databaseUrl: PG_URL, dataDir, pgSchema: schema })
      if (saved === undefined) delete process.env.PG_SYNCHRONOUS_COMMIT
      else process.env.PG_SYNCHRONOUS_COMMIT = saved
      try {
        const { rows } = await sql<{
          sc: string
          sp: string
        }>`select current_setting('synchronous_commit') as sc, current_setting('search_path') as sp`.execute(
          database.db,
        )
        expect(rows[0]).toEqual({ sc: 'off', sp: schema })
      } finally {
        await database.close()
        await admin.query(`DROP SCHEMA ${schema} CASCADE`)
        await admin.end()
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  )
})
