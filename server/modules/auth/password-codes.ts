import { createHash } from 'node:crypto'
import {
  AUTH_MSG,
  RESET_CODE_MINUTES,
  RESET_CODE_TRIES,
  type ResetRequest,
} from '../../../src/contracts/auth'
import { normalizePhone } from '../../base/phone'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import { UsageCounters } from '../../limits/usage-counters'
import { queueWhatsAppMessage, whatsappLinked } from '../whatsapp/queue-message'
import { recordAccountHistory } from './account-history'
import { oneTimeCode } from './generated-password'
import { dummyHash, hashPassword, verifyPassword } from './passwords'
import { revokeAllSessions } from './sessions.service'

/*
 * 'Lupa password?' (issue 32, decision 0078): a 6-digit code sent by the WhatsApp bot to the account's
 * number, then a new password with it.
 *
 * Never telling whether an account exists: /forgot answers the same 200 whatever the email, and does
 * the same work for every email (the limits counted, one code made and argon2-hashed); only an account
 * that is active, has a number WhatsApp takes and a linked bot then gets the code stored and queued.
 * /reset answers one message for an unknown email, a wrong, used, expired or exhausted code, and checks
 * one argon2 hash in every case.
 *
 * Limits live in the database (usage_counters), so every process counts the same: codes per email per
 * hour (over it the same 200, nothing sent) and per client address per hour (429: says nothing about
 * any account). Each code takes RESET_CODE_TRIES wrong tries, counted by a conditional update before
 * the check, so concurrent guesses on several processes cannot share a try; it is used once (one
 * conditional update sets used_at), and a newer code ends the older ones.
 */

const HOUR = 3_600_000
/** Codes one email may be sent per hour: a few retries of a slow message, not a stream of texts. */
export const CODES_PER_EMAIL_PER_HOUR = 3
/** Code requests one client address may make per hour, whatever the emails. */
export const CODES_PER_ADDRESS_PER_HOUR = 10

const emailKey = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 22)

type CodeDeps = Pick<Deps, 'db' | 'config' | 'notificationFeed'>

export async function requestCode(deps: CodeDeps, email: string, address: string): Promise<void> {
  const hour = Math.floor(Date.now() / HOUR)
  const addressCounter = `forgot-addr:${address}`
  const emailCounter = `forgot-email:${emailKey(email)}`
  const counts = await new UsageCounters(deps.db).bumpAll(
    [addressCounter, emailCounter],
    String(hour),
    1,
    new Date((hour + 2) * HOUR),
  )
  if ((counts.get(addressCounter) ?? 0) > CODES_PER_ADDRESS_PER_HOUR) {
    const wait = (hour + 1) * HOUR - Date.now()
    throw new AppError(429, AUTH_MSG.tooManyCodes(Math.max(1, Math.ceil(wait / 60_000))), undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(wait / 1000))),
    })
  }
  // Made and hashed for every request, before anything is known about the email: the same work.
  const code = oneTimeCode()
  const codeHash = await hashPassword(code)
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'phone'])
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', 1)
    .executeTakeFirst()
  const phone = normalizePhone(user?.phone)
  if (!user || !phone || (counts.get(emailCounter) ?? 0) > CODES_PER_EMAIL_PER_HOUR) return
  await deps.db.transaction().execute(async (trx) => {
    if (!(await whatsappLinked(deps, trx))) return
    const now = new Date()
    await trx
      .updateTable('password_codes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute()
    // Yesterday's codes are of no use to anyone: the table stays small without a sweeper.
    await trx
      .deleteFrom('password_codes')
      .where('user_id', '=', user.id)
      .where('expires_at', '<', new Date(now.getTime() - 24 * HOUR).toISOString())
      .execute()
    await trx
      .insertInto('password_codes')
      .values({
        user_id: user.id,
        code_hash: codeHash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_CODE_MINUTES * 60_000).toISOString(),
        tries: 0,
        used_at: null,
      })
      .execute()
    await queueWhatsAppMessage(trx, { userId: user.id, phone, text: codeMessage(code) })
    await recordAccountHistory(trx, user, user, 'password_code', { sent_to: maskPhone(phone) })
  })
}

/** Sets the new password when the code is right; one answer for everything that is not. */
export async function redeemCode(deps: CodeDeps, input: ResetRequest): Promise<void> {
  const invalid = () => new AppError(422, AUTH_MSG.codeInvalid, { code: AUTH_MSG.codeInvalid })
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'role'])
    .where('email', '=', input.email)
    .where('deleted_at', 'is', null)
    .where('is_active', '=', 1)
    .executeTakeFirst()
  const live = user
    ? await deps.db
        .selectFrom('password_codes')
        .select(['id', 'code_hash'])
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .where('tries', '<', RESET_CODE_TRIES)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    : undefined
  // The try is spent before the code is checked: only the update that counted it may go on.
  const counted = live
    ? Number(
        (
          await deps.db
            .updateTable('password_codes')
            .set((eb) => ({ tries: eb('tries', '+', 1) }))
            .where('id', '=', live.id)
            .where('used_at', 'is', null)
            .where('tries', '<', RESET_CODE_TRIES)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1
    : false
  const right = await verifyPassword(counted && live ? live.code_hash : await dummyHash(), input.code)
  if (!user || !live || !counted || !right) throw invalid()
  const passwordHash = await hashPassword(input.new_password)
  await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    // Two processes with the same right code at once: one sets the password, the other is told no.
    if (Number(used.numUpdatedRows) !== 1) throw invalid()
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute()
    await revokeAllSessions(trx, user.id)
    await recordAccountHistory(trx, user, user, 'password_reset_code')
  })
  await deps.notificationFeed.sessionsEnded()
}

function codeMessage(code: string): string {
  return [
    `*${code}* adalah kode untuk membuat password baru akun Berkas Anda.`,
    '',
    `Kode berlaku ${RESET_CODE_MINUTES} menit dan hanya sekali pakai. Jangan berikan kode ini kepada siapa pun.`,
    'Abaikan pesan ini bila Anda tidak memintanya.',
  ].join('\n')
}

/** The history says where a code went without keeping the whole number: 62812•••••890. */
export const maskPhone = (phone: string) =>
  phone.length > 7 ? `${phone.slice(0, 5)}${'•'.repeat(phone.length - 8)}${phone.slice(-3)}` : phone
