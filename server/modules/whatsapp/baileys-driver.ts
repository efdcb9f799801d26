import type { WASocket } from 'baileys'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Logger } from '../../logger'
import { clearBaileysAuth, loadDatabaseAuthState } from './db-auth-state'
import type { DriverEvents, OutgoingDocument, WhatsAppDriver } from './gateway'

/**
 * The real bot (WHATSAPP_DRIVER=baileys): WhatsApp Web through the `baileys` package, its session in
 * the database (db-auth-state.ts). baileys is imported only when this driver starts, so the other
 * drivers never load it. It reconnects by itself with a backoff (up to a minute) unless WhatsApp says
 * the device was logged out, in which case the stored session is dropped and a new QR is shown.
 *
 * This machine cannot reach WhatsApp's servers, so this driver is type-checked and its session store is
 * unit-tested, but it has not been run against WhatsApp here.
 */
export class BaileysDriver implements WhatsAppDriver {
  readonly name = 'baileys'
  private sock: WASocket | undefined
  private open = false
  private stopped = true
  private retry = 0
  private events: DriverEvents | undefined
  private reconnectTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
  ) {}

  get connected(): boolean {
    return this.open
  }

  async start(events: DriverEvents): Promise<void> {
    this.events = events
    this.stopped = false
    await this.connect()
  }

  private async connect(): Promise<void> {
    const baileys = await import('baileys')
    const { state, saveCreds } = await loadDatabaseAuthState(this.db, baileys)
    const sock = baileys.makeWASocket({
      auth: state,
      logger: baileysLogger(this.logger),
      browser: baileys.Browsers.ubuntu('Berkas'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
    })
    this.sock = sock
    sock.ev.on('creds.update', () => {
      saveCreds().catch((err) => this.logger.error('whatsapp: saving the session failed', { err }))
    })
    sock.ev.on('connection.update', (update) => {
      if (this.sock !== sock) return
      if (update.qr) this.events?.onQr(update.qr)
      if (update.connection === 'open') {
        this.open = true
        this.retry = 0
        this.events?.onConnected(sock.user?.id?.split(':')[0]?.split('@')[0] ?? null)
      }
      if (update.connection === 'close') {
        this.open = false
        const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined
        const loggedOut = error?.output?.statusCode === baileys.DisconnectReason.loggedOut
        this.events?.onDisconnected(loggedOut)
        if (this.stopped) return
        if (loggedOut) {
          // Unlinked from the phone: the stored keys are worthless; start over with a new QR.
          void clearBaileysAuth(this.db).then(() => this.reconnectSoon())
        } else this.reconnectSoon()
      }
    })
  }

  private reconnectSoon() {
    const delay = Math.min(1000 * 2 ** this.retry, 60_000)
    this.retry += 1
    clearTimeout(this.reconnectTimer)
    this.reconnectTimer = setTimeout(() => {
      if (!this.stopped)
        this.connect().catch((err) => this.logger.error('whatsapp: reconnect failed', { err }))
    }, delay)
    this.reconnectTimer.unref()
  }

  async send(jid: string, text: string, messageId: string): Promise<void> {
    const sock = this.sock
    if (!sock || !this.open) throw new Error('Bot WhatsApp tidak terhubung')
    await sock.sendMessage(jid, { text }, { messageId })
  }

  /** A document message: WhatsApp shows the file with the caption under it (one message, one id). */
  async sendDocument(jid: string, doc: OutgoingDocument, messageId: string): Promise<void> {
    const sock = this.sock
    if (!sock || !this.open) throw new Error('Bot WhatsApp tidak terhubung')
    await sock.sendMessage(
      jid,
      { document: doc.bytes, mimetype: doc.mimetype, fileName: doc.fileName, caption: doc.caption },
      { messageId },
    )
  }

  async logout(): Promise<void> {
    const sock = this.sock
    this.stopped = true
    this.sock = undefined
    this.open = false
    clearTimeout(this.reconnectTimer)
    try {
      await sock?.logout()
    } catch (err) {
      this.logger.warn('whatsapp: logout at WhatsApp failed; the local session is dropped anyway', { err })
    }
    await clearBaileysAuth(this.db)
    this.events?.onDisconnected(true)
    this.stopped = false
    this.retry = 0
    await this.connect()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.reconnectTimer)
    const sock = this.sock
    this.sock = undefined
    this.open = false
    sock?.end(undefined)
  }
}

/** baileys logs through a pino-like object; only its warnings and errors reach ours. */
function baileysLogger(logger: Logger) {
  const quiet = {
    level: 'warn',
    child: () => quiet,
    trace: () => {},
    debug: () => {},
    info: () => {},
    warn: (obj: unknown, msg?: string) => logger.warn(`whatsapp: ${msg ?? 'baileys'}`, obj),
    error: (obj: unknown, msg?: string) => logger.error(`whatsapp: ${msg ?? 'baileys'}`, obj),
  }
  return quiet
}
