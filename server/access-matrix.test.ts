import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { inspectRoutes } from 'hono/dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../src/contracts/common'
import { hashPassword } from './modules/auth/passwords'
import { createSession } from './modules/auth/sessions.service'
import { newBlobKey } from './storage/blob-store'
import { createTestApp, formWith, samplePng, TEST_DB, type TestApp } from './test/harness'

/**
 * Every route of the real app, called as every kind of caller (docs/access.md): the table below is
 * SPEC section 6 written per route, by hand, and the test fails for a route the table does not list,
 * so a new route cannot ship without saying who may call it.
 *
 * Expected answers: 401 for anonymous and deactivated callers; for the others, 404 when the object lies
 * outside their projects, 403 when they see it but their role may not, and otherwise "ok": a 2xx or a
 * 4xx that is not 401/403/404 (a validation or conflict answer means the call got past the policy).
 */

const CALLERS = [
  'anonymous',
  'superadmin',
  'admin',
  'perencanaan member',
  'pengawasan member',
  'non-member',
  'deactivated',
] as const
type Caller = (typeof CALLERS)[number]

/** `own`: a project the perencanaan and pengawasan members (and the deactivated user) belong to. */
type Target = 'own' | 'other'

type Outcome = 'ok' | 401 | 403 | 404

type Request = {
  path: string
  json?: unknown
  body?: BodyInit
}

type Route = {
  /** `public`: no token needed; `account`: no project object; `project`: an object in a project. */
  kind: 'public' | 'account' | 'project'
  /** Roles that may call it (for `project`: once they see the project). */
  allow: readonly Role[]
  /** Answers that differ from what `kind` and `allow` imply. */
  expect?: Partial<Record<Caller, Outcome>>
  /** Builds one call; fresh objects per call, so destructive calls never disturb the next one. */
  call: (ctx: Ctx) => Promise<Request>
}

type Ctx = { caller: Caller; user?: Fixture; project?: { id: number; slug: string } }
type Fixture = { id: number; email: string; role: Role; token: string }

const STAFF: readonly Role[] = ['admin', 'perencanaan', 'pengawasan']
const EVERYONE: readonly Role[] = ['superadmin', ...STAFF]
const PASSWORD = 'password-rahasia'

let t: TestApp
let passwordHash: string
const users = {} as Record<Exclude<Caller, 'anonymous'>, Fixture>

