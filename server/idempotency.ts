import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Deps } from './deps'
import { AppError, nowIso } from './http'

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/
const IN_FLIGHT = 0

/**
 * Create calls accept an `Idempotency-Key` (a client-made uuid). The first response per (user, key)
 * is stored and replayed for repeats, so an outbox item sent twice lands once. A row is reserved
 * before the handler runs, so two concurrent sends of one key cannot both create.
 * Must run after requireAuth.
 */
export const idempotent = (deps: Deps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (!key) return next()
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'Idempotency-Key tidak valid')
    const userId = c.var.user.id
    const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}`).digest('hex')
    const { db } = deps

    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst()
    if (existing) return replay(existing)

    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          request_hash: requestHash,
          status: IN_FLIGHT,
          body: '',
          created_at: nowIso(),
        })
        .execute()
    } catch {
      // Lost the race to a concurrent request with the same key.
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst()
      if (row) return replay(row)
      throw new AppError(409, 'Permintaan yang sama sedang diproses')
    }

    let stored = false
    try {
      await next()
      const status = c.res.status
      // Only final answers are remembered; a 5xx or 429 may succeed when retried.
      if (status < 500 && status !== 429 && status !== 408) {
        const body = await c.res.clone().text()
        await db
          .updateTable('idempotency_keys')
          .set({ status, body })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .execute()
        stored = true
      }
    } finally {
      if (!stored)
        await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute()
    }

    function replay(row: { request_hash: string; status: number; body: string }) {
      if (row.request_hash !== requestHash)
        throw new AppError(422, 'Idempotency-Key sudah dipakai untuk permintaan lain')
      if (row.status === IN_FLIGHT) throw new AppError(409, 'Permintaan yang sama sedang diproses')
      return new Response(row.body, {
        status: row.status,
        headers: { 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true' },
      })
    }
  })
