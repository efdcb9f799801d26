import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  ProjectCreateSchema,
  ProjectMembersSchema,
  ProjectUpdateSchema,
} from '../../../src/contracts/projects'
import { assertCan, findVisibleProject, visibilityKey } from '../../access'
import type { AppEnv, Deps } from '../../deps'
import { jsonBody, ok, okCached } from '../../http'
import { idempotent } from '../../idempotency'
import { toUser } from '../users/user-view'
import {
  createProject,
  deleteProject,
  listMembers,
  listProjects,
  projectDetail,
  projectWithCounts,
  setMembers,
  toProject,
  updateProject,
} from './projects.service'

/**
 * /api/project. Paths as SPEC section 7; `{id}` is the numeric id or the slug everywhere.
 * Response shapes: the list carries counts only (`folder_counts`), the detail also the SPEC's `files`
 * array of {id, uuid, folder, status}; see src/contracts/projects.ts.
 */
export function projectRoutes(deps: Deps) {
  const { db, events } = deps
  const app = new Hono<AppEnv>()
  const manage = createMiddleware<AppEnv>(async (c, next) => {
    assertCan(c.var.user, 'projects.manage')
    await next()
  })
  const view = createMiddleware<AppEnv>(async (c, next) => {
    assertCan(c.var.user, 'projects.view')
    await next()
  })

  // The role check runs before the idempotency reservation, so a refused request stores nothing.
  app.post('/create', manage, idempotent(deps), async (c) => {
    const input = await jsonBody(c, ProjectCreateSchema)
    const row = await createProject(db, input, c.var.user.id)
    void events.publish({
      type: 'project_created',
      actorId: c.var.user.id,
      projectId: row.id,
      name: row.name,
      slug: row.slug,
    })
    return ok(c, 'Project berhasil dibuat', toProject(row), 201)
  })

  app.get('/list', view, (c) => {
    const user = c.var.user
    return okCached(c, deps.readCache, `projects:${visibilityKey(user)}`, 'Daftar project', () =>
      listProjects(db, user),
    )
  })

  app.get('/detail/:id', view, async (c) => {
    const project = await findVisibleProject(db, c.var.user, c.req.param('id'))
    return ok(c, 'Detail project', await projectDetail(db, project))
  })

  app.put('/update/:id', manage, async (c) => {
    const project = await findVisibleProject(db, c.var.user, c.req.param('id'))
    const input = await jsonBody(c, ProjectUpdateSchema)
    const row = await updateProject(db, project.id, input)
    return ok(c, 'Project berhasil diupdate', await projectWithCounts(db, row.id))
  })

  app.delete('/delete/:id', manage, async (c) => {
    const project = await findVisibleProject(db, c.var.user, c.req.param('id'))
    await deleteProject(deps, project.id)
    return ok(c, 'Project berhasil dihapus')
  })

  app.get('/:id/members', manage, async (c) => {
    const project = await findVisibleProject(db, c.var.user, c.req.param('id'))
    return ok(c, 'Anggota project', (await listMembers(db, project.id)).map(toUser))
  })

  app.put('/:id/members', manage, async (c) => {
    const project = await findVisibleProject(db, c.var.user, c.req.param('id'))
    const input = await jsonBody(c, ProjectMembersSchema)
    const members = await setMembers(deps, project.id, input.user_ids)
    return ok(c, 'Anggota project berhasil diperbarui', members.map(toUser))
  })

  return app
}
