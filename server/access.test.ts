import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../src/contracts/common'
import { AREAS, type Area } from '../src/contracts/projects'
import { type Action, type Actor, access, type Decision, decide, RULES } from './access'
import { AppError } from './http'
import { createTestApp, type TestApp } from './test/harness'

/**
 * SPEC section 6 as a table, written out by hand (not derived from RULES): for each action, the answer
 * for each kind of caller. A = allowed, F = 403 (sees the object, role may not), H = 404 (hidden).
 * Columns: superadmin, admin, perencanaan member, perencanaan non-member, pengawasan member, pengawasan
 * non-member. "Member" means member of the object's project; for actions without a project it changes
 * nothing, which the table shows too.
 */
const CALLERS: { role: Role; member: boolean; label: string }[] = [
  { role: 'superadmin', member: false, label: 'superadmin' },
  { role: 'admin', member: false, label: 'admin' },
  { role: 'perencanaan', member: true, label: 'perencanaan member' },
  { role: 'perencanaan', member: false, label: 'perencanaan non-member' },
  { role: 'pengawasan', member: true, label: 'pengawasan member' },
  { role: 'pengawasan', member: false, label: 'pengawasan non-member' },
]

const EXPECTED: Record<string, string> = {
  //                          sa admin p+ p-  w+ w-
  'profile.edit': '            A  A    A  A   A  A',
  'admin.manage': '            A  F    F  F   F  F',
  'employee.manage': '         F  A    F  F   F  F',
  'whatsapp.manage': '         F  A    F  F   F  F',
  'notification.list': '       F  A    A  A   A  A',
  'project.list': '            F  A    A  A   A  A',
  'project.create': '          F  A    F  F   F  F',
  'project.view': '            H  A    A  H   A  H',
  'project.manage': '          H  A    F  H   F  H',
  'project.download': '        H  A    F  H   F  H',
  'project.members': '         H  A    F  H   F  H',
  'area.read': '               H  A    A  H   A  H',
  'area.write@perencanaan': '  H  A    A  H   F  H',
  'area.write@pengawasan': '   H  A    F  H   A  H',
  'area.write@dokumentasi': '  H  A    A  H   A  H',
  'area.write@rekap': '        H  A    F  H   F  H',
  'file.delete@perencanaan': ' H  A    A  H   F  H',
  'file.delete@pengawasan': '  H  A    F  H   A  H',
  'file.delete@dokumentasi': ' H  A    A  H   A  H',
  'file.delete@rekap': '       H  A    F  H   F  H',
  'file.review': '             H  A    F  H   F  H',
  'doc.read': '                H  A    A  H   A  H',
  'doc.write': '               H  A    A  H   A  H',
  'doc.review': '              H  A    F  H   F  H',
  'comment.create': '          H  A    A  H   A  H',
  'recap.read': '              H  A    A  H   A  H',
  'recap.manage': '            H  A    F  H   F  H',
  // Site evidence: work items, the project's history and the trash are the admins'.
  'work-item.manage': '        H  A    F  H   F  H',
  'history.read': '            H  A    F  H   F  H',
  'trash.manage': '            H  A    F  H   F  H',
  // Reports: members download them; admins make, list, save, remove and share them.
  'report.read': '             H  A    A  H   A  H',
  'report.manage': '           H  A    F  H   F  H',
  'share.manage': '            H  A    F  H   F  H',
  // Firm settings (issue 30): the office's accounts keep them; everyone signed in reads them.
  'settings.write': '          A  A    F  F   F  F',
  // Laporan Harian (issue 34): every member reads; admins and pengawasan members write and sign.
  'diary.read': '              H  A    A  H   A  H',
  'diary.write': '             H  A    F  H   A  H',
  // A notification is its owner's only: someone else's is absent, whatever the role.
  'notification.read@own': '   A  A    A  A   A  A',
  'notification.read@other': ' H  H    H  H   H  H',
}

const LETTER: Record<string, Decision> = { A: 'allow', F: 'forbidden', H: 'hidden' }

const rows = Object.entries(EXPECTED).flatMap(([key, line]) => {
  const [action, qualifier] = key.split('@') as [Action, string | undefined]
  const letters = line.trim().split(/\s+/)
  return CALLERS.map((caller, i) => ({ key, action, qualifier, caller, expected: LETTER[letters[i]] }))
})

