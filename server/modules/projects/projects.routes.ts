import { Hono } from 'hono'
import {
  ProjectCreateSchema,
  ProjectMembersSchema,
  ProjectUpdateSchema,
} from '../../../src/contracts/projects'
import type { AppEnv, Deps } from '../../deps'
import { jsonBody, ok, okCached } from '../../http'
import { idempotentCreate } from '../../idempotency'
import { toUser } from '../users/user-view'
import {
  createProject,
  deleteProject,
  projectDetail,
  projectList,
  projectMembers,
  setMembers,
  toProject,
  updateProject,
} from './projects.service'

/**
 * /api/project. Paths as SPEC section 7; `{id}` is the numeric id or the slug everywhere.
 * Response shapes: the list carries counts only (`folder_counts`), the detail also the SPEC's `files`
 * array of {id, uuid, folder, status}; see src/contracts/projects.ts.
 * Who may do what is decided in the services (server/access.ts); handlers parse, call and answer.
 */
export function projectRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  // The project row and the stored Idempotency-Key answer commit together (server/idempotency.ts).
  app.post('/create', (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const row = await createProject(
        scope.deps,
        c.var.user,
        scope.read(() => jsonBody(c, ProjectCreateSchema)),
      )
      return { status: 201, message: 'Project berhasil dibuat', data: toProject(row) }
    }),
  )

  app.get('/list', (c) => {
    const list = projectList(deps, c.var.user)
    return okCached(c, deps.readCache, list.key, 'Daftar project', list.load)
  })

  app.get('/detail/:id', async (c) =>
    ok(c, 'Detail project', await projectDetail(deps, c.var.user, c.req.param('id'))),
  )

  app.put('/update/:id', async (c) => {
    const read = () => jsonBody(c, ProjectUpdateSchema)
    return ok(c, 'Project berhasil diupdate', await updateProject(deps, c.var.user, c.req.param('id'), read))
  })

  app.delete('/delete/:id', async (c) => {
    await deleteProject(deps, c.var.user, c.req.param('id'))
    return ok(c, 'Project berhasil dihapus')
  })

  app.get('/:id/members', async (c) => {
    const members = await projectMembers(deps, c.var.user, c.req.param('id'))
    return ok(c, 'Anggota project', members.map(toUser))
  })

  app.put('/:id/members', async (c) => {
    const read = () => jsonBody(c, ProjectMembersSchema)
    const members = await setMembers(deps, c.var.user, c.req.param('id'), read)
    return ok(c, 'Anggota project berhasil diperbarui', members.map(toUser))
  })

  return app
}
