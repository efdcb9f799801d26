import { inspectRoutes } from 'hono/dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessAction, Endpoint } from '../src/contracts/endpoint'
import { decide, RULES } from './access'
import { createSession } from './modules/auth/sessions.service'
import {
  CALLERS,
  type Caller,
  type MatrixCase,
  type Outcome,
  project,
  startMatrix,
  type Target,
  users,
} from './test/access-matrix-fixtures'
import { declaredEndpoints, inDeclaredSpace } from './test/declared-endpoints'
import { createTestApp, TEST_DB, type TestApp } from './test/harness'

/**
 * Every route of the real app, called as every kind of caller (docs/access.md): the "requires auth" and
 * "requires access" test of each endpoint. What each caller should get follows from the endpoint's
 * declared `access` (src/contracts/*.endpoints.ts) and the policy's rules, so a route whose service
 * checks something else than it declares fails here; how to call each route lives beside its module
 * (`server/modules/<module>/<module>.access-cases.ts`), and the test fails for a route without one.
 *
 * Expected answers: 401 for anonymous and deactivated callers; for the others, 404 when the object lies
 * outside their projects, 403 when they see it but their role may not, and otherwise "ok": a 2xx or a
 * 4xx that is not 401/403/404 (a validation or conflict answer means the call got past the policy).
 */

const CASES: MatrixCase[] = Object.values(
  import.meta.glob<MatrixCase[]>('./**/*.access-cases.ts', { eager: true, import: 'accessCases' }),
).flat()

const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`

const ROLE_OF = {
  superadmin: 'superadmin',
  admin: 'admin',
  'perencanaan member': 'perencanaan',
  'pengawasan member': 'pengawasan',
  'non-member': 'perencanaan',
  deactivated: 'pengawasan',
} as const

const actionsOf = (e: Endpoint): readonly AccessAction[] =>
  typeof e.access !== 'string'
    ? e.access
    : e.access === 'public' || e.access === 'signed-in'
      ? []
      : [e.access]

/** An object inside a project: called once on a project the members belong to and once on another. */
const inProject = (e: Endpoint) =>
  actionsOf(e).some((a) => RULES[a].on === 'project' || RULES[a].on === 'area')

function expected(c: MatrixCase, caller: Caller, target: Target | undefined): Outcome {
  const special = c.expect?.[caller]
  if (special !== undefined) return special
  if (c.endpoint.access === 'public') return 'ok'
  if (caller === 'anonymous' || caller === 'deactivated') return 401
  const actor = { id: users[caller].id, role: ROLE_OF[caller] }
  const member = target === 'own' && (caller === 'perencanaan member' || caller === 'pengawasan member')
  for (const action of actionsOf(c.endpoint)) {
    // `own` rows: the cases always use the caller's own (someone else's are tested in the module).
    const decision = decide(actor, action, { member, area: c.area, ownerId: actor.id })
    if (decision === 'hidden') return 404
    if (decision === 'forbidden') return 403
  }
  return 'ok'
}

const outcomeOf = (status: number): Outcome | number =>
  status === 401 || status === 403 || status === 404 ? status : status < 500 && status >= 200 ? 'ok' : status

/** Unknown /api paths: behind authentication like everything else, then 404 for everyone. */
const UNKNOWN: MatrixCase = {
  endpoint: { method: 'GET', path: '/api/tidak-ada', access: 'signed-in', tag: '', summary: '' },
  expect: {
    superadmin: 404,
    admin: 404,
    'perencanaan member': 404,
    'pengawasan member': 404,
    'non-member': 404,
  },
  call: async () => ({ path: '/api/tidak-ada' }),
}

const cases = [...CASES, UNKNOWN].flatMap((c) => {
  const targets: (Target | undefined)[] = inProject(c.endpoint) ? ['own', 'other'] : [undefined]
  const key = keyOf(c.endpoint)
  return targets.flatMap((target) =>
    CALLERS.map((caller) => ({ key, c, caller, target, label: target ? `${key} [${target} project]` : key })),
  )
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await startMatrix(t)
})
afterAll(() => t?.close())

const SIZE = `${CASES.length + 1} routes x ${CALLERS.length} callers, ${cases.length} calls`

describe(`access matrix over the real route table (${TEST_DB}; ${SIZE})`, () => {
  it('has one call for every declared endpoint, and the app serves exactly the declared endpoints', () => {
    const registered = inspectRoutes(t.app)
      .filter((r) => !r.isMiddleware && inDeclaredSpace(r.path) && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
    const declared = declaredEndpoints().map(keyOf)
    expect([...new Set(registered)].sort()).toEqual([...declared].sort())
    expect(CASES.map((c) => keyOf(c.endpoint)).sort()).toEqual([...declared].sort())
  })

  it.each(cases)('$label as $caller', async ({ c, caller, target }) => {
    const want = expected(c, caller, target)
    const user = caller === 'anonymous' ? undefined : users[caller]
    const project_ = target ? await project(target) : undefined
    const req = await c.call({ caller, user, project: project_ })
    // Live callers get a fresh session per call, so logout or a password change never spends the
    // token of the next call; the deactivated user keeps the token it had before it was deactivated.
    const token =
      caller === 'anonymous'
        ? undefined
        : caller === 'deactivated'
          ? users.deactivated.token
          : await createSession(t.db, users[caller].id, 60_000)
    const res = await t.request(c.endpoint.method, req.path, { token, json: req.json, body: req.body })
    expect(
      outcomeOf(res.status),
      `${c.endpoint.method} ${req.path} answered ${res.status} ${res.text.slice(0, 200)}`,
    ).toBe(want)
  })
})
