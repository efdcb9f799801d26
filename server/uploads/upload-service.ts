import type { Context } from 'hono'
import type { UserRow } from '../db/schema'
import type { AppEnv, Deps } from '../deps'
import { type CreateAnswer, type CreateOptions, idempotentCreate, type Tx } from '../idempotency'
import { type Upload, type UploadOptions, withUpload } from './receive'

/**
 * What an upload is (docs/decisions/0060-explicit-upload-transactions.md): the same five steps for every
 * multipart write (documentation photos, area files, recap files, the avatar), run in this order by
 * runUpload. Only `store` writes, and only through the transaction it is given.
 *
 * - `authorize`: the access policy, asked before a byte of the body is read. It returns the target:
 *   who uploads into what (the project, the area...), everything the later steps need to know about it.
 * - `options`: how the body is received (uploads/receive.ts): fields, kinds, limits, where files stage.
 * - `prepare`: validates the fields and files against the target and derives what is to be stored
 *   (a plan, image headers, a re-encoded file); no database, no blob store. Returns that input and the
 *   Idempotency-Key's fingerprint payload (field values plus each file's name and SHA-256).
 * - `store`: writes the rows in the transaction it is given, with the blobs committed alongside it
 *   (uploads/commit.ts commitUpload), and reads back what the answer shows, in that same transaction.
 * - `answer`: the status, message and data stored with the Idempotency-Key and sent.
 */
export type UploadService<Params, Target, Input, Stored> = {
  authorize(deps: Deps, user: UserRow, params: Params): Promise<Target>
  options(deps: Deps): UploadOptions
  prepare(target: Target, upload: Upload): Promise<Prepared<Input>>
  store(deps: Deps, tx: Tx, target: Target, input: Input): Promise<Stored>
  answer(stored: Stored): CreateAnswer
  /** 'ignored' for a call that never took an Idempotency-Key (the avatar); it still stores in one Tx. */
  idempotencyKey?: CreateOptions['idempotencyKey']
}

export type Prepared<Input> = { input: Input; fingerprint: unknown }

/**
 * Runs an upload: authorize, receive the body (streamed to staging), prepare, then claim the
 * Idempotency-Key, which opens the transaction (only now: a phone trickling its photos in holds no
 * database connection), store, answer, commit. A repeat of a stored key is answered from the stored
 * answer; domain events are delivered and jobs woken only after the commit; the staged files are removed
 * however it ends (withUpload), and blobs put for a transaction that rolls back are deleted (commitUpload).
 */
export function runUpload<Params, Target, Input, Stored>(
  c: Context<AppEnv>,
  deps: Deps,
  service: UploadService<Params, Target, Input, Stored>,
  params: Params,
): Promise<Response> {
  return idempotentCreate(
    c,
    deps,
    async ({ claim }) => {
      const target = await service.authorize(deps, c.var.user, params)
      return withUpload(c, deps.config, service.options(deps), async (upload) => {
        const { input, fingerprint } = await service.prepare(target, upload)
        const tx = await claim(fingerprint)
        return service.answer(await service.store(deps, tx, target, input))
      })
    },
    { idempotencyKey: service.idempotencyKey },
  )
}
