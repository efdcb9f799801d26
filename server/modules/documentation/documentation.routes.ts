import { DOC_MSG, type DocListEnvelope } from '../../../src/contracts/documentation'
import * as endpoints from '../../../src/contracts/documentation.endpoints'
import { REVIEW_MSG } from '../../../src/contracts/review'
import { optionalJson } from '../../base/optional-json'
import { ok } from '../../http'
import { idempotentCreate } from '../../idempotency'
import type { Routes } from '../../route'
import { runUpload } from '../../uploads/upload-service'
import { getDoc, reviewDoc, reviewDocsBulk } from './doc-review.service'
import { docRevise } from './doc-revise.service'
import { docUpload } from './doc-upload.service'
import { addComment, listComments, listDocs, removeDoc, setLike } from './documentation.service'

/**
 * /api/doc/{slug}/... (SPEC section 7, Documentation). Shapes in src/contracts/documentation.ts. The three writes
 * a phone may queue offline (upload, comment, like) take an Idempotency-Key; who may do what is decided
 * in the services (server/access.ts).
 */
export const docRoutes: Routes = (deps, on) => {
  on(endpoints.upload, (c) => runUpload(c, deps, docUpload, { slug: c.req.param('slug') }))

  on(endpoints.revise, (c) =>
    runUpload(c, deps, docRevise, { slug: c.req.param('slug'), uuid: c.req.param('uuid') }),
  )

  on(endpoints.list, async (c) => {
    const page = await listDocs(deps, c.var.user, c.req.param('slug'), {
      cursor: c.req.query('cursor'),
      limit: c.req.query('limit'),
      from: c.req.query('from'),
      to: c.req.query('to'),
      work_item: c.req.query('work_item'),
      uploader: c.req.query('uploader'),
      status: c.req.query('status'),
      site: c.req.query('site'),
    })
    const body: DocListEnvelope = {
      success: true,
      message: DOC_MSG.listed,
      data: page.docs,
      next_cursor: page.nextCursor,
    }
    return c.json(body)
  })

  on(endpoints.comments, async (c) =>
    ok(c, DOC_MSG.comments, await listComments(deps, c.var.user, c.req.param('slug'), c.req.param('postId'))),
  )

  on(endpoints.comment, (c, body) =>
    idempotentCreate(c, deps, async (scope) => {
      const comment = await addComment(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('postId'),
        scope.read(body),
      )
      return { status: 201, message: DOC_MSG.commented, data: comment }
    }),
  )

  on(endpoints.item, async (c) =>
    ok(c, DOC_MSG.listed, await getDoc(deps, c.var.user, c.req.param('slug'), c.req.param('uuid'))),
  )

  on(endpoints.review, async (c) => {
    const status = c.req.param('status')
    // The body is optional ({ note } with 'rejected'); an empty one is no body.
    const doc = await reviewDoc(deps, c.var.user, c.req.param('slug'), c.req.param('uuid'), status, () =>
      optionalJson(c),
    )
    return ok(c, status === 'approved' ? DOC_MSG.approved : DOC_MSG.revision, doc)
  })

  on(endpoints.reviewBulk, async (c, body) => {
    const result = await reviewDocsBulk(deps, c.var.user, c.req.param('slug'), body)
    const n = result.docs.length
    const message =
      n === 0
        ? REVIEW_MSG.bulkNothing
        : result.docs[0]?.status === 'approved'
          ? REVIEW_MSG.bulkApproved(n)
          : REVIEW_MSG.bulkRejected(n)
    return ok(c, message, result)
  })

  on(endpoints.like, (c) =>
    idempotentCreate(c, deps, async (scope) => {
      const flag = c.req.param('flag')
      const like = await setLike(
        deps,
        c.var.user,
        c.req.param('slug'),
        c.req.param('uuid'),
        flag,
        scope.claim,
      )
      return { status: 200, message: like.liked ? DOC_MSG.liked : DOC_MSG.unliked, data: like }
    }),
  )

  on(endpoints.remove, async (c) => {
    await removeDoc(deps, c.var.user, c.req.param('slug'), c.req.param('uuid'))
    return ok(c, DOC_MSG.deleted)
  })
}
