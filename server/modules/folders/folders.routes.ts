import type { Context } from 'hono'
import type * as v from 'valibot'
import { FILE_MSG, FolderCreateSchema, FolderRenameSchema } from '../../../src/contracts/files'
import * as endpoints from '../../../src/contracts/files.endpoints'
import type { Deps } from '../../deps'
import { jsonBody, ok, validate } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { withUpload } from '../../uploads/receive'
import { createFolder, exploreFolder, removeFolder, renameFolder } from './folders.service'

/**
 * A folder form as SPEC sends it (multipart: name, parent_slug), or the same fields as JSON or
 * urlencoded. Multipart goes through the upload pipeline (fields bounded; a file part is refused).
 */
function folderBody<S extends v.GenericSchema>(c: Context, deps: Deps, schema: S): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? ''
  const firstValues = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([k, val]) => [k, Array.isArray(val) ? val[0] : val]))
  if (/^multipart\/form-data\b/i.test(type))
    return withUpload(c, deps.config, { fileFields: [], maxFiles: 0, accept: [] }, async (up) =>
      validate(schema, firstValues(up.fields)),
    )
  if (/^application\/x-www-form-urlencoded\b/i.test(type))
    return c.req.parseBody({ all: true }).then((form) => validate(schema, firstValues(form)))
  return jsonBody(c, schema)
}

/** /api/folder (SPEC section 7, Folders); access is decided in the service. */
export const folderRoutes: Routes = (deps, on) => {
  on(endpoints.createFolder, (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const folder = await createFolder(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('area'),
        scope.read(() => folderBody(c, deps, FolderCreateSchema)),
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

  on(endpoints.renameFolder, async (c) => {
    const folder = await renameFolder(
      deps,
      c.var.user,
      c.req.param('slug'),
      c.req.param('area'),
      c.req.param('folderUuid'),
      () => folderBody(c, deps, FolderRenameSchema),
    )
    return ok(c, FILE_MSG.folderRenamed, folder)
  })

  on(endpoints.removeFolder, async (c) => {
    await removeFolder(deps, c.var.user, c.req.param('slug'), c.req.param('folderUuid'))
    return ok(c, FILE_MSG.folderDeleted)
  })
}
