import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { Role } from '../../../src/contracts/common'
import {
  DIARY_MSG,
  type DiaryStatus,
  type PublicDiary,
  type PublicSignInput,
} from '../../../src/contracts/diary'
import { recordHistory } from '../../base/audit'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, notFound, nowIso } from '../../http'
import { TOKEN_PATTERN } from '../shares/share-crypto'
import { diaryObject } from './diary.service'
import { addSignature, tokenHash } from './diary-sign.service'
import { checkSignatureImage } from './diary-signature'
import { type DiaryRow, sectionsOf } from './diary-store'

/*
 * The contractor's sign link, /t/{token} (issue 34): no account, the token the only key. 404 for a token
 * nobody made, 410 for one used, revoked or expired, or whose day is no longer the content it was made
 * for. Used once: 'setuju' signs as kontraktor over the submitted hash, 'kembalikan' returns the day with
 * a note. The link is claimed by a conditional update in the same transaction as the signature, so two
 * submits of one link (two tabs, two server processes) sign once and the second gets 410.
 */

type LinkRow = {
  id: number
  diary_id: number
  revision: number
  hash: string
  expires_at: string
  revoked_at: string | null
  used_at: string | null
  created_by: number | null
}

/** The public budget's key: the link, or nothing for a malformed token (counted per address only). */
export function signBudgetKey(c: Context): string | undefined {
  const token = c.req.param('token') ?? ''
  return TOKEN_PATTERN.test(token) ? `sign:${tokenHash(token)}` : undefined
}

async function findLink(db: Kysely<DB>, token: string): Promise<LinkRow> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(DIARY_MSG.linkNotFound)
  const link = await db
    .selectFrom('diary_sign_links')
    .select(['id', 'diary_id', 'revision', 'hash', 'expires_at', 'revoked_at', 'used_at', 'created_by'])
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst()
  if (!link) throw notFound(DIARY_MSG.linkNotFound)
  return link
}

/** Whether the link still opens its day: unused, unrevoked, unexpired, and the day still as submitted. */
function assertLive(link: LinkRow, row: Pick<DiaryRow, 'status' | 'hash' | 'revision'>): void {
  const gone =
    link.used_at !== null ||
    link.revoked_at !== null ||
    link.expires_at <= nowIso() ||
    row.status !== 'submitted' ||
    row.hash !== link.hash ||
    row.revision !== link.revision
  if (gone) throw new AppError(410, DIARY_MSG.linkGone)
}

/** What the signing page shows: the day read-only, as submitted. */
export async function openSignLink(deps: Pick<Deps, 'db'>, token: string): Promise<PublicDiary> {
  const link = await findLink(deps.db, token)
  const row = await deps.db
    .selectFrom('diary_days')
    .innerJoin('projects', 'projects.id', 'diary_days.project_id')
    .selectAll('diary_days')
    .select('projects.name as project_name')
    .where('diary_days.id', '=', link.diary_id)
    .executeTakeFirst()
  if (!row) throw new AppError(410, DIARY_MSG.linkGone)
  assertLive(link, row)
  return {
    project: row.project_name,
    day: row.day,
    status: row.status as DiaryStatus,
    revision: row.revision,
    hash: link.hash,
    sections: sectionsOf(row),
    expires_at: link.expires_at,
  }
}

/** 'Setuju' or 'Kembalikan' from the link. */
export async function publicSignDiary(
  deps: Pick<Deps, 'db' | 'dialect'>,
  token: string,
  ip: string,
  input: PublicSignInput,
): Promise<{ status: DiaryStatus; day: string }> {
  const link = await findLink(deps.db, token)
  const image = input.decision === 'setuju' ? checkSignatureImage(input.signature ?? '') : ''
  return deps.db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('diary_days').selectAll().where('id', '=', link.diary_id)
    if (deps.dialect === 'postgres') q = q.forUpdate()
    const row = await q.executeTakeFirst()
    if (!row) throw new AppError(410, DIARY_MSG.linkGone)
    const now = nowIso()
    const claimed = await trx
      .updateTable('diary_sign_links')
      .set({ used_at: now, decision: input.decision })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(410, DIARY_MSG.linkGone)
    assertLive({ ...link, used_at: null }, row)

    const who = `${input.name} (${input.position})`
    const actor = {
      id: null as unknown as number,
      name: `${who}, Kontraktor via tautan`,
      role: await creatorRole(trx, link),
    }
    const by = { id: null, name: input.name }
    let status: DiaryStatus
    if (input.decision === 'setuju') {
      const next = await addSignature(
        trx,
        row,
        { role: 'kontraktor', name: input.name, position: input.position, userId: null, image, ip },
        by,
      )
      status = next.status as DiaryStatus
    } else {
      status = 'returned'
      await trx
        .updateTable('diary_days')
        .set({
          status,
          returned_note: input.note ?? '',
          version: row.version + 1,
          updated_at: now,
          updated_by: null,
          updated_by_name: input.name,
        })
        .where('id', '=', row.id)
        .execute()
    }
    await recordHistory(trx, actor, {
      projectId: row.project_id,
      action: input.decision === 'setuju' ? 'sign' : 'reject',
      object: diaryObject(row.day),
      detail:
        input.decision === 'setuju'
          ? { signer: 'kontraktor', name: input.name, position: input.position, hash: row.hash, status, ip }
          : { name: input.name, position: input.position, note: input.note ?? '', ip },
    })
    return { status, day: row.day }
  })
}

/**
 * The contractor has no account: the history names them as they typed, under the role of whoever sent
 * the link (the entry's role column is an account role).
 */
async function creatorRole(db: Kysely<DB>, link: LinkRow): Promise<Role> {
  if (link.created_by === null) return 'pengawasan'
  const row = await db.selectFrom('users').select('role').where('id', '=', link.created_by).executeTakeFirst()
  return (row?.role as Role | undefined) ?? 'pengawasan'
}
