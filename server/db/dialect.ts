import type { Kysely } from 'kysely'
import type { DB } from './schema'

/** Which database a process runs on. */
export type Dialect = 'sqlite' | 'postgres'

/** An open database (server/db/index.ts opens one). */
export type Database = { db: Kysely<DB>; dialect: Dialect; close: () => Promise<void>; pgSchema?: string }
