import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { dayLabel } from '../../../src/contracts/days'
import {
  DIARY_MSG,
  type DiaryDay,
  type DiarySignInput,
  type DiarySubmitInput,
  type SignerRole,
} from '../../../src/contracts/diary'
import { pathTo } from '../../../src/contracts/endpoint'
import { signPage } from '../../../src/contracts/public.endpoints'
import { access } from '../../access'
import { recordHistory } from '../../base/audit'
import { formatMoment } from '../../base/firm-clock'
import { normalizePhone } from '../../base/phone'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, forbidden, nowIso } from '../../http'
import type { Claimed } from '../../idempotency'
import { newShareToken } from '../shares/share-crypto'
import { queueWhatsAppMessage, whatsappLinked } from '../whatsapp/queue-message'
import { diaryObject, type User } from './diary.service'
import { checkSignatureImage } from './diary-signature'
import {
  assertDiaryDay,
  type DiaryRow,
  diaryHash,
  fullySigned,
  lockDiaryRow,
  sectionsOf,
  signaturesOf,
  toDiaryDay,
} from './diary-store'

/*
 * 'Ajukan tanda tangan', the pengawas' signature and a correction (issue 34,
 * docs/decisions/0089-daily-diary-server.md). Every step runs in one transaction on the day's locked
 * row: the status and the hash in the database decide, never a process's memory, so a day signed
 * through one server process is locked for every other at once.
 */

const DAY_MS = 86_400_000
const DEFAULT_LINK_DAYS = 7

/** A sign link's token is made like a share link's (192 bits); only its sha256 is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export const signUrl = (deps: Pick<Deps, 'config'>, origin: string, token: string) =>
  `${deps.config.publicUrl ?? origin}${pathTo(signPage, { token })}`

/** Revokes every unused link of a day (a resubmit, a revision). */
export async function revokeLinks(trx: Kysely<DB>, diaryId: number, now: string): Promise<void> {
  await trx
    .updateTable('diary_sign_links')
    .set({ revoked_at: now })
    .where('diary_id', '=', diaryId)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .execute()
}

export async function submitDiaryDay(
  deps: Deps,
  user: User,
  slug: string,
  day: string,
  origin: string,
  read: () => Promise<Claimed<DiarySubmitInput>>,
): Promise<{ url: string; expires_at: string; whatsapp?: 'queued' | 'not_linked' }> {
  const project = await access.project(deps, user, slug, 'diary.write')
  assertDiaryDay(day, project, deps.config.firmTimeZone)
  const { input, tx } = await read()
  const phone = input.phone ? normalizePhone(input.phone) : null
  if (input.phone && !phone) throw new AppError(422, DIARY_MSG.phone, { phone: DIARY_MSG.phone })
  const trx = tx.trx
  const row = await lockDiaryRow(trx, deps.dialect, project.id, day, user)
  if (row.version === 0) throw new AppError(422, DIARY_MSG.empty)
  if (row.status === 'signed') throw new AppError(409, DIARY_MSG.locked)

  const now = nowIso()
  const hash = diaryHash(project.id, day, row.revision, sectionsOf(row))
  // Signatures over other content (before a return and an edit) no longer count.
  await trx
    .deleteFrom('diary_signatures')
    .where('diary_id', '=', row.id)
    .where('revision', '=', row.revision)
    .where('hash', '!=', hash)
    .execute()
  await revokeLinks(trx, row.id, now)
  const token = newShareToken()
  const expires_at = new Date(Date.now() + (input.days ?? DEFAULT_LINK_DAYS) * DAY_MS).toISOString()
  await trx
    .insertInto('diary_sign_links')
    .values({
      diary_id: row.id,
      token_hash: tokenHash(token),
      revision: row.revision,
      hash,
      phone,
      created_by: user.id,
      created_at: now,
      expires_at,
      revoked_at: null,
      used_at: null,
      decision: null,
    })
    .execute()
  await trx
    .updateTable('diary_days')
    .set({
      status: 'submitted',
      hash,
      returned_note: null,
      version: row.version + 1,
      updated_at: now,
      updated_by: user.id,
      updated_by_name: user.name,
    })
    .where('id', '=', row.id)
    .execute()
  const url = signUrl(deps, origin, token)
  let whatsapp: 'queued' | 'not_linked' | undefined
  if (phone) {
    const linked = await whatsappLinked(deps, trx)
    whatsapp = linked ? 'queued' : 'not_linked'
    if (linked) await queueSignLink(trx, deps, phone, project.name, day, url, expires_at)
  }
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'submit',
    object: diaryObject(day),
    detail: {
      hash,
      revision: row.revision,
      expires_at,
      ...(phone ? { sent_to: phone } : {}),
    },
  })
  return { url, expires_at, ...(whatsapp ? { whatsapp } : {}) }
}

