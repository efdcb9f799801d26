import type { Kysely } from 'kysely'
import { type HistoryActor, recordHistory } from '../../base/audit'
import type { DB } from '../../db/schema'

/**
 * A link made or revoked, in the project's history, in the transaction that made the change: object
 * kind 'share', id 'share:{id}' (never a number another kind uses), named by its report or period;
 * a revocation is action 'delete' with `revoked: true` in its detail; a WhatsApp send is 'send' with the
 * number it was queued for (`sent_to`).
 */
export async function recordShareHistory(
  trx: Kysely<DB>,
  user: HistoryActor,
  projectId: number,
  action: 'create' | 'delete' | 'send',
  shareId: number,
  name: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await recordHistory(trx, user, {
    projectId,
    action,
    object: { kind: 'share', id: `share:${shareId}`, name: `Tautan bagikan: ${name}` },
    detail,
  })
}
