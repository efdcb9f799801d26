import type { Context } from 'hono'
import type { BodyOut } from '../../../src/contracts/endpoint'
import { FILE_MSG } from '../../../src/contracts/files'
import * as endpoints from '../../../src/contracts/files.endpoints'
import type { Deps } from '../../deps'
import { ok, validate } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { BodyReader, Routes } from '../../route'
import { withUpload } from '../../uploads/receive'
import { createFolder, exploreFolder, removeFolder, renameFolder } from './folders.service'

/**
 * A folder form as SPEC sends it (multipart: name, parent_slug), or the same fields as JSON (the
 * declared body, `json`) or urlencoded, each checked by the endpoint's declared schema. Multipart goes
 * through the upload pipeline (fields bounded; a file part is refused).
 */
function folderBody<E extends typeof endpoints.createFolder | typeof endpoints.renameFolder>(
  c: Context,
  deps: Deps,
  endpoint: E,
  json: BodyReader<E>,
): Promise<BodyOut<E>> {
  const type = c.req.header('content-type') ?? ''
  const firstValues = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([k, val]) => [k, Array.isArray(val) ? val[0] : val]))
  if (/^multipart\/form-data\b/i.test(type))
    return withUpload(
      c,
      deps.config,
      { fileFields: [], maxFiles: 0, accept: [] },
      async (up) => validate(endpoint.json, firstValues(up.fields)) as BodyOut<E>,
    )
  if (/^application\/x-www-form-urlencoded\b/i.test(type))
    return c.req
      .parseBody({ all: true })
      .then((form) => validate(endpoint.json, firstValues(form)) as BodyOut<E>)
  return json()
}

/** /api/folder (SPEC section 7, Folders); access is decided in the service. */
export const folderRoutes: Routes = (deps, on) => {
  on(endpoints.createFolder, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const folder = await createFolder(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('area'),
        scope.read(() => folderBody(c, deps, endpoints.createFolder, body)),
      )
      return { status: 201, message: FILE_MSG.folderCreated, data: folder }
    }),
  )

  on(endpoints.explore, async (c) => {
    const result = await exploreFolder(deps, c.var.user, c.req.param('slug'), c.req.param('area'), {
      parent_slug: c.req.query('parent_slug'),
      cursor: c.req.query('cursor'),
      limit: c.req.query('limit'),
    })
    return ok(c, 'Isi folder', result)
  })

  on(endpoints.renameFolder, async (c, body) => {
    const folder = await renameFolder(
      deps,
      c.var.user,
      c.req.param('slug'),
      c.req.param('area'),
      c.req.param('folderUuid'),
      () => folderBody(c, deps, endpoints.renameFolder, body),
    )
    return ok(c, FILE_MSG.folderRenamed, folder)
  })

  on(endpoints.removeFolder, async (c) => {
    await removeFolder(deps, c.var.user, c.req.param('slug'), c.req.param('folderUuid'))
    return ok(c, FILE_MSG.folderDeleted)
  })
}
