import type { Kysely } from 'kysely'
import type { DiarySections } from '../../../src/contracts/diary'
import type { DB } from '../../db/schema'
import { newShareToken } from '../shares/share-crypto'
import { tokenHash } from './diary-sign.service'
import { diaryHash, noVersions } from './diary-store'

/*
 * Rows for the diary's tests and the access matrix, written directly: a submitted day with a live sign
 * link, without going through the API (the module's own tests do that).
 */

/** A 1x1 PNG, the smallest drawn signature. */
export const TINY_PNG_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** A day in the past every test project accepts (no start day is set in the fixtures). */
export const PAST_DAY = '2025-06-02'

/** A submitted day of `projectId` with a live sign link; answers the link's token. */
export async function submittedDayWithLink(
  db: Kysely<DB>,
  opts: { projectId: number; day?: string; userId: number | null },
): Promise<{ token: string; diaryId: number }> {
  const day = opts.day ?? PAST_DAY
  const sections: DiarySections = { notes: { problems: 'Hujan siang hari' } }
  const hash = diaryHash(opts.projectId, day, 1, sections)
  const now = new Date().toISOString()
  const versions = { ...noVersions(), notes: 1 }
  const existing = await db
    .selectFrom('diary_days')
    .select('id')
    .where('project_id', '=', opts.projectId)
    .where('day', '=', day)
    .executeTakeFirst()
  const values = {
    status: 'submitted',
    version: 2,
    revision: 1,
    sections: JSON.stringify(sections),
    section_versions: JSON.stringify(versions),
    hash,
    updated_at: now,
    updated_by: opts.userId,
    updated_by_name: 'Pengawas',
  }
  let diaryId = existing?.id
  if (diaryId !== undefined)
    await db.updateTable('diary_days').set(values).where('id', '=', diaryId).execute()
  else {
    const row = await db
      .insertInto('diary_days')
      .values({
        ...values,
        project_id: opts.projectId,
        day,
        returned_note: null,
        revision_reason: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    diaryId = row.id
  }
  const token = newShareToken()
  await db
    .insertInto('diary_sign_links')
    .values({
      diary_id: diaryId,
      token_hash: tokenHash(token),
      revision: 1,
      hash,
      phone: null,
      created_by: opts.userId,
      created_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      revoked_at: null,
      used_at: null,
      decision: null,
    })
    .execute()
  return { token, diaryId }
}
