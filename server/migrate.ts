// `npm run migrate`: brings the database (DATABASE_URL, or DATA_DIR's SQLite file) to this build's schema
// once, as a deploy step, before any server starts. Refuses a database a newer build has migrated.
import { readConfig } from './config'
import { knownMigrations, migrate, openDatabase } from './db/index'
import { appliedMigrations } from './db/schema-version'

const config = readConfig()
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgSchema: config.databaseSchema,
})
try {
  const before = await appliedMigrations(database)
  await migrate(database)
  const ran = knownMigrations().filter((name) => !before.includes(name))
  console.log(
    ran.length
      ? `Migrasi selesai (${database.dialect}): ${ran.join(', ')}`
      : `Database sudah mutakhir (${database.dialect}), tidak ada migrasi yang perlu dijalankan.`,
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
} finally {
  await database.close()
}