/** A fresh account of `role`, written directly (its password is PASSWORD). */
async function account(role: Role) {
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
async function project(target: Target) {
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
async function docIn(projectId: number) {
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
async function areaFolder(target: { id: number } | undefined, area: 'perencanaan' | 'pengawasan') {
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
async function areaFile(target: { id: number } | undefined, area: 'perencanaan' | 'pengawasan') {
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
async function recapIn(target: { id: number } | undefined) {
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

const employeeBody = () => ({
  name: 'Karyawan Baru',
  email: `karyawan-${randomUUID()}@berkas.test`,
  password: PASSWORD,
  phone: '081234567890',
  role: 'pengawasan',
})

/** A notification of `userId`, written directly; its id. */
async function notificationOf(userId: number) {
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

/** The route table: `METHOD path` exactly as the app registers it. */
const ROUTES: Record<string, Route> = {
  'GET /api/health': { kind: 'public', allow: EVERYONE, call: async () => ({ path: '/api/health' }) },
  'GET /api/openapi.json': {
    kind: 'public',
    allow: EVERYONE,
    call: async () => ({ path: '/api/openapi.json' }),
  },
  'GET /api/docs': { kind: 'public', allow: EVERYONE, call: async () => ({ path: '/api/docs' }) },
  'POST /api/auth/login': {
    kind: 'public',
    allow: EVERYONE,
    // A deactivated user cannot log in (401); anyone else logs in with their own account.
    expect: { deactivated: 401 },
    call: async ({ user }) => ({
      path: '/api/auth/login',
      json: { email: (user ?? users.admin).email, password: PASSWORD },
    }),
  },
  'POST /api/auth/logout': {
    kind: 'account',
    allow: EVERYONE,
    call: async () => ({ path: '/api/auth/logout' }),
  },

  // Own account: everyone who is logged in.
  'GET /api/user/me': { kind: 'account', allow: EVERYONE, call: async () => ({ path: '/api/user/me' }) },
  'PUT /api/user/update': {
    kind: 'account',
    allow: EVERYONE,
    call: async () => ({ path: '/api/user/update', json: { name: 'Nama Baru', phone: '081234567890' } }),
  },
  'PATCH /api/user/update-avatar': {
    kind: 'account',
    allow: EVERYONE,
    call: async () => ({
      path: '/api/user/update-avatar',
      body: formWith({ avatar: { data: await samplePng(), name: 'a.png', type: 'image/png' } }),
    }),
  },
  'PATCH /api/user/update-password': {
    kind: 'account',
    allow: EVERYONE,
    // The same password again, so the caller's next login still works.
    call: async () => ({
      path: '/api/user/update-password',
      json: { current_password: PASSWORD, new_password: PASSWORD, confirm_new_password: PASSWORD },
    }),
  },

  // Admin accounts: the superadmin only.
  'POST /api/admin/create': {
    kind: 'account',
    allow: ['superadmin'],
    call: async () => ({
      path: '/api/admin/create',
      json: {
        name: 'Admin Baru',
        email: `admin-${randomUUID()}@berkas.test`,
        password: PASSWORD,
        phone: '081234567890',
      },
    }),
  },
  'GET /api/admin/list': {
    kind: 'account',
    allow: ['superadmin'],
    call: async () => ({ path: '/api/admin/list' }),
  },
  'DELETE /api/admin/remove/:id': {
    kind: 'account',
    allow: ['superadmin'],
    call: async () => ({ path: `/api/admin/remove/${(await account('admin')).id}` }),
  },

  // Employees: admins.
  'POST /api/employee/create/:id': {
    kind: 'account',
    allow: ['admin'],
    // The path id is the creating admin's own id.
    call: async ({ user }) => ({
      path: `/api/employee/create/${(user ?? users.admin).id}`,
      json: employeeBody(),
    }),
  },
  'GET /api/employee/list': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({ path: '/api/employee/list' }),
  },
  'PUT /api/employee/update/:id': {
    kind: 'account',
    allow: ['admin'],
    call: async () => {
      const { password: _, ...body } = employeeBody()
      return { path: `/api/employee/update/${(await account('perencanaan')).id}`, json: body }
    },
  },
  'PATCH /api/employee/set-active/:id/:flag': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({ path: `/api/employee/set-active/${(await account('pengawasan')).id}/false` }),
  },
  'DELETE /api/employee/remove/:id': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({ path: `/api/employee/remove/${(await account('pengawasan')).id}` }),
  },

  // Projects.
  'POST /api/project/create': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({
      path: '/api/project/create',
      json: { name: 'Project Baru', description: 'Deskripsi' },
    }),
  },
  'GET /api/project/list': {
    kind: 'account',
    allow: STAFF,
    call: async () => ({ path: '/api/project/list' }),
  },
  'GET /api/dashboard/analysis': {
    kind: 'account',
    allow: STAFF,
    call: async () => ({ path: '/api/dashboard/analysis' }),
  },
  'GET /api/project/detail/:id': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({ path: `/api/project/detail/${project?.slug}` }),
  },
  'PUT /api/project/update/:id': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({
      path: `/api/project/update/${project?.id}`,
      json: { name: 'Nama Baru', description: 'Deskripsi baru' },
    }),
  },
  'DELETE /api/project/delete/:id': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({ path: `/api/project/delete/${project?.slug}` }),
  },
  'GET /api/project/:id/members': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({ path: `/api/project/${project?.id}/members` }),
  },
  'PUT /api/project/:id/members': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({
      path: `/api/project/${project?.id}/members`,
      json: { user_ids: [users['perencanaan member'].id] },
    }),
  },

  // Documentation: everyone who sees the project reads and writes (SPEC: dokumentasi is everyone's);
  // review is the admins'.
  'POST /api/doc/:slug/upload': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/upload`,
      body: formWith({
        description: 'Foto lapangan untuk matriks akses',
        files: { data: await samplePng(), name: 'a.png', type: 'image/png' },
      }),
    }),
  },
  'GET /api/doc/:slug/list': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({ path: `/api/doc/${project?.slug}/list` }),
  },
  'GET /api/doc/:slug/comment/:postId/list': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/comment/${(await docIn(project?.id ?? 0)).uuid}/list`,
    }),
  },
  'POST /api/doc/:slug/comment/:postId/submit': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/comment/${(await docIn(project?.id ?? 0)).uuid}/submit`,
      json: { comment: 'Komentar matriks akses' },
    }),
  },
  'PATCH /api/doc/:slug/status/:uuid/:status': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/status/${(await docIn(project?.id ?? 0)).uuid}/approved`,
    }),
  },
  'PATCH /api/doc/:slug/like/:uuid/:flag': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/like/${(await docIn(project?.id ?? 0)).uuid}/true`,
    }),
  },
  'DELETE /api/doc/:slug/remove/:uuid': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({
      path: `/api/doc/${project?.slug}/remove/${(await docIn(project?.id ?? 0)).uuid}`,
    }),
  },

  // Folders and files (SPEC section 6 area rules: admin everywhere, perencanaan in perencanaan,
  // pengawasan in pengawasan; reading both areas is for everyone who sees the project).
  'POST /api/folder/:slug/create/:area': {
    kind: 'project',
    allow: ['admin', 'perencanaan'],
    call: async ({ project }) => ({
      path: `/api/folder/${project?.slug}/create/perencanaan`,
      json: { name: `Folder ${randomUUID()}` },
    }),
  },
  'GET /api/folder/:slug/explore/:area': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({ path: `/api/folder/${project?.slug}/explore/pengawasan` }),
  },
  'PATCH /api/folder/:slug/rename/:area/:folderUuid': {
    kind: 'project',
    allow: ['admin', 'pengawasan'],
    call: async ({ project }) => ({
      path: `/api/folder/${project?.slug}/rename/pengawasan/${await areaFolder(project, 'pengawasan')}`,
      json: { name: `Nama ${randomUUID()}` },
    }),
  },
  'DELETE /api/folder/:slug/remove/:folderUuid': {
    kind: 'project',
    allow: ['admin', 'perencanaan'],
    call: async ({ project }) => ({
      path: `/api/folder/${project?.slug}/remove/${await areaFolder(project, 'perencanaan')}`,
    }),
  },
  'POST /api/file/:slug/upload/:area': {
    kind: 'project',
    allow: ['admin', 'pengawasan'],
    call: async ({ project }) => {
      const body = new FormData()
      body.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'laporan.pdf')
      return { path: `/api/file/${project?.slug}/upload/pengawasan`, body }
    },
  },
  'GET /api/file/:slug/download/:area/:fileUuid': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/download/perencanaan/${await areaFile(project, 'perencanaan')}`,
    }),
  },
  'PATCH /api/file/:slug/status/:fileUuid/:status': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/status/${await areaFile(project, 'pengawasan')}/approved`,
    }),
  },
  'DELETE /api/file/:slug/remove/:fileUuid': {
    kind: 'project',
    allow: ['admin', 'perencanaan'],
    call: async ({ project }) => ({
      path: `/api/file/${project?.slug}/remove/${await areaFile(project, 'perencanaan')}`,
    }),
  },

  // Rekap: everyone who sees the project lists and downloads; admins upload and delete.
  'POST /api/rekap/:slug/upload': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => {
      const body = new FormData()
      body.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'rekap.pdf')
      return { path: `/api/rekap/${project?.slug}/upload`, body }
    },
  },
  'GET /api/rekap/:slug/list': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({ path: `/api/rekap/${project?.slug}/list` }),
  },
  'GET /api/rekap/:slug/download/:id': {
    kind: 'project',
    allow: STAFF,
    call: async ({ project }) => ({ path: `/api/rekap/${project?.slug}/download/${await recapIn(project)}` }),
  },
  'DELETE /api/rekap/:slug/remove/:id': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({ path: `/api/rekap/${project?.slug}/remove/${await recapIn(project)}` }),
  },
  // The whole-project zip: admins.
  'GET /api/project/download/:id': {
    kind: 'project',
    allow: ['admin'],
    call: async ({ project }) => ({ path: `/api/project/download/${project?.id}` }),
  },

  // Notifications: everyone with a bell (not the superadmin), only ever their own.
  'GET /api/notification/list': {
    kind: 'account',
    allow: STAFF,
    call: async () => ({ path: '/api/notification/list' }),
  },
  'PUT /api/notification/read/:id': {
    kind: 'account',
    allow: STAFF,
    call: async ({ user }) => ({
      path: `/api/notification/read/${await notificationOf(user?.id ?? users.admin.id)}`,
    }),
  },
  'PUT /api/notification/read-all': {
    kind: 'account',
    allow: STAFF,
    call: async () => ({ path: '/api/notification/read-all' }),
  },
  // timeout=0: the stream says 'ready' and ends, so the call completes.
  'GET /api/notification/stream': {
    kind: 'account',
    allow: STAFF,
    call: async () => ({ path: '/api/notification/stream?timeout=0' }),
  },

  // The WhatsApp bot: admins only (simulate-scan exists with the simulated driver, the tests' default).
  'GET /api/whatsapp/qr': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({ path: '/api/whatsapp/qr' }),
  },
  'POST /api/whatsapp/logout': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({ path: '/api/whatsapp/logout' }),
  },
  'POST /api/whatsapp/simulate-scan': {
    kind: 'account',
    allow: ['admin'],
    call: async () => ({ path: '/api/whatsapp/simulate-scan' }),
  },

  // Unknown /api paths: behind authentication like everything else, then 404 for everyone.
  'ALL /api/*': {
    kind: 'account',
    allow: [],
    expect: {
      superadmin: 404,
      admin: 404,
      'perencanaan member': 404,
      'pengawasan member': 404,
      'non-member': 404,
    },
    call: async () => ({ path: '/api/tidak-ada' }),
  },
}

const ROLE_OF: Record<Exclude<Caller, 'anonymous'>, Role> = {
  superadmin: 'superadmin',
  admin: 'admin',
  'perencanaan member': 'perencanaan',
  'pengawasan member': 'pengawasan',
  'non-member': 'perencanaan',
  deactivated: 'pengawasan',
}

function expected(route: Route, caller: Caller, target: Target | undefined): Outcome {
  const special = route.expect?.[caller]
  if (special !== undefined) return special
  if (route.kind === 'public') return 'ok'
  if (caller === 'anonymous' || caller === 'deactivated') return 401
  const role = ROLE_OF[caller]
  if (route.kind === 'project') {
    const sees =
      role === 'admin' ||
      (target === 'own' && (caller === 'perencanaan member' || caller === 'pengawasan member'))
    if (!sees) return 404
  }
  return route.allow.includes(role) ? 'ok' : 403
}

const outcomeOf = (status: number): Outcome | number =>
  status === 401 || status === 403 || status === 404 ? status : status < 500 && status >= 200 ? 'ok' : status

const cases = Object.entries(ROUTES).flatMap(([key, route]) => {
  const [method, pattern] = key.split(' ')
  const targets: (Target | undefined)[] = route.kind === 'project' ? ['own', 'other'] : [undefined]
  return targets.flatMap((target) =>
    CALLERS.map((caller) => ({
      key,
      method: method === 'ALL' ? 'GET' : method,
      pattern,
      route,
      caller,
      target,
      label: target ? `${key} [${target} project]` : key,
      want: expected(route, caller, target),
    })),
  )
})

beforeAll(async () => {
  t = await createTestApp()
  passwordHash = await hashPassword(PASSWORD)
  users.superadmin = await t.user('superadmin', { password: PASSWORD })
  users.admin = await t.user('admin', { password: PASSWORD })
  users['perencanaan member'] = await t.user('perencanaan', { password: PASSWORD })
  users['pengawasan member'] = await t.user('pengawasan', { password: PASSWORD })
  users['non-member'] = await t.user('perencanaan', { password: PASSWORD })
  // Logged in while active, then deactivated by an admin: the token it holds must stop working.
  users.deactivated = await t.user('pengawasan', { password: PASSWORD })
  const off = await t.request('PATCH', `/api/employee/set-active/${users.deactivated.id}/false`, {
    token: users.admin.token,
  })
  expect(off.status).toBe(200)
})
afterAll(() => t?.close())

const SIZE = `${Object.keys(ROUTES).length} routes x ${CALLERS.length} callers, ${cases.length} calls`

describe(`access matrix over the real route table (${TEST_DB}; ${SIZE})`, () => {
  it('lists every API route of the app, and nothing the app does not have', () => {
    const registered = inspectRoutes(t.app)
      .filter((r) => !r.isMiddleware && r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`)
    expect([...new Set(registered)].sort()).toEqual(Object.keys(ROUTES).sort())
  })

  it.each(cases)('$label as $caller: $want', async ({ method, route, caller, target, want }) => {
    const user = caller === 'anonymous' ? undefined : users[caller]
    const project_ = target ? await project(target) : undefined
    const req = await route.call({ caller, user, project: project_ })
    // Live callers get a fresh session per call, so logout or a password change never spends the
    // token of the next call; the deactivated user keeps the token it had before it was deactivated.
    const token =
      caller === 'anonymous'
        ? undefined
        : caller === 'deactivated'
          ? users.deactivated.token
          : await createSession(t.db, users[caller].id, 60_000)
    const res = await t.request(method, req.path, { token, json: req.json, body: req.body })
    expect(
      outcomeOf(res.status),
      `${method} ${req.path} answered ${res.status} ${res.text.slice(0, 200)}`,
    ).toBe(want)
  })
})
