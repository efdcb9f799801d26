import type { Deps } from '../../deps'
import type { BlobStore } from '../../storage/blob-store'
import { BaileysDriver } from './baileys-driver'
import { SimulatedDriver } from './simulated-driver'
import { WhatsAppWorker } from './whatsapp-worker'

/** The WhatsApp worker for this process's driver (null when WHATSAPP_DRIVER=off); index.ts starts it. */
export function createWhatsAppWorker(
  deps: Pick<Deps, 'db' | 'logger' | 'config'> & Partial<Pick<Deps, 'store'>>,
): WhatsAppWorker | null {
  const driver = deps.config.whatsappDriver
  if (driver === 'off') return null
  return new WhatsAppWorker({
    db: deps.db,
    logger: deps.logger,
    leaseMs: deps.config.whatsappLeaseMs,
    pacing: deps.config.whatsappPacing,
    readDocument: deps.store ? (key) => readBlob(deps.store as BlobStore, key) : undefined,
    makeDriver: (holder) =>
      driver === 'baileys' ? new BaileysDriver(deps.db, deps.logger) : new SimulatedDriver(deps.db, holder),
  })
}

/**
 * A document's bytes, whichever visibility it was stored with (a report's PDF is private). Whole in
 * memory: WhatsApp takes a document as one buffer, and a report sized for WhatsApp is a few MB.
 */
async function readBlob(store: BlobStore, key: string): Promise<Buffer | undefined> {
  for (const visibility of ['private', 'public'] as const) {
    const blob = await store.get(key, visibility)
    if (!blob) continue
    const chunks: Buffer[] = []
    for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }
  return undefined
}
