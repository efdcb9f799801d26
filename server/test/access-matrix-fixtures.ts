import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Role } from '../../src/contracts/common'
import type { Endpoint } from '../../src/contracts/endpoint'
import type { Area } from '../../src/contracts/projects'
import { hashPassword } from '../modules/auth/passwords'
import { newBlobKey } from '../storage/blob-store'
import type { TestApp } from './harness'

/*
 * The access matrix (server/access-matrix.test.ts) calls every declared endpoint as every kind of caller.
 * What each caller should get is derived from the endpoint's declared `access`; what lives here and in
 * each module's `<module>.access-cases.ts` is how to make one call: the objects it needs, made fresh per
 * call so destructive calls never disturb the next one.
 */

export const CALLERS = [
  'anonymous',
  'superadmin',
  'admin',
  'perencanaan member',
  'pengawasan member',
  'non-member',
  'deactivated',
] as const
export type Caller = (typeof CALLERS)[number]

/** `own`: a project the perencanaan and pengawasan members (and the deactivated user) belong to. */
export type Target = 'own' | 'other'

export type Outcome = 'ok' | 401 | 403 | 404

export type MatrixRequest = { path: string; json?: unknown; body?: BodyInit }

export type Fixture = { id: number; email: string; role: Role; token: string }

export type MatrixCtx = { caller: Caller; user?: Fixture; project?: { id: number; slug: string } }

export type MatrixCase = {
  endpoint: Endpoint
  /** The area the call writes in, for `area.write` and `file.delete` (the area rule decides). */
  area?: Area
  /** Answers that differ from what the declared access implies (said why beside it). */
  expect?: Partial<Record<Caller, Outcome>>
  /** Builds one call. */
  call: (ctx: MatrixCtx) => Promise<MatrixRequest>
}

/** One endpoint's call for the matrix. */
export const matrixCase = (endpoint: Endpoint, rest: Omit<MatrixCase, 'endpoint'>): MatrixCase => ({
  endpoint,
  ...rest,
})

export const PASSWORD = 'password-rahasia'

/** Makes the app's accounts for every caller; the deactivated one logged in before it was deactivated. */
export async function startMatrix(app: TestApp) {
  t = app
  passwordHash = await hashPassword(PASSWORD)
  users.superadmin = await t.user('superadmin', { password: PASSWORD })
  users.admin = await t.user('admin', { password: PASSWORD })
  users['perencanaan member'] = await t.user('perencanaan', { password: PASSWORD })
  users['pengawasan member'] = await t.user('pengawasan', { password: PASSWORD })
  users['non-member'] = await t.user('perencanaan', { password: PASSWORD })
  users.deactivated = await t.user('pengawasan', { password: PASSWORD })
  const off = await t.request('PATCH', `/api/employee/set-active/${users.deactivated.id}/false`, {
    token: users.admin.token,
  })
  if (off.status !== 200) throw new Error(`deactivating the matrix user answered ${off.status}`)
}

let t: TestApp
/** The app the matrix runs against, for modules' fixtures (rows made directly). */
export const matrixApp = (): TestApp => t
let passwordHash: string
/** The callers' accounts (made in the test's beforeAll by `startMatrix`). */
export const users = {} as Record<Exclude<Caller, 'anonymous'>, Fixture>

/** A fresh account of `role`, written directly (its password is PASSWORD). */
export async function account(role: Role) {
  const row = await t.db
    .insertInto('users')
    .values({
      name: `Akun ${role}`,
      email: `${role}-${randomUUID()}@berkas.test`,
      phone: '081234567890',
      role,
      avatar: null,
      password_hash: passwordHash,
      is_active: 1,
      created_by: null,
      created_at: new Date().toISOString(),
      deleted_at: null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow()
  return row
}

/** A fresh project; `own` ones have the perencanaan and pengawasan members and the deactivated user. */
export async function project(target: Target) {
  const now = new Date().toISOString()
  const row = await t.db
    .insertInto('projects')
    .values({
      slug: randomUUID(),
      name: `Project ${target}`,
      description: 'Matriks akses',
      created_by: users.admin.id,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow()
  if (target === 'own') {
    const members = [users['perencanaan member'], users['pengawasan member'], users.deactivated]
    await t.db
      .insertInto('project_members')
      .values(members.map((m) => ({ project_id: row.id, user_id: m.id, created_at: now })))
      .execute()
  }
  return row
}

/** A documentation item (with one image row) in a project, for the /api/doc routes. */
export async function docIn(projectId: number) {
  const key = randomUUID()
  const row = await t.db
    .insertInto('docs')
    .values({
      uuid: randomUUID(),
      project_id: projectId,
      description: 'Foto matriks akses',
      status: 'pending',
      creator_id: users.admin.id,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow()
  await t.db
    .insertInto('doc_images')
    .values({
      uuid: key,
      doc_id: row.id,
      name: 'a.png',
      ext: 'png',
      blob_key: `${key}.png`,
      size_bytes: 1,
      position: 0,
    })
    .execute()
  return row
}

/** A folder of `area` in the project, written directly; its uuid. */
export async function areaFolder(target: { id: number } | undefined, area: 'perencanaan' | 'pengawasan') {
  const uuid = randomUUID()
  await t.db
    .insertInto('folders')
    .values({
      uuid,
      project_id: target?.id as number,
      area,
      parent_id: null,
      name: `Folder ${uuid}`,
      created_by: users.admin.id,
      created_at: new Date().toISOString(),
    })
    .execute()
  return uuid
}

/** A pending file of `area` in the project with its blob in the store; its uuid. */
export async function areaFile(target: { id: number } | undefined, area: 'perencanaan' | 'pengawasan') {
  const uuid = randomUUID()
  const key = newBlobKey('pdf')
  await t.deps.store.put(key, 'private', Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]))
  await t.db
    .insertInto('files')
    .values({
      uuid,
      project_id: target?.id as number,
      area,
      folder_id: null,
      name: 'gambar.pdf',
      size_bytes: 14,
      mime: 'application/pdf',
      blob_key: key,
      status: 'pending',
      creator_id: users.admin.id,
      created_at: new Date().toISOString(),
      reviewed_by: null,
      reviewed_at: null,
    })
    .execute()
  return uuid
}

/** A recap file in the project with its blob in the store; its id. */
export async function recapIn(target: { id: number } | undefined) {
  const key = newBlobKey('pdf')
  await t.deps.store.put(key, 'private', Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]))
  const row = await t.db
    .insertInto('recap_files')
    .values({
      uuid: randomUUID(),
      project_id: target?.id as number,
      name: 'rekap.pdf',
      size_bytes: 14,
      mime: 'application/pdf',
      blob_key: key,
      creator_id: users.admin.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export const employeeBody = () => ({
  name: 'Karyawan Baru',
  email: `karyawan-${randomUUID()}@berkas.test`,
  password: PASSWORD,
  phone: '081234567890',
  role: 'pengawasan',
})

/** A notification of `userId`, written directly; its id. */
export async function notificationOf(userId: number) {
  const row = await t.db
    .insertInto('notifications')
    .values({
      user_id: userId,
      type: 'file_uploaded',
      title: 'File baru diunggah',
      message: 'Matriks akses',
      project_id: null,
      link: null,
      is_read: 0,
      created_at: new Date().toISOString(),
      actor_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
