import type { Kysely } from 'kysely'
import { pathTo } from '../../../src/contracts/endpoint'
import { parseId } from '../../../src/contracts/ids'
import { sharePage } from '../../../src/contracts/public.endpoints'
import { REPORT_MSG } from '../../../src/contracts/reports'
import { SHARE_MSG, type Share } from '../../../src/contracts/shares'
import { type Actor, access } from '../../access'
import type { HistoryActor } from '../../base/audit'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, notFound, nowIso } from '../../http'
import type { Claimed } from '../../idempotency'
import { parseIds, periodPhotoIds, periodTitle, type ShareRow, shareState } from './share-content'
import { hashPin, newShareToken, newSignKey, pinMatches } from './share-crypto'
import { recordShareHistory } from './share-history'

/*
 * Share links, the admin's side (issue 24): make one of a ready report or of a period's approved
 * documentation, list them with their state and views, revoke one. The public side is public-share.ts.
 */

type User = Actor & HistoryActor
type Created = { id: number; url: string; expires_at: string }

/** ShareCreateSchema's output, spelled out (its period branch's inferred type keeps only from/to). */
export type ShareCreateInput = { expires_in_days: number; pin?: string; label?: string } & (
  | { report_id: number }
  | { from: string; to: string; work_item_ids?: number[] }
)

const DAY_MS = 86_400_000

/** The link as the client opens it: PUBLIC_URL when set, else the address this request came to. */
export const shareUrl = (deps: Pick<Deps, 'config'>, origin: string, token: string) =>
  `${deps.config.publicUrl ?? origin}${pathTo(sharePage, { token })}`

