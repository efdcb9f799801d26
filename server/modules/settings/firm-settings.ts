import type { Kysely } from 'kysely'
import { pathTo } from '../../../src/contracts/endpoint'
import { storageBlob } from '../../../src/contracts/public-paths'
import { DIARY_REMINDER_DEFAULT_HOUR, type Signatory } from '../../../src/contracts/settings'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'

/*
 * The firm's settings as the rest of the server reads them (reports, share pages): the saved row, or
 * FIRM_NAME and nothing else while no admin has saved any. Read from the database on every use, never
 * kept in a process: every server process prints what an admin saved a moment ago.
 */

export type StoredFirmSettings = {
  name: string
  address: string
  phone: string
  signatories: Signatory[]
  /** A public blob key, or null. */
  logoKey: string | null
  updatedAt: string | null
  /** The diary reminder's hour (0-23, firm time), null: off. */
  diaryReminderHour: number | null
}

/** The one row's id: the database is the firm's. */
export const FIRM_ROW = 1

export async function readFirmSettings(deps: { db: Kysely<DB>; config: Pick<Deps['config'], 'firmName'> }) {
  const row = await deps.db
    .selectFrom('firm_settings')
    .selectAll()
    .where('id', '=', FIRM_ROW)
    .executeTakeFirst()
  if (!row)
    return {
      name: deps.config.firmName,
      address: '',
      phone: '',
      signatories: [],
      logoKey: null,
      updatedAt: null,
      diaryReminderHour: DIARY_REMINDER_DEFAULT_HOUR,
    } satisfies StoredFirmSettings
  return {
    name: row.name,
    address: row.address,
    phone: row.phone,
    signatories: parseSignatories(row.signatories),
    logoKey: row.logo_key,
    updatedAt: row.updated_at,
    diaryReminderHour: row.diary_reminder_hour,
  } satisfies StoredFirmSettings
}

/** The stored JSON, trusting only well-formed entries (it was validated when saved). */
function parseSignatories(json: string): Signatory[] {
  try {
    const list: unknown = JSON.parse(json)
    if (!Array.isArray(list)) return []
    return list.filter(
      (s): s is Signatory =>
        typeof s === 'object' &&
        s !== null &&
        typeof s.label === 'string' &&
        typeof s.name === 'string' &&
        typeof s.title === 'string',
    )
  } catch {
    return []
  }
}

/** The address the app shows a public blob at (served by storage/public-blobs.ts). */
export const logoUrl = (key: string | null) => (key ? pathTo(storageBlob, { key }) : null)
