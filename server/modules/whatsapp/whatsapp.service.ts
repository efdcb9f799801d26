import type { Kysely } from 'kysely'
import QRCode from 'qrcode'
import type { WhatsAppSession } from '../../../src/contracts/whatsapp'
import { WHATSAPP_MSG } from '../../../src/contracts/whatsapp'
import { type Actor, access } from '../../access'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { AppError } from '../../http'
import { clearBaileysAuth } from './db-auth-state'
import { leaseHolder } from './lease'
import { waitingCount } from './queue-waiting'
import { simulateScan } from './simulated-driver'
import { readState, requestLogout } from './state'
import { WHATSAPP_LEASE } from './whatsapp-worker'

type ServiceDeps = { db: Kysely<DB>; config: Pick<Config, 'whatsappDriver' | 'whatsappPacing'> }

/**
 * GET /api/whatsapp/qr, answered by any process from the state the lease holder keeps in the database:
 * the QR as an image data URL while a scan is awaited, active_session once connected, and how many
 * messages wait in the queue (issue 32).
 */
export async function whatsappSession(deps: ServiceDeps, user: Actor): Promise<WhatsAppSession> {
  await access.require(deps, user, 'whatsapp.manage')
  if (deps.config.whatsappDriver === 'off')
    return { qr: null, active_session: false, status: 'off', account: null, waiting: 0 }
  const [state, holder, waiting] = await Promise.all([
    readState(deps.db),
    leaseHolder(deps.db, WHATSAPP_LEASE),
    waitingCount(deps.db, deps.config.whatsappPacing),
  ])
  // No process holds the bot right now (all stopped, or one is taking over): nothing to show yet.
  if (!holder) return { qr: null, active_session: false, status: 'starting', account: null, waiting }
  const qr =
    state.status === 'waiting_scan' && state.qr
      ? await QRCode.toDataURL(state.qr, { margin: 1, width: 320, errorCorrectionLevel: 'M' })
      : null
  return {
    qr,
    active_session: state.status === 'connected',
    status: state.status,
    account: state.status === 'connected' ? state.account : null,
    waiting,
  }
}

/**
 * POST /api/whatsapp/logout from any process: the stored session is dropped here and the holder, on its
 * next heartbeat, unlinks the device at WhatsApp and shows a new QR.
 */
export async function logoutWhatsapp(deps: ServiceDeps, user: Actor): Promise<void> {
  await access.require(deps, user, 'whatsapp.manage')
  if (deps.config.whatsappDriver === 'off') return
  await requestLogout(deps.db)
  if (deps.config.whatsappDriver === 'baileys') await clearBaileysAuth(deps.db)
}

/** Test and demo call (simulated driver only): a phone scans the QR on show. */
export async function scanSimulated(deps: ServiceDeps, user: Actor): Promise<void> {
  await access.require(deps, user, 'whatsapp.manage')
  if (!(await simulateScan(deps.db))) throw new AppError(409, WHATSAPP_MSG.noQrToScan)
}
