import { inspectRoutes } from 'hono/dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declaredEndpoints, inDeclaredSpace } from '../test/declared-endpoints'
import { createTestApp, TEST_DB, type TestApp } from '../test/harness'
import { PAGE_CSS_HASH } from './reference-page'

/** Issue 12: the OpenAPI document covers every route of the real route table, and nothing else. */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

type Op = {
  summary: string
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }
  responses: Record<string, unknown>
  parameters?: { name: string; in: string }[]
}

describe(`the API reference (${TEST_DB})`, () => {
  it('lists every route the app has, with its path parameters, and no route it does not have', async () => {
    const registered = inspectRoutes(t.app)
      .filter((r) => !r.isMiddleware && inDeclaredSpace(r.path) && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
    const declared = declaredEndpoints().map((e) => `${e.method} ${e.path}`)
    expect(registered.filter((key) => !declared.includes(key))).toEqual([])
    expect(declared.filter((key) => !registered.includes(key))).toEqual([])

    const res = await t.request('GET', '/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = res.json
    expect(doc.openapi).toBe('3.1.0')
    const documented = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    expect(documented.sort()).toEqual([...registered].sort())
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Op>>))
      for (const op of Object.values(methods)) {
        expect(op.summary.length).toBeGreaterThan(3)
        expect(Object.keys(op.responses).length).toBeGreaterThan(0)
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        expect((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(inPath)
      }
  })

  it('request bodies are the contracts the server validates with', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).json
    const login = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema
    expect(Object.keys(login.properties)).toEqual(['email', 'password'])
    expect(login.properties.email.maxLength).toBe(254)
    const members = doc.paths['/api/project/{id}/members'].put.requestBody.content['application/json'].schema
    expect(members.properties.user_ids.items.type).toBe('integer')
    const upload =
      doc.paths['/api/file/{slug}/upload/{area}'].post.requestBody.content['multipart/form-data'].schema
    expect(upload.properties.files.type).toBe('array')
    expect(doc.paths['/api/health'].get.security).toEqual([])
    expect(doc.paths['/api/user/me'].get.security).toBeUndefined()
    expect(doc.security).toEqual([{ bearer: [] }])
  })

  it('every endpoint declares what it answers: a response schema, or the file, page or stream it sends', () => {
    const missing = declaredEndpoints()
      .filter((e) => (e.produces ? e.produces === 'file' && !e.files : e.response === undefined))
      .map((e) => `${e.method} ${e.path}`)
    expect(missing, 'declare `response` (docs/adding-things.md)').toEqual([])
  })

  it('says what each answer really is: data schemas, file types and ranges, pages, its own shape', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).json
    const body = (path: string, method: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json'].schema
    const explore = body('/api/folder/{slug}/explore/{area}', 'get', '200')
    expect(explore.required).toContain('data')
    expect(Object.keys(explore.properties.data.properties)).toContain('next_cursor')
    expect(explore.additionalProperties).toBe(false)
    const docList = body('/api/doc/{slug}/list', 'get', '200')
    expect(docList.properties.next_cursor).toBeDefined()
    const download = doc.paths['/api/file/{slug}/download/{area}/{fileUuid}'].get.responses
    expect(Object.keys(download)).toEqual(expect.arrayContaining(['200', '206', '416']))
    const recap = doc.paths['/api/rekap/{slug}/download/{id}'].get.responses['200'].content
    expect(Object.keys(recap)).toContain('application/pdf')
    expect(Object.keys(recap)).not.toContain('application/octet-stream')
    expect(
      Object.keys(doc.paths['/api/public/share/{token}/photo/{imageId}'].get.responses['200'].content),
    ).toEqual(['image/*'])
    // The document itself is not an envelope.
    const self = body('/api/openapi.json', 'get', '200')
    expect(self.properties.openapi).toEqual({ const: '3.1.0' })
    // Public routes: the PIN (401), unknown (404), gone (410), budget (429; the page's is a page).
    const share = doc.paths['/api/public/share/{token}'].get.responses
    expect(Object.keys(share)).toEqual(expect.arrayContaining(['401', '404', '410', '429']))
    expect(Object.keys(doc.paths['/s/{token}'].post.responses['429'].content)).toContain('text/html')
    expect(doc.paths['/s/{token}'].post.responses['303']).toBeDefined()
    // The optional review body is declared (not required), and the draining health check's 503.
    const review = doc.paths['/api/file/{slug}/status/{fileUuid}/{status}'].patch.requestBody
    expect(review.required).toBe(false)
    expect(Object.keys(review.content['application/json'].schema.properties)).toEqual(['note'])
    expect(doc.paths['/api/health'].get.responses['503']).toBeDefined()
    expect(doc.paths['/api/health'].get.responses['401']).toBeUndefined()
  })

  it('the reference page is readable HTML that needs no script, with its style allowed by hash', async () => {
    const res = await t.request('GET', '/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src '${PAGE_CSS_HASH}'`,
    )
    expect(res.text).not.toContain('<script')
    expect(res.text).toContain('/api/project/{id}/members')
    expect(res.text).toContain('Tetapkan anggota project')
  })
})
