import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { describe, expect, it } from 'vitest'

/*
 * `npm run test:server` runs its PostgreSQL half through scripts/with-postgres.mjs: a fresh laptop with
 * only Node has no PostgreSQL at PG_URL, and the script then starts a real one from npm for the run.
 */

const probe = `
const pg = require('pg')
const c = new pg.Client({ connectionString: process.env.PG_URL })
c.connect()
  .then(() => c.query("select current_setting('server_version_num') as v"))
  .then((r) => { console.log('server ' + r.rows[0].v); return c.end() })
  .catch((e) => { console.error(e.message); process.exit(3) })
`

const leftovers = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('berkas-pg-'))

function withPostgres(pgUrl: string, ...command: string[]) {
  return spawnSync('node', ['scripts/with-postgres.mjs', ...command], {
    env: { ...process.env, PG_URL: pgUrl },
    encoding: 'utf8',
    timeout: 120_000,
  })
}

describe('scripts/with-postgres.mjs', () => {
  it('nothing answers at PG_URL: a real PostgreSQL is started for the command, said in one line, and removed after', () => {
    const before = leftovers()
    const run = withPostgres('postgres://postgres@127.0.0.1:1/test', 'node', '-e', probe)
    expect(run.status, run.stderr).toBe(0)
    const lines = run.stdout.trim().split('\n')
    expect(lines[0]).toMatch(
      /^PostgreSQL: nothing answered at 127\.0\.0\.1:1; this run uses an embedded PostgreSQL on port \d+\.$/,
    )
    expect(lines[1]).toMatch(/^server \d{6}$/)
    expect(leftovers()).toEqual(before)
  }, 120_000)

  it("the command's exit code is the script's", () => {
    const run = withPostgres('postgres://postgres@127.0.0.1:1/test', 'node', '-e', 'process.exit(7)')
    expect(run.status).toBe(7)
  }, 120_000)

  it.runIf(process.env.TEST_DB === 'postgres')('a PostgreSQL that answers at PG_URL is used as it is', () => {
    const url = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const run = withPostgres(url, 'node', '-e', probe)
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).not.toContain('embedded')
    expect(run.stdout).toMatch(/^server \d{6}$/m)
  })
})
