import type { Kysely, Selectable } from 'kysely'
import { MSG } from '../../../src/contracts/common'
import { DOC_MSG } from '../../../src/contracts/documentation'
import {
  HISTORY_PAGE_SIZE,
  type HistoryAction,
  type HistoryEntry,
  type HistoryObjectKind,
} from '../../../src/contracts/history'
import { parseId } from '../../../src/contracts/ids'
import { type Actor, access } from '../../access'
import type { DB, HistoryTable } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, notFound } from '../../http'

/*
 * Riwayat: read only. Entries are written by recordHistory (server/base/audit.ts) in the transaction of
 * each change; no endpoint edits or deletes one.
 */

export function toHistoryEntry(row: Selectable<HistoryTable>): HistoryEntry {
  let detail: Record<string, unknown> | null = null
  if (row.detail) {
    try {
      detail = JSON.parse(row.detail) as Record<string, unknown>
    } catch {
      detail = null
    }
  }
  return {
    id: Number(row.id),
    at: row.at,
    actor: { id: row.actor_id, name: row.actor_name, role: row.actor_role as HistoryEntry['actor']['role'] },
    action: row.action as HistoryAction,
    object: { kind: row.object_kind as HistoryObjectKind, id: row.object_id, name: row.object_name },
    detail,
  }
}

export type HistoryPage = { entries: HistoryEntry[]; nextCursor: string | null }

/** The cursor is the last entry's id: entries are newest first by id. */
function cursorParam(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined
  const id = parseId(raw)
  if (id === undefined) throw new AppError(400, MSG.malformed)
  return id
}

/** GET /api/project/{id}/history (admins): one page, newest first. */
export async function projectHistory(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  ref: string,
  cursorRaw: string | undefined,
): Promise<HistoryPage> {
  const project = await access.project(deps, user, ref, 'history.read')
  const cursor = cursorParam(cursorRaw)
  let q = deps.db
    .selectFrom('history')
    .selectAll()
    .where('project_id', '=', project.id)
    .orderBy('id', 'desc')
    .limit(HISTORY_PAGE_SIZE + 1)
  if (cursor !== undefined) q = q.where('id', '<', cursor)
  const rows = await q.execute()
  const page = rows.slice(0, HISTORY_PAGE_SIZE)
  const last = page[page.length - 1]
  return {
    entries: page.map(toHistoryEntry),
    nextCursor: rows.length > HISTORY_PAGE_SIZE && last ? String(last.id) : null,
  }
}

/**
 * GET /api/doc/{slug}/history/{uuid}: one documentation item's entries, newest first, for everyone who
 * sees the item. An item in the trash is 404 here except for those who manage the trash (admins).
 */
export async function docHistory(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  slug: string,
  uuid: string,
): Promise<HistoryEntry[]> {
  const project = await access.project(deps, user, slug, 'doc.read')
  const doc = await deps.db
    .selectFrom('docs')
    .select(['uuid', 'deleted_at'])
    .where('project_id', '=', project.id)
    .where('uuid', '=', uuid)
    .executeTakeFirst()
  const admin = access.decide(user, 'trash.manage', { member: true }) === 'allow'
  if (!doc || (doc.deleted_at !== null && !admin)) throw notFound(DOC_MSG.notFound)
  const rows = await objectHistory(deps.db, project.id, 'doc', doc.uuid)
  return rows.map(toHistoryEntry)
}

function objectHistory(db: Kysely<DB>, projectId: number, kind: HistoryObjectKind, id: string) {
  return db
    .selectFrom('history')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('object_kind', '=', kind)
    .where('object_id', '=', id)
    .orderBy('id', 'desc')
    .execute()
}