describe('access policy table (role x action x membership)', () => {
  it('covers every action of the policy, and every area for area actions', () => {
    const covered = new Set(Object.keys(EXPECTED).map((k) => k.split('@')[0]))
    expect([...covered].sort()).toEqual(Object.keys(RULES).sort())
    for (const [action, rule] of Object.entries(RULES)) {
      if (rule.on !== 'area') continue
      for (const area of AREAS) expect(EXPECTED, `${action}@${area}`).toHaveProperty([`${action}@${area}`])
    }
    for (const line of Object.values(EXPECTED)) expect(line.trim().split(/\s+/)).toHaveLength(CALLERS.length)
  })

  it.each(rows)('$key as $caller.label: $expected', ({ action, qualifier, caller, expected }) => {
    const user: Actor = { id: 7, role: caller.role }
    const facts =
      qualifier === 'own' || qualifier === 'other'
        ? { ownerId: qualifier === 'own' ? 7 : 8 }
        : { member: caller.member, area: qualifier as Area | undefined }
    expect(decide(user, action, facts)).toBe(expected)
    expect(access.can(user, action, facts)).toBe(expected === 'allow')
  })

  it('an area action without its area is a programming error, not a silent allow', () => {
    expect(() => decide({ id: 1, role: 'admin' }, 'area.write', { member: true })).toThrow(/needs an area/)
  })
})

describe('access against the database', () => {
  let t: TestApp
  let admin: Actor
  let planner: Actor
  let outsider: Actor
  let superadmin: Actor
  let projectId: number
  let slug: string

  beforeAll(async () => {
    t = await createTestApp()
    ;[admin, planner, outsider, superadmin] = await Promise.all([
      t.user('admin'),
      t.user('perencanaan'),
      t.user('pengawasan'),
      t.user('superadmin'),
    ])
    const now = new Date().toISOString()
    slug = randomUUID()
    ;({ id: projectId } = await t.db
      .insertInto('projects')
      .values({ slug, name: 'P', description: 'P', created_by: admin.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow())
    await t.db
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: planner.id, created_at: now })
      .execute()
  })
  afterAll(() => t.close())

  async function status(p: Promise<unknown>): Promise<number | 'ok'> {
    try {
      await p
      return 'ok'
    } catch (err) {
      if (err instanceof AppError) return err.status
      throw err
    }
  }

  it('require: 404 outside the caller’s projects, 403 for a role refusal inside, ok when allowed', async () => {
    const deps = { db: t.db }
    expect(await status(access.require(deps, admin, 'file.review', { projectId }))).toBe('ok')
    expect(await status(access.require(deps, planner, 'file.review', { projectId }))).toBe(403)
    expect(
      await status(access.require(deps, planner, 'area.write', { projectId, area: 'perencanaan' })),
    ).toBe('ok')
    expect(await status(access.require(deps, planner, 'area.write', { projectId, area: 'pengawasan' }))).toBe(
      403,
    )
    expect(await status(access.require(deps, outsider, 'area.read', { projectId }))).toBe(404)
    expect(await status(access.require(deps, superadmin, 'project.view', { projectId }))).toBe(404)
    expect(await status(access.require(deps, superadmin, 'admin.manage'))).toBe('ok')
    expect(await status(access.require(deps, admin, 'admin.manage'))).toBe(403)
    expect(await status(access.require(deps, planner, 'notification.read', { ownerId: planner.id }))).toBe(
      'ok',
    )
    expect(await status(access.require(deps, planner, 'notification.read', { ownerId: admin.id }))).toBe(404)
  })

  it('project: loads by id or slug; absent and hidden projects answer the same 404', async () => {
    const deps = { db: t.db }
    expect((await access.project(deps, planner, slug)).id).toBe(projectId)
    expect((await access.project(deps, admin, String(projectId), 'project.manage')).slug).toBe(slug)
    expect((await access.project(deps, planner, slug, 'area.write', 'dokumentasi')).id).toBe(projectId)
    expect(await status(access.project(deps, planner, slug, 'project.manage'))).toBe(403)
    expect(await status(access.project(deps, planner, slug, 'area.write', 'pengawasan'))).toBe(403)
    const hidden = await access.project(deps, outsider, slug).catch((e: AppError) => e)
    const absent = await access.project(deps, outsider, randomUUID()).catch((e: AppError) => e)
    expect(hidden).toBeInstanceOf(AppError)
    expect(absent).toBeInstanceOf(AppError)
    expect([(hidden as AppError).status, (hidden as AppError).message]).toEqual([
      404,
      'Project tidak ditemukan',
    ])
    expect([(absent as AppError).status, (absent as AppError).message]).toEqual([
      404,
      'Project tidak ditemukan',
    ])
    expect(await status(access.project(deps, admin, '99999999999'))).toBe(404)
  })

  it('scope: every project for admins, memberships for employees, 403 for the superadmin', async () => {
    const deps = { db: t.db }
    expect(access.scope(deps, admin)).toMatchObject({ ids: 'all', key: 'all' })
    const mine = access.scope(deps, planner)
    expect(mine.key).toBe(`user:${planner.id}`)
    expect(mine.ids === 'all' ? 'all' : (await mine.ids.execute()).map((r) => r.project_id)).toEqual([
      projectId,
    ])
    const none = access.scope(deps, outsider)
    expect(none.ids === 'all' ? 'all' : await none.ids.execute()).toEqual([])
    expect(() => access.scope(deps, superadmin)).toThrow(AppError)
  })
})
