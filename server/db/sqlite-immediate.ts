import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely'

/**
 * Kysely begins SQLite transactions with a plain (deferred) BEGIN. With several processes on one file
 * (WORKERS, or servers side by side) a deferred transaction that reads and then writes cannot wait
 * for the writer ahead of it: SQLite answers SQLITE_BUSY at once, whatever busy_timeout says, because
 * waiting could deadlock. Measured: 300 read-then-write transactions in each of two processes, 23 and
 * 39 failed with "database is locked". BEGIN IMMEDIATE takes the write lock first, and that wait
 * honours busy_timeout, so writes queue instead of failing (0 failures in the same run).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
}
