import type { Context } from 'hono'
import { MSG } from '../../src/contracts/common'
import { AppError } from '../http'

/**
 * The body of a review call (files and documentation): optional, since SPEC's clients send none;
 * `{ note }` with 'rejected'. An empty body is no body; anything else must be JSON (400 otherwise).
 */
export async function optionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError(400, MSG.malformed)
  }
}
