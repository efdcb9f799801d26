import type { Kysely } from 'kysely'
import type { HistoryAction, HistoryObjectKind } from '../../../src/contracts/history'
import type { DB, UserRow } from '../../db/schema'
import { nowIso } from '../../http'

/** Who did it, as the history keeps them (a snapshot: the entry stays right if the user is renamed). */
export type HistoryActor = Pick<UserRow, 'id' | 'name' | 'role'>

export type HistoryRecord = {
  projectId: number
  action: HistoryAction
  object: { kind: HistoryObjectKind; id: string; name: string }
  /** Before/after, the review note, the version, the members added and removed...: JSON. */
  detail?: Record<string, unknown>
}

/**
 * Appends one history entry, in the transaction that makes the change, so an entry exists exactly when
 * its change committed. Nothing updates or deletes history rows (only a project's own deletion removes
 * its entries, by the foreign key).
 *
 * ```ts
 * await recordHistory(tx.trx, user, { projectId, action: 'reject', object: { kind: 'doc', id: doc.uuid,
 *   name: shortName(doc.description) }, detail: { note, version: doc.version } })
 * ```
 */
export async function recordHistory(
  trx: Kysely<DB>,
  actor: HistoryActor,
  record: HistoryRecord,
): Promise<void> {
  await trx
    .insertInto('history')
    .values({
      project_id: record.projectId,
      at: nowIso(),
      actor_id: actor.id,
      actor_name: actor.name,
      actor_role: actor.role,
      action: record.action,
      object_kind: record.object.kind,
      object_id: record.object.id,
      object_name: record.object.name,
      detail: record.detail ? JSON.stringify(record.detail) : null,
    })
    .execute()
}

/** A documentation item's name in the history: its description's first line, at most 80 characters. */
export function docName(description: string): string {
  const line = description.split('\n')[0]?.trim() ?? ''
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}