async function queueSignLink(
  trx: Kysely<DB>,
  deps: Pick<Deps, 'config'>,
  phone: string,
  project: string,
  day: string,
  url: string,
  expiresAt: string,
) {
  const text = [
    '*Laporan Harian menunggu tanda tangan*',
    `Project: ${project}`,
    `Tanggal: ${dayLabel(day)}`,
    '',
    'Periksa lalu setujui atau kembalikan laporan harian di:',
    url,
    `Berlaku sampai ${formatMoment(expiresAt, deps.config.firmTimeZone)}.`,
  ].join('\n')
  await queueWhatsAppMessage(trx, { userId: null, phone, text })
}

/** Adds a signature of the current revision over its submitted hash; 'signed' once both parties have. */
export async function addSignature(
  trx: Kysely<DB>,
  row: DiaryRow,
  s: { role: SignerRole; name: string; position: string; userId: number | null; image: string; ip: string },
  by: { id: number | null; name: string },
): Promise<DiaryRow> {
  const existing = await signaturesOf(trx, row.id, row.revision)
  if (existing.some((e) => e.role === s.role)) throw new AppError(409, DIARY_MSG.alreadySigned)
  const now = nowIso()
  await trx
    .insertInto('diary_signatures')
    .values({
      diary_id: row.id,
      revision: row.revision,
      role: s.role,
      name: s.name,
      position: s.position,
      user_id: s.userId,
      image: s.image,
      hash: row.hash ?? '',
      ip: s.ip,
      signed_at: now,
    })
    .execute()
  const roles = [...existing.map((e) => e.role), s.role]
  const status = row.status === 'submitted' && fullySigned(roles) ? 'signed' : row.status
  const next = {
    ...row,
    status,
    version: row.version + 1,
    updated_at: now,
    updated_by: by.id,
    updated_by_name: by.name,
  }
  await trx
    .updateTable('diary_days')
    .set({ status, version: next.version, updated_at: now, updated_by: by.id, updated_by_name: by.name })
    .where('id', '=', row.id)
    .execute()
  return next
}

export async function signDiaryDay(
  deps: Deps,
  user: User,
  slug: string,
  day: string,
  ip: string,
  read: () => Promise<Claimed<DiarySignInput>>,
): Promise<DiaryDay> {
  const project = await access.project(deps, user, slug, 'diary.write')
  assertDiaryDay(day, project, deps.config.firmTimeZone)
  const { input, tx } = await read()
  const role: SignerRole = input.role ?? 'pengawas'
  // 'Mengetahui' is the owner's acknowledgement: an admin adds it.
  if (role === 'mengetahui' && !access.can(user, 'project.manage', { member: true })) throw forbidden()
  const image = checkSignatureImage(input.signature)
  const trx = tx.trx
  const row = await lockDiaryRow(trx, deps.dialect, project.id, day, user)
  const open = row.status === 'submitted' || (role === 'mengetahui' && row.status === 'signed')
  if (!open) throw new AppError(409, row.status === 'signed' ? DIARY_MSG.locked : DIARY_MSG.notSubmitted)
  const next = await addSignature(
    trx,
    row,
    { role, name: input.name, position: input.position, userId: user.id, image, ip },
    user,
  )
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'sign',
    object: diaryObject(day),
    detail: {
      signer: role,
      name: input.name,
      position: input.position,
      hash: row.hash,
      status: next.status,
    },
  })
  return toDiaryDay(next, await signaturesOf(trx, row.id, row.revision))
}

export async function reviseDiaryDay(
  deps: Deps,
  user: User,
  slug: string,
  day: string,
  read: () => Promise<Claimed<{ reason: string }>>,
): Promise<DiaryDay> {
  const project = await access.project(deps, user, slug, 'diary.write')
  assertDiaryDay(day, project, deps.config.firmTimeZone)
  const { input, tx } = await read()
  const trx = tx.trx
  const row = await lockDiaryRow(trx, deps.dialect, project.id, day, user)
  if (row.status !== 'signed' || !row.hash) throw new AppError(409, DIARY_MSG.notSigned)
  const now = nowIso()
  // The signed revision stays as it was signed, with its signatures (kept under their revision).
  await trx
    .insertInto('diary_versions')
    .values({
      diary_id: row.id,
      revision: row.revision,
      sections: row.sections,
      hash: row.hash,
      superseded_at: now,
      superseded_by: user.id,
      reason: input.reason,
    })
    .execute()
  await revokeLinks(trx, row.id, now)
  const next: DiaryRow = {
    ...row,
    status: 'draft',
    revision: row.revision + 1,
    version: row.version + 1,
    hash: null,
    returned_note: null,
    revision_reason: input.reason,
    updated_at: now,
    updated_by: user.id,
    updated_by_name: user.name,
  }
  await trx
    .updateTable('diary_days')
    .set({
      status: next.status,
      revision: next.revision,
      version: next.version,
      hash: null,
      returned_note: null,
      revision_reason: input.reason,
      updated_at: now,
      updated_by: user.id,
      updated_by_name: user.name,
    })
    .where('id', '=', row.id)
    .execute()
  await recordHistory(trx, user, {
    projectId: project.id,
    action: 'revise',
    object: diaryObject(day),
    detail: { reason: input.reason, superseded: row.revision, revision: next.revision },
  })
  return toDiaryDay(next, [])
}
