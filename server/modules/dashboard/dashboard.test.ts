import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Area, Status } from '../../../src/contracts/projects'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const now = () => new Date().toISOString()

async function project(name: string, createdBy: number) {
  // Rows written behind the API's back: drop cached reads as the API's write path does.
  await t.deps.readCache.bump()
  return t.db
    .insertInto('projects')
    .values({
      slug: randomUUID(),
      name,
      description: name,
      created_by: createdBy,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function files(projectId: number, creatorId: number, area: Area, status: Status, n: number) {
  // Rows written behind the API's back: drop cached reads as the API's write path does.
  await t.deps.readCache.bump()
  await t.db
    .insertInto('files')
    .values(
      Array.from({ length: n }, () => ({
        uuid: randomUUID(),
        project_id: projectId,
        area,
        folder_id: null,
        name: 'a.pdf',
        size_bytes: 1,
        mime: 'application/pdf',
        blob_key: `${randomUUID()}.pdf`,
        status,
        creator_id: creatorId,
        created_at: now(),
      })),
    )
    .execute()
}

async function docs(projectId: number, creatorId: number, status: Status, n: number) {
  // Rows written behind the API's back: drop cached reads as the API's write path does.
  await t.deps.readCache.bump()
  await t.db
    .insertInto('docs')
    .values(
      Array.from({ length: n }, () => ({
        uuid: randomUUID(),
        project_id: projectId,
        description: 'Foto lapangan',
        status,
        creator_id: creatorId,
        created_at: now(),
      })),
    )
    .execute()
}

describe('GET /api/dashboard/analysis', () => {
  it('requires auth', async () => {
    expect((await t.request('GET', '/api/dashboard/analysis')).status).toBe(401)
  })

  it('refuses the superadmin', async () => {
    const sa = await t.user('superadmin')
    const res = await t.request('GET', '/api/dashboard/analysis', { token: sa.token })
    expect(res.status).toBe(403)
    expect(res.json.success).toBe(false)
  })

  it('counts everything for admins and only member projects for employees', async () => {
    const admin = await t.user('admin')
    const planner = await t.user('perencanaan')
    const stranger = await t.user('pengawasan')

    const empty = await t.request('GET', '/api/dashboard/analysis', { token: admin.token })
    expect(empty.status).toBe(200)
    expect(empty.json.data).toEqual({
      projects: 0,
      files: 0,
      docs: 0,
      file_pending: 0,
      file_approved: 0,
      file_rejected: 0,
      doc_pending: 0,
      doc_approved: 0,
      doc_rejected: 0,
    })

    const a = await project('A', admin.id)
    const b = await project('B', admin.id)
    await files(a.id, admin.id, 'perencanaan', 'pending', 3)
    await files(a.id, admin.id, 'pengawasan', 'approved', 2)
    await files(a.id, admin.id, 'perencanaan', 'rejected', 1)
    await docs(a.id, admin.id, 'pending', 2)
    await docs(a.id, admin.id, 'approved', 1)
    await files(b.id, admin.id, 'pengawasan', 'pending', 4)
    await docs(b.id, admin.id, 'approved', 5)
    await docs(b.id, admin.id, 'rejected', 1)

    const all = await t.request('GET', '/api/dashboard/analysis', { token: admin.token })
    expect(all.json).toEqual({
      success: true,
      message: 'Analisis dashboard',
      data: {
        projects: 2,
        files: 10,
        docs: 9,
        file_pending: 7,
        file_approved: 2,
        file_rejected: 1,
        doc_pending: 2,
        doc_approved: 6,
        doc_rejected: 1,
      },
    })

    // Membership goes through the API, as an admin would do it.
    expect(
      (
        await t.request('PUT', `/api/project/${a.id}/members`, {
          token: admin.token,
          json: { user_ids: [planner.id] },
        })
      ).status,
    ).toBe(200)
    const mine = await t.request('GET', '/api/dashboard/analysis', { token: planner.token })
    expect(mine.status).toBe(200)
    expect(mine.json.data).toEqual({
      projects: 1,
      files: 6,
      docs: 3,
      file_pending: 3,
      file_approved: 2,
      file_rejected: 1,
      doc_pending: 2,
      doc_approved: 1,
      doc_rejected: 0,
    })

    const none = await t.request('GET', '/api/dashboard/analysis', { token: stranger.token })
    expect(none.json.data).toEqual({
      projects: 0,
      files: 0,
      docs: 0,
      file_pending: 0,
      file_approved: 0,
      file_rejected: 0,
      doc_pending: 0,
      doc_approved: 0,
      doc_rejected: 0,
    })

    // Removing the member takes the counts away again.
    await t.request('PUT', `/api/project/${a.id}/members`, { token: admin.token, json: { user_ids: [] } })
    expect(
      (await t.request('GET', '/api/dashboard/analysis', { token: planner.token })).json.data.projects,
    ).toBe(0)

    // A deleted project no longer counts.
    expect((await t.request('DELETE', `/api/project/delete/${b.id}`, { token: admin.token })).status).toBe(
      200,
    )
    expect(
      (await t.request('GET', '/api/dashboard/analysis', { token: admin.token })).json.data,
    ).toMatchObject({ projects: 1, files: 6, docs: 3 })
  })
})
