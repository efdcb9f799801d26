import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { DriverEvents, OutgoingDocument, WhatsAppDriver } from './gateway'

/**
 * The simulated bot (WHATSAPP_DRIVER=simulated, for tests and demos). Its whole state lives in the
 * database like a real session would, so it survives restarts and any process can act on it:
 * - an unpaired bot shows a QR (a real QR image of a random token), until POST /api/whatsapp/simulate-scan
 *   stands in for a phone scanning it;
 * - `sim:offline` set to 1 simulates a dropped connection (tests);
 * - each send is written to whatsapp_sim_sent, the "recipient's phone" (a document with its name and size).
 */
export const SIM_KEYS = { creds: 'sim:creds', qr: 'sim:qr', offline: 'sim:offline' } as const
export const SIM_QR_PREFIX = 'berkas-simulasi:'
export const SIM_ACCOUNT = '6281100000000'

export class SimulatedDriver implements WhatsAppDriver {
  readonly name = 'simulated'
  private paired = false
  private offline = false
  private shownQr: string | null = null
  private wasConnected = false
  private events: DriverEvents | undefined

  constructor(
    private readonly db: Kysely<DB>,
    /** Names the sender in whatsapp_sim_sent (which process sent it). */
    private readonly sender: string,
  ) {}

  get connected(): boolean {
    return this.paired && !this.offline
  }

  async start(events: DriverEvents): Promise<void> {
    this.events = events
    this.shownQr = null
    this.wasConnected = false
    await this.poll()
  }

  async poll(): Promise<void> {
    const rows = await this.db
      .selectFrom('whatsapp_auth')
      .select(['key', 'value'])
      .where('key', 'in', Object.values(SIM_KEYS))
      .execute()
    const value = (key: string) => rows.find((r) => r.key === key)?.value
    this.paired = value(SIM_KEYS.creds) !== undefined
    this.offline = value(SIM_KEYS.offline) === '1'
    if (!this.paired) {
      let qr = value(SIM_KEYS.qr)
      if (!qr) {
        qr = `${SIM_QR_PREFIX}${randomUUID()}`
        await this.db
          .insertInto('whatsapp_auth')
          .values({ key: SIM_KEYS.qr, value: qr })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: qr as string }))
          .execute()
      }
      if (qr !== this.shownQr) {
        this.shownQr = qr
        this.events?.onQr(qr)
      }
    }
    if (this.connected !== this.wasConnected) {
      this.wasConnected = this.connected
      if (this.connected) {
        this.shownQr = null
        const creds = JSON.parse(value(SIM_KEYS.creds) ?? '{}') as { account?: string }
        this.events?.onConnected(creds.account ?? SIM_ACCOUNT)
      } else this.events?.onDisconnected(false)
    }
  }

  async send(jid: string, text: string, messageId: string): Promise<void> {
    if (!this.connected) throw new Error('Bot WhatsApp tidak terhubung')
    await this.db
      .insertInto('whatsapp_sim_sent')
      .values({ message_id: messageId, jid, text, sender: this.sender, sent_at: new Date().toISOString() })
      .execute()
  }

  async sendDocument(jid: string, doc: OutgoingDocument, messageId: string): Promise<void> {
    if (!this.connected) throw new Error('Bot WhatsApp tidak terhubung')
    await this.db
      .insertInto('whatsapp_sim_sent')
      .values({
        message_id: messageId,
        jid,
        text: doc.caption,
        sender: this.sender,
        sent_at: new Date().toISOString(),
        document_name: doc.fileName,
        document_size: doc.bytes.length,
      })
      .execute()
  }

  async logout(): Promise<void> {
    await this.db.deleteFrom('whatsapp_auth').where('key', 'in', [SIM_KEYS.creds, SIM_KEYS.qr]).execute()
    this.paired = false
    this.wasConnected = false
    this.events?.onDisconnected(true)
    await this.poll()
  }

  async stop(): Promise<void> {
    this.events = undefined
  }
}

/** The stand-in for a phone scanning the QR on show; false when no QR waits for a scan. */
export async function simulateScan(db: Kysely<DB>): Promise<boolean> {
  const qr = await db
    .selectFrom('whatsapp_auth')
    .select('value')
    .where('key', '=', SIM_KEYS.qr)
    .executeTakeFirst()
  if (!qr) return false
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('whatsapp_auth').where('key', '=', SIM_KEYS.qr).execute()
    const creds = JSON.stringify({ account: SIM_ACCOUNT, scanned: qr.value })
    await trx
      .insertInto('whatsapp_auth')
      .values({ key: SIM_KEYS.creds, value: creds })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: creds }))
      .execute()
  })
  return true
}
