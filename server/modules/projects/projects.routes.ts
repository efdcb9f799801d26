import * as endpoints from '../../../src/contracts/projects.endpoints'
import { access } from '../../access'
import { ok, okCached } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
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
 * /api/project (declared in src/contracts/projects.endpoints.ts). `{id}` is the numeric id or the slug.
 * Response shapes: the list carries counts only (`folder_counts`), the detail also the SPEC's `files`
 * array of {id, uuid, folder, status}; see src/contracts/projects.ts.
 * Who may do what is decided in the services (server/access.ts); handlers parse, call and answer.
 */
export const projectRoutes: Routes = (deps, on) => {
  // The project row and the stored Idempotency-Key answer commit together (server/idempotency.ts).
  on(endpoints.create, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const row = await createProject(deps, c.var.user, scope.read(body))
      return {
        status: 201,
        message: 'Project berhasil dibuat',
        data: toProject(row, access.projectCan(c.var.user)),
      }
    }),
  )

  on(endpoints.list, (c) => {
    const list = projectList(deps, c.var.user)
    return okCached(c, deps.readCache, list.key, 'Daftar project', list.load)
  })

  on(endpoints.detail, async (c) =>
    ok(c, 'Detail project', await projectDetail(deps, c.var.user, c.req.param('id'))),
  )

  on(endpoints.update, async (c, body) => {
    return ok(c, 'Project berhasil diupdate', await updateProject(deps, c.var.user, c.req.param('id'), body))
  })

  on(endpoints.remove, async (c) => {
    await deleteProject(deps, c.var.user, c.req.param('id'))
    return ok(c, 'Project berhasil dihapus')
  })

  on(endpoints.members, async (c) => {
    const members = await projectMembers(deps, c.var.user, c.req.param('id'))
    return ok(c, 'Anggota project', members.map(toUser))
  })

  on(endpoints.setMembers, async (c, body) => {
    const members = await setMembers(deps, c.var.user, c.req.param('id'), body)
    return ok(c, 'Anggota project berhasil diperbarui', members.map(toUser))
  })
}