export async function createShare(
  deps: Deps,
  user: User,
  slug: string,
  origin: string,
  read: () => Promise<Claimed<ShareCreateInput>>,
): Promise<Created> {
  const project = await access.project(deps, user, slug, 'share.manage')
  const { input, tx } = await read()
  const trx = tx.trx
  let target: { report_id: number | null; from: string | null; to: string | null; items: number[] | null }
  let name: string
  if ('report_id' in input) {
    const report = await trx
      .selectFrom('reports')
      .select(['id', 'title', 'status', 'deleted_at'])
      .where('id', '=', input.report_id)
      .where('project_id', '=', project.id)
      .executeTakeFirst()
    if (!report || report.deleted_at) throw notFound(REPORT_MSG.notFound)
    if (report.status !== 'ready') throw new AppError(409, SHARE_MSG.reportNotReady)
    target = { report_id: report.id, from: null, to: null, items: null }
    name = report.title
  } else {
    const items = input.work_item_ids?.length ? [...new Set(input.work_item_ids)].sort((a, b) => a - b) : null
    if (items) {
      const found = await trx
        .selectFrom('work_items')
        .select('id')
        .where('project_id', '=', project.id)
        .where('id', 'in', items)
        .execute()
      if (found.length !== items.length)
        throw new AppError(422, REPORT_MSG.workItemNotFound, { work_item_ids: REPORT_MSG.workItemNotFound })
    }
    const period = { from: input.from, to: input.to, workItemIds: items }
    const photos = await periodPhotoIds(trx, project.id, period, deps.config.firmTimeZone)
    // A link to nothing helps nobody: said before it is made, like an empty report.
    if (photos.length === 0) throw new AppError(422, REPORT_MSG.empty, { to: REPORT_MSG.empty })
    target = { report_id: null, from: input.from, to: input.to, items }
    name = periodTitle(input.from, input.to)
  }
  const token = newShareToken()
  const label = input.label || null
  const now = Date.now()
  const expires_at = new Date(now + input.expires_in_days * DAY_MS).toISOString()
  const row = await trx
    .insertInto('shares')
    .values({
      project_id: project.id,
      token,
      report_id: target.report_id,
      period_from: target.from,
      period_to: target.to,
      work_item_ids: target.items ? JSON.stringify(target.items) : null,
      pin_hash: input.pin ? await hashPin(input.pin) : null,
      sign_key: newSignKey(),
      expires_at,
      created_by: user.id,
      created_at: new Date(now).toISOString(),
      label,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await recordShareHistory(trx, user, project.id, 'create', row.id, name, {
    expires_at,
    pin: Boolean(input.pin),
    ...(label ? { label } : {}),
  })
  return { id: row.id, url: shareUrl(deps, origin, token), expires_at }
}

/** Whether a replayed create's PIN is the one the first request set (the PIN is not fingerprinted). */
export async function samePin(db: Kysely<DB>, pin: string | undefined, stored: unknown): Promise<boolean> {
  const id = (stored as { id?: number } | undefined)?.id
  if (typeof id !== 'number') return false
  const row = await db.selectFrom('shares').select('pin_hash').where('id', '=', id).executeTakeFirst()
  if (!row) return false
  if (!pin || !row.pin_hash) return !pin && !row.pin_hash
  return pinMatches(pin, row.pin_hash)
}

export async function listShares(deps: Deps, user: Actor, slug: string, origin: string): Promise<Share[]> {
  const project = await access.project(deps, user, slug, 'share.manage')
  const rows = await deps.db
    .selectFrom('shares')
    .leftJoin('reports', 'reports.id', 'shares.report_id')
    .leftJoin('users', 'users.id', 'shares.created_by')
    .selectAll('shares')
    .select([
      'reports.title as report_title',
      'reports.period_from as report_from',
      'reports.period_to as report_to',
      'users.name as creator_name',
    ])
    .where('shares.project_id', '=', project.id)
    .orderBy('shares.id', 'desc')
    .execute()
  const now = Date.now()
  return rows.map((r) => ({
    id: r.id,
    url: shareUrl(deps, origin, r.token),
    report: r.report_id !== null ? { id: r.report_id, title: r.report_title ?? '' } : null,
    period_from: r.report_from ?? r.period_from ?? '',
    period_to: r.report_to ?? r.period_to ?? '',
    work_item_ids: parseIds(r.work_item_ids),
    has_pin: r.pin_hash !== null,
    expires_at: r.expires_at,
    revoked_at: r.revoked_at,
    state: shareState(r, now),
    view_count: Number(r.view_count),
    last_viewed_at: r.last_viewed_at,
    created_by: { id: r.created_by, name: r.creator_name ?? '' },
    created_at: r.created_at,
    label: r.label,
    sent_phone: r.sent_phone,
    sent_at: r.sent_at,
  }))
}

/** A link of the project by id, or 404. */
export async function findShare(db: Kysely<DB>, projectId: number, ref: string): Promise<ShareRow> {
  const id = parseId(ref)
  if (id === undefined) throw notFound(SHARE_MSG.notFound)
  const row = await db
    .selectFrom('shares')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) throw notFound(SHARE_MSG.notFound)
  return row
}

/** Revokes at once (every page, data call and signed URL reads revoked_at); again is a no-op. */
export async function revokeShare(deps: Deps, user: User, slug: string, ref: string): Promise<void> {
  const project = await access.project(deps, user, slug, 'share.manage')
  await deps.db.transaction().execute(async (trx) => {
    const share = await findShare(trx, project.id, ref)
    const done = await trx
      .updateTable('shares')
      .set({ revoked_at: nowIso() })
      .where('id', '=', share.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) return
    await recordShareHistory(trx, user, project.id, 'delete', share.id, await shareName(trx, share), {
      revoked: true,
    })
  })
}

/** How a link is named in the history: its report's title or its period. */
export async function shareName(db: Kysely<DB>, share: ShareRow): Promise<string> {
  if (share.report_id === null) return periodTitle(share.period_from ?? '', share.period_to ?? '')
  const r = await db
    .selectFrom('reports')
    .select('title')
    .where('id', '=', share.report_id)
    .executeTakeFirst()
  return r?.title ?? `Laporan ${share.report_id}`
}
