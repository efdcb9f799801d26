import type { Kysely } from 'kysely'
import type { HistoryAction, HistoryObjectKind } from '../../src/contracts/history'
import type { DB, UserRow } from '../db/schema'
import { nowIso } from '../http'

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
  actor: HistoryActor | Pick<UserRow, 'id' | 'role'>,
  record: HistoryRecord,
): Promise<void> {
  const who = await historyActor(trx, actor)
  await trx
    .insertInto('history')
    .values({
      project_id: record.projectId,
      at: nowIso(),
      actor_id: who.id,
      actor_name: who.name,
      actor_role: who.role,
      action: record.action,
      object_kind: record.object.kind,
      object_id: record.object.id,
      object_name: record.object.name,
      detail: record.detail ? JSON.stringify(record.detail) : null,
    })
    .execute()
}

/** The actor with their name: services are handed the full user row; a bare {id, role} is looked up. */
async function historyActor(
  db: Kysely<DB>,
  actor: HistoryActor | Pick<UserRow, 'id' | 'role'>,
): Promise<HistoryActor> {
  if (typeof (actor as Partial<HistoryActor>).name === 'string') return actor as HistoryActor
  const row = await db.selectFrom('users').select('name').where('id', '=', actor.id).executeTakeFirst()
  return { id: actor.id, role: actor.role, name: row?.name ?? '' }
}

/** A documentation item's name in the history: its description's first line, at most 80 characters. */
export function docName(description: string): string {
  const line = description.split('\n')[0]?.trim() ?? ''
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}
