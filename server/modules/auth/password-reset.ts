import type { Context } from 'hono'
import {
  AUTH_MSG,
  type PasswordResetInput,
  type PasswordResetResult,
  PasswordResetSchema,
} from '../../../src/contracts/auth'
import { optionalJson } from '../../base/optional-json'
import { normalizePhone } from '../../base/phone'
import type { UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, validate } from '../../http'
import { queueWhatsAppMessage, whatsappLinked } from '../whatsapp/queue-message'
import { recordAccountHistory } from './account-history'
import { readablePassword } from './generated-password'
import { hashPassword } from './passwords'
import { revokeAllSessions } from './sessions.service'

type Who = Pick<UserRow, 'id' | 'name' | 'role'>

/**
 * The body of a reset: none (or `{}`) shows the new password once; `{ via: 'whatsapp' }` sends it to the
 * account's number instead. No body is the common call, so it needs no Content-Type (as a review's).
 */
export async function readResetChoice(c: Context): Promise<PasswordResetInput> {
  return validate(PasswordResetSchema, (await optionalJson(c)) ?? {})
}

/**
 * Sets a new readable password on `account` (issue 32). The caller's service has asked the policy and
 * found the account among those it manages. In one transaction: the new hash, every session of the
 * account ended, the WhatsApp message queued (when asked), the history entry; then every process's
 * notification streams hear the sessions ended. The password is answered once and never stored in clear
 * (except in the queued message's text, when it is sent by WhatsApp).
 */
export async function resetAccountPassword(
  deps: Pick<Deps, 'db' | 'config' | 'notificationFeed'>,
  actor: Who,
  account: Pick<UserRow, 'id' | 'name' | 'role' | 'email' | 'phone'>,
  choice: PasswordResetInput,
): Promise<PasswordResetResult> {
  const phone = choice.via === 'whatsapp' ? normalizePhone(account.phone) : null
  if (choice.via === 'whatsapp' && !phone) throw new AppError(422, AUTH_MSG.noWhatsAppNumber)
  const password = readablePassword()
  const passwordHash = await hashPassword(password)
  await deps.db.transaction().execute(async (trx) => {
    if (phone && !(await whatsappLinked(deps, trx))) throw new AppError(409, AUTH_MSG.whatsappNotLinked)
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', account.id).execute()
    await revokeAllSessions(trx, account.id)
    if (phone)
      await queueWhatsAppMessage(trx, {
        userId: account.id,
        phone,
        text: resetMessage(actor, account, password),
      })
    await recordAccountHistory(trx, actor, account, 'password_reset', { via: phone ? 'whatsapp' : 'shown' })
  })
  await deps.notificationFeed.sessionsEnded()
  return phone ? { sent: 'whatsapp' } : { password }
}

function resetMessage(actor: Who, account: Pick<UserRow, 'email'>, password: string): string {
  return [
    '*Password Berkas Anda telah direset*',
    `oleh ${actor.name}.`,
    '',
    `Email: ${account.email}`,
    `Password baru: ${password}`,
    '',
    'Silakan masuk, lalu ganti password di menu Profil.',
  ].join('\n')
}
