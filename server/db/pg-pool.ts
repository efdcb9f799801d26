import type { PoolConfig } from 'pg'

/**
 * How the PostgreSQL pool of one process is set up (issue 31, decision 0076), from the environment:
 *
 * - PG_POOL_MAX (default 10): connections this process holds. Each is a server process on the database
 *   machine; on a small machine more connections only add context switches, fewer make requests queue.
 * - PG_SYNCHRONOUS_COMMIT (default `on`): PostgreSQL's own setting for this pool's sessions. `off`
 *   answers a commit before its WAL reaches the disk (the database stays consistent; a crash of the
 *   database machine may lose the last fraction of a second of commits), the durability SQLite gives
 *   here (WAL with synchronous=NORMAL). Left `on` unless the operator chooses.
 *
 * Idle connections are kept for a minute instead of pg's 10 s: under a steady load with pauses, a
 * closed connection is a new server process forked on the next burst.
 */
export type PgPoolSettings = { max: number; synchronousCommit: 'on' | 'off' | 'local' }

export function pgPoolSettings(env: Record<string, string | undefined> = process.env): PgPoolSettings {
  const rawMax = env.PG_POOL_MAX?.trim()
  const max = rawMax ? Number(rawMax) : 10
  if (!Number.isInteger(max) || max < 1 || max > 1000)
    throw new Error(`PG_POOL_MAX tidak valid: "${rawMax}" (bilangan bulat 1-1000)`)
  const rawSync = env.PG_SYNCHRONOUS_COMMIT?.trim().toLowerCase() || 'on'
  if (rawSync !== 'on' && rawSync !== 'off' && rawSync !== 'local')
    throw new Error(`PG_SYNCHRONOUS_COMMIT tidak valid: "${rawSync}" (on, off atau local)`)
  return { max, synchronousCommit: rawSync }
}

/** The pg.Pool options for `settings`, a schema to pin (tests, the benchmark) and the connection string. */
export function pgPoolConfig(
  connectionString: string,
  settings: PgPoolSettings,
  pgSchema: string | undefined,
): PoolConfig {
  const options = [
    // Tests run each suite in its own schema so they never see each other's rows.
    ...(pgSchema ? [`-c search_path=${pgSchema}`] : []),
    ...(settings.synchronousCommit !== 'on' ? [`-c synchronous_commit=${settings.synchronousCommit}`] : []),
  ]
  return {
    connectionString,
    max: settings.max,
    idleTimeoutMillis: 60_000,
    ...(options.length > 0 ? { options: options.join(' ') } : {}),
  }
}
