import { sql } from 'kysely'
import type { Database } from './dialect'

/**
 * A server must never run on a database a newer build has migrated: its queries would miss columns the
 * newer code relies on, or break rows it writes. Thrown (and printed by index.ts) before anything is
 * served, so a rolled-back deploy stops with a message instead of corrupting data.
 */
export class SchemaTooNew extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `Database ini sudah dimigrasikan oleh versi Berkas yang lebih baru (migrasi tidak dikenal: ${unknown.join(', ')}). ` +
        'Server ini menolak berjalan agar data tidak rusak: jalankan versi Berkas yang sama atau lebih baru.',
    )
    this.name = 'SchemaTooNew'
  }
}

/** A worker found migrations it knows but the database lacks: `npm run migrate` has not run. */
export class SchemaBehind extends Error {
  constructor(readonly missing: string[]) {
    super(
      `Database belum dimigrasikan (belum dijalankan: ${missing.join(', ')}). Jalankan \`npm run migrate\` lebih dulu.`,
    )
    this.name = 'SchemaBehind'
  }
}

/** The migrations recorded in the database ([] for a fresh one). */
export async function appliedMigrations(database: Database): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      database.db,
    )
    return rows.map((r) => r.name)
  } catch (err) {
    // No bookkeeping table yet: a database nothing has migrated.
    if (/no such table|does not exist/i.test(String((err as Error)?.message))) return []
    throw err
  }
}

/** Throws SchemaTooNew when the database holds a migration `known` does not list. */
export async function refuseNewerSchema(database: Database, known: readonly string[]): Promise<void> {
  const unknown = (await appliedMigrations(database)).filter((name) => !known.includes(name))
  if (unknown.length) throw new SchemaTooNew(unknown)
}

/** For processes that must not migrate themselves: the schema is exactly what `known` describes. */
export async function requireCurrentSchema(database: Database, known: readonly string[]): Promise<void> {
  const applied = await appliedMigrations(database)
  const unknown = applied.filter((name) => !known.includes(name))
  if (unknown.length) throw new SchemaTooNew(unknown)
  const missing = known.filter((name) => !applied.includes(name))
  if (missing.length) throw new SchemaBehind(missing)
}
