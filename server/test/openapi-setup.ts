import { afterAll, expect } from 'vitest'
import { observe, settle } from './openapi-answers'

/*
 * Setup of every server test file (server/vitest.config.ts): answers fetched from a server process
 * (server/test/server-process.ts) are checked too, and the file fails when any answer it saw
 * contradicts the OpenAPI document. The harness's app is checked in server/test/harness.ts.
 */
const realFetch = globalThis.fetch
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const res = await realFetch(input, init)
  const url = input instanceof Request ? input.url : String(input)
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
  if (/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) observe(method, url, res)
  return res
}

afterAll(async () => {
  const { violations } = await settle(expect.getState().testPath ?? '')
  expect(violations, 'answers that contradict the OpenAPI document (server/openapi/document.ts)').toEqual([])
})
