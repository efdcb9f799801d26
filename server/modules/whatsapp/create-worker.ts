import type { Deps } from '../../deps'
import { BaileysDriver } from './baileys-driver'
import { SimulatedDriver } from './simulated-driver'
import { WhatsAppWorker } from './whatsapp-worker'

/** The WhatsApp worker for this process's driver (null when WHATSAPP_DRIVER=off); index.ts starts it. */
export function createWhatsAppWorker(deps: Pick<Deps, 'db' | 'logger' | 'config'>): WhatsAppWorker | null {
  const driver = deps.config.whatsappDriver
  if (driver === 'off') return null
  return new WhatsAppWorker({
    db: deps.db,
    logger: deps.logger,
    leaseMs: deps.config.whatsappLeaseMs,
    makeDriver: (holder) =>
      driver === 'baileys' ? new BaileysDriver(deps.db, deps.logger) : new SimulatedDriver(deps.db, holder),
  })
}
