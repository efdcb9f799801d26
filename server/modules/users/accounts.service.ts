import type { Kysely } from 'kysely'
import type { Role } from '../../../src/contracts/common'
import { MSG } from '../../../src/contracts/common'
import type { DB, UserRow } from '../../db/schema'
import { AppError, notFound, nowIso } from '../../http'
import { hashPassword } from '../auth/passwords'
import { revokeAllSessions } from '../auth/sessions.service'

/** Shared by admin and employee management: the account rules are the same, only the roles differ. */

const emailTaken = () => new AppError(409, MSG.emailTaken, { email: MSG.emailTaken })

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string }
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/i.test(e?.message ?? '')
  )
}

async function assertEmailFree(db: Kysely<DB>, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('email', '=', email).where('deleted_at', 'is', null)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  if (await q.executeTakeFirst()) throw emailTaken()
}

export async function createAccount(
  db: Kysely<DB>,
  input: {
    name: string
    email: string
    password: string
    phone: string
    role: Role
    createdBy: number | null
  },
): Promise<UserRow> {
  await assertEmailFree(db, input.email)
  const passwordHash = await hashPassword(input.password)
  try {
    return await db
      .insertInto('users')
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        role: input.role,
        avatar: null,
        password_hash: passwordHash,
        is_active: 1,
        created_by: input.createdBy,
        created_at: nowIso(),
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

/** A live account with one of `roles`, or 404 (a user outside the caller's reach is "absent"). */
export async function findAccount(db: Kysely<DB>, id: number, roles: readonly Role[]): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('role', 'in', roles)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound('Pengguna tidak ditemukan')
  return row
}

export function listAccounts(db: Kysely<DB>, roles: readonly Role[]): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('role', 'in', roles)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function updateAccount(
  db: Kysely<DB>,
  id: number,
  input: { name: string; email: string; phone: string; role: Role },
): Promise<UserRow> {
  await assertEmailFree(db, input.email, id)
  try {
    return await db
      .updateTable('users')
      .set({ name: input.name, email: input.email, phone: input.phone || null, role: input.role })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

export async function setAccountActive(db: Kysely<DB>, id: number, active: boolean): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (!active) await revokeAllSessions(trx, id)
    return row
  })
}

/**
 * Soft delete: the row stays so uploads keep their author's name, but the account leaves every list,
 * cannot log in, loses its sessions and project memberships, and frees its email for reuse.
 */
export async function removeAccount(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ deleted_at: nowIso(), is_active: 0 }).where('id', '=', id).execute()
    await revokeAllSessions(trx, id)
    await trx.deleteFrom('project_members').where('user_id', '=', id).execute()
  })
}
