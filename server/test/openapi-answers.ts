import fs from 'node:fs'
import { type Answer, answerChecker, jsonBodyOf } from '../openapi/answer-check'
import { openApiDocument } from '../openapi/document'
import { declaredEndpoints, inDeclaredSpace } from './declared-endpoints'

/*
 * Every answer the server tests see is held against the OpenAPI document (issue 31): the harness's
 * app (app.request, app.fetch, hence also `listen`) and fetch() to a server process. A violation does
 * not fail the request that met it: it is recorded, and the test file fails at its end with the list
 * (server/test/openapi-setup.ts), so the test's own assertion still says what it was testing.
 */

let check: ReturnType<typeof answerChecker> | undefined
const pending: Promise<void>[] = []
export const tally = { checked: 0, unmatched: 0, violations: [] as string[] }

async function record(method: string, url: string, res: Response): Promise<void> {
  const { pathname } = new URL(url, 'http://localhost')
  if (!inDeclaredSpace(pathname)) return
  check ??= answerChecker(openApiDocument(declaredEndpoints()))
  const answer: Answer = {
    method,
    path: pathname,
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: method === 'HEAD' ? undefined : await jsonBodyOf(res),
  }
  const verdict = check(answer)
  if (verdict.kind === 'unmatched') {
    tally.unmatched += 1
    return
  }
  tally.checked += 1
  if (verdict.kind === 'violation')
    tally.violations.push(`${method} ${pathname} (${verdict.operation}): ${verdict.problem}`)
}

/** Records an answer to be checked; the check runs beside the test and is awaited at the file's end. */
export function observe(method: string, url: string, res: Response): void {
  pending.push(
    record(method.toUpperCase(), url, res).catch(
      (e) => void tally.violations.push(`${method} ${url}: checker failed: ${e}`),
    ),
  )
}

/** The app's fetch, checked: Hono's app.request() calls app.fetch, so both are covered. */
export function checkAnswersOf<
  A extends { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> },
>(app: A): A {
  const fetch = app.fetch
  app.fetch = (async (req: Request, ...rest: never[]) => {
    const res = await fetch(req, ...rest)
    observe(req.method, req.url, res)
    return res
  }) as A['fetch']
  return app
}

/** Waits for every recorded check; the file's tally (appended to OPENAPI_CHECK_LOG when set, for measuring). */
export async function settle(file: string) {
  await Promise.all(pending.splice(0))
  const log = process.env.OPENAPI_CHECK_LOG
  if (log && tally.checked + tally.unmatched > 0)
    fs.appendFileSync(log, `${JSON.stringify({ file, db: process.env.TEST_DB ?? 'sqlite', ...tally })}\n`)
  return tally
}
