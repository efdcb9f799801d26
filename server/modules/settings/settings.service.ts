import type { Kysely } from 'kysely'
import type { FirmSettings, FirmSettingsValues } from '../../../src/contracts/settings'
import { type Actor, access } from '../../access'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'
import { deleteBlobsQuietly } from '../../uploads/commit'
import { FIRM_ROW, logoUrl, readFirmSettings, type StoredFirmSettings } from './firm-settings'

/*
 * 'Pengaturan Firma' (issue 30): admins (and the superadmin, who sets the office up) keep the firm's
 * name, address, phone, logo and the signature block its reports print; everyone signed in reads them.
 * The row is written with an upsert, so two admins saving at once leave one row, the later one's.
 * The project history ('Riwayat') is per project and this belongs to none: the row keeps who saved
 * last and when instead.
 */

type SettingsDeps = Pick<Deps, 'db' | 'config' | 'store' | 'logger'>

export function toView(s: StoredFirmSettings): FirmSettings {
  return {
    name: s.name,
    address: s.address,
    phone: s.phone,
    signatories: s.signatories,
    logo_url: logoUrl(s.logoKey),
    updated_at: s.updatedAt,
    diary_reminder_hour: s.diaryReminderHour,
  }
}

export async function getFirmSettings(deps: SettingsDeps, _user: Actor): Promise<FirmSettings> {
  // 'signed-in' (the endpoint's declaration): any active account, which requireAuth already made sure of.
  return toView(await readFirmSettings(deps))
}

export async function saveFirmSettings(
  deps: SettingsDeps,
  user: Actor,
  read: () => Promise<FirmSettingsValues>,
): Promise<FirmSettings> {
  await access.require(deps, user, 'settings.write')
  const input = await read()
  const fields = {
    name: input.name,
    address: input.address,
    phone: input.phone,
    signatories: JSON.stringify(input.signatories),
    updated_by: user.id,
    updated_at: nowIso(),
    // Absent from the body: kept as stored (a new row takes the column's default, 16).
    ...(input.diary_reminder_hour === undefined ? {} : { diary_reminder_hour: input.diary_reminder_hour }),
  }
  await deps.db
    .insertInto('firm_settings')
    .values({ id: FIRM_ROW, ...fields })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .execute()
  return toView(await readFirmSettings(deps))
}

/**
 * Sets the logo's key (null removes it) in `trx`, creating the row from the defaults when no admin has
 * saved yet; returns the key it replaced, for the caller to delete once this commits.
 */
export async function setLogoKey(
  trx: Kysely<DB>,
  deps: Pick<Deps, 'config'>,
  user: Actor,
  key: string | null,
): Promise<string | null> {
  const before = await trx
    .selectFrom('firm_settings')
    .select('logo_key')
    .where('id', '=', FIRM_ROW)
    .executeTakeFirst()
  const at = nowIso()
  await trx
    .insertInto('firm_settings')
    .values({ id: FIRM_ROW, name: deps.config.firmName, logo_key: key, updated_by: user.id, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ logo_key: key, updated_by: user.id, updated_at: at }))
    .execute()
  return before?.logo_key ?? null
}

export async function removeFirmLogo(deps: SettingsDeps, user: Actor): Promise<FirmSettings> {
  await access.require(deps, user, 'settings.write')
  const previous = await deps.db.transaction().execute((trx) => setLogoKey(trx, deps, user, null))
  if (previous) await deleteBlobsQuietly(deps, [{ key: previous, visibility: 'public' }], 'of a removed logo')
  return toView(await readFirmSettings(deps))
}
