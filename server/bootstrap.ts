import { randomBytes } from 'node:crypto'
import type { Config } from './config'
import type { Deps } from './deps'
import { AppError } from './http'
import { createAccount } from './modules/users/accounts.service'

/**
 * First start on an empty database: create the superadmin. Without SUPERADMIN_PASSWORD a random one is
 * generated and printed once; it is never stored anywhere but as a hash.
 */
export async function ensureSuperadmin(deps: Pick<Deps, 'db' | 'logger'>, config: Config): Promise<void> {
  const existing = await deps.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'superadmin')
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (existing) return
  const email = (config.superadminEmail ?? 'superadmin@berkas.local').trim().toLowerCase()
  const generated = !config.superadminPassword
  const password = config.superadminPassword ?? randomBytes(12).toString('base64url')
  try {
    await createAccount(deps.db, {
      name: 'Super Admin',
      email,
      password,
      phone: '',
      role: 'superadmin',
      createdBy: null,
    })
  } catch (err) {
    // Several processes starting at once on an empty database: another one created it first.
    if (err instanceof AppError && err.status === 409) return
    throw err
  }
  const lines = [`Superadmin dibuat: ${email}`]
  if (generated) lines.push(`Password (hanya ditampilkan sekali): ${password}`)
  console.log(`\n${'='.repeat(60)}\n${lines.join('\n')}\n${'='.repeat(60)}\n`)
}
