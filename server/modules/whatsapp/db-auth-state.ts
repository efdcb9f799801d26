import type { AuthenticationCreds, AuthenticationState, SignalDataTypeMap } from 'baileys'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** What this store needs from the baileys package (passed in, so nothing loads baileys unless it is used). */
export type BaileysAuthKit = {
  initAuthCreds: () => AuthenticationCreds
  BufferJSON: { replacer: (k: string, v: unknown) => unknown; reviver: (k: string, v: unknown) => unknown }
  proto: { Message: { AppStateSyncKeyData: { fromObject: (o: object) => unknown } } }
}

const PREFIX = 'baileys:'

/**
 * The baileys session (credentials and signal keys) in the whatsapp_auth table instead of a folder
 * (baileys' own useMultiFileAuthState): the session survives restarts and redeploys, and whichever
 * process takes the WhatsApp lease over finds it, so no new scan is asked for. Values are JSON with
 * baileys' BufferJSON encoding, exactly as its file store writes them.
 */
export async function loadDatabaseAuthState(db: Kysely<DB>, kit: BaileysAuthKit) {
  const read = async (key: string) => {
    const row = await db
      .selectFrom('whatsapp_auth')
      .select('value')
      .where('key', '=', PREFIX + key)
      .executeTakeFirst()
    return row ? JSON.parse(row.value, kit.BufferJSON.reviver) : null
  }
  const write = async (key: string, value: unknown) => {
    const text = JSON.stringify(value, kit.BufferJSON.replacer)
    await db
      .insertInto('whatsapp_auth')
      .values({ key: PREFIX + key, value: text })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
      .execute()
  }

  const creds: AuthenticationCreds = (await read('creds')) ?? kit.initAuthCreds()
  const state: AuthenticationState = {
    creds,
    keys: {
      get: async (type, ids) => {
        const data: { [id: string]: SignalDataTypeMap[typeof type] } = {}
        if (ids.length === 0) return data
        const rows = await db
          .selectFrom('whatsapp_auth')
          .select(['key', 'value'])
          .where(
            'key',
            'in',
            ids.map((id) => `${PREFIX}${type}-${id}`),
          )
          .execute()
        const byKey = new Map(rows.map((r) => [r.key, r.value]))
        for (const id of ids) {
          const text = byKey.get(`${PREFIX}${type}-${id}`)
          if (text === undefined) continue
          let value = JSON.parse(text, kit.BufferJSON.reviver)
          if (type === 'app-state-sync-key' && value)
            value = kit.proto.Message.AppStateSyncKeyData.fromObject(value)
          data[id] = value
        }
        return data
      },
      set: async (data) => {
        // One transaction: a crash never leaves half of a key update (the session would be unusable).
        await db.transaction().execute(async (trx) => {
          for (const [category, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries ?? {})) {
              const key = `${PREFIX}${category}-${id}`
              if (value) {
                const text = JSON.stringify(value, kit.BufferJSON.replacer)
                await trx
                  .insertInto('whatsapp_auth')
                  .values({ key, value: text })
                  .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
                  .execute()
              } else await trx.deleteFrom('whatsapp_auth').where('key', '=', key).execute()
            }
          }
        })
      },
    },
  }
  return { state, saveCreds: () => write('creds', creds) }
}

/** Forgets the baileys session (after a logout): the next start asks for a new scan. */
export async function clearBaileysAuth(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('whatsapp_auth').where('key', 'like', `${PREFIX}%`).execute()
}
