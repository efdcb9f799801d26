import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Kysely } from 'kysely'
import type { WhatsAppPacing } from '../../config'
import type { DB } from '../../db/schema'
import type { Logger } from '../../logger'
import type { WhatsAppDriver } from './gateway'
import { acquireLease, releaseLease } from './lease'
import { drainQueue, type ReadDocument } from './send-queue'
import { readState, writeState } from './state'

export const WHATSAPP_LEASE = 'whatsapp'

type WorkerOptions = {
  db: Kysely<DB>
  logger: Logger
  makeDriver: (holder: string) => WhatsAppDriver
  /** How long a lease lasts without renewal; the heartbeat runs at a fifth of it. */
  leaseMs: number
  /** This process's name in the lease and the queue claims. */
  holder?: string
  /** Reads a queued message's document (the blob store); without it documents go as their text. */
  readDocument?: ReadDocument
  /** Gaps, expiry and merge window (config.whatsappPacing); without it the queue is sent unpaced (tests). */
  pacing?: WhatsAppPacing
}

/**
 * Runs in every server process; exactly one of them (the lease holder) holds the WhatsApp connection
 * and sends the queue. Each heartbeat: take or renew the lease; if held, start the driver, obey a logout
 * asked on any process, let the driver look at the database, and send what is due. If the lease is lost
 * (this process stalled past it), the driver is stopped. On stop the lease is released at once, so
 * another process takes over on its next heartbeat instead of waiting for the expiry.
 */
export class WhatsAppWorker {
  readonly holder: string
  private driver: WhatsAppDriver | undefined
  private epoch = 0
  private holding = false
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private stopped = false
  private writes: Promise<void> = Promise.resolve()

  constructor(private readonly opts: WorkerOptions) {
    this.holder = opts.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  }

  /** A fifth of the lease: a drain that waits for paced slots ends in time for the next renewal. */
  private get heartbeatMs(): number {
    return Math.max(200, Math.floor(this.opts.leaseMs / 5))
  }

  get isHolder(): boolean {
    return this.holding
  }

  get activeDriver(): WhatsAppDriver | undefined {
    return this.driver
  }

  start(): void {
    this.stopped = false
    void this.tick()
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs)
    this.timer.unref()
  }

  /** One heartbeat (tests call it directly); never runs twice at once. */
  tick(): Promise<void> {
    this.running ??= this.beat()
      .catch((err) => this.opts.logger.error('whatsapp worker heartbeat failed', { err }))
      .finally(() => {
        this.running = undefined
      })
    return this.running
  }

  private async beat(): Promise<void> {
    if (this.stopped) return
    const { db } = this.opts
    this.holding = await acquireLease(db, WHATSAPP_LEASE, this.holder, this.opts.leaseMs)
    if (!this.holding) {
      if (this.driver) await this.dropDriver()
      return
    }
    const state = await readState(db)
    if (!this.driver) {
      const driver = this.opts.makeDriver(this.holder)
      this.driver = driver
      this.epoch = state.logout_epoch
      await writeState(db, { status: 'starting', qr: null })
      await driver.start({
        onQr: (qr) => this.record({ status: 'waiting_scan', qr, account: null }),
        onConnected: (account) => this.record({ status: 'connected', qr: null, account }),
        onDisconnected: () => this.record({ status: 'starting', qr: null }),
      })
      this.opts.logger.info('whatsapp: this process holds the bot connection', { driver: driver.name })
    } else if (state.logout_epoch !== this.epoch) {
      this.epoch = state.logout_epoch
      await this.driver.logout()
    }
    await this.writes
    await this.driver.poll?.()
    await this.writes
    await drainQueue(
      db,
      this.driver,
      this.holder,
      () => this.holding && !this.stopped,
      this.opts.readDocument,
      { pacing: this.opts.pacing, budgetMs: this.heartbeatMs },
    )
  }

  /**
   * Driver events arrive outside the heartbeat: their state writes go one after another (a pool could
   * otherwise land an older one last), and each heartbeat waits for them before it ends.
   */
  private record(fields: Parameters<typeof writeState>[1]) {
    this.writes = this.writes.then(async () => {
      if (!this.holding || this.stopped) return
      await writeState(this.opts.db, fields).catch((err) =>
        this.opts.logger.error('whatsapp: writing the bot state failed', { err }),
      )
    })
  }

  private async dropDriver() {
    const driver = this.driver
    this.driver = undefined
    await driver?.stop().catch(() => {})
  }

  /** Finishes the heartbeat under way (a send in flight completes), closes the driver, releases the lease. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
    await this.dropDriver()
    await this.writes
    if (this.holding) {
      this.holding = false
      await writeState(this.opts.db, { status: 'starting', qr: null }).catch(() => {})
      await releaseLease(this.opts.db, WHATSAPP_LEASE, this.holder).catch(() => {})
    }
  }
}
