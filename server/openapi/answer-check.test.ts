import { describe, expect, it } from 'vitest'
import { DRAINING } from '../shutdown'
import { declaredEndpoints } from '../test/declared-endpoints'
import { answerChecker } from './answer-check'
import { openApiDocument } from './document'

/** The checker every server test's answers go through (server/test/openapi-answers.ts) can say no. */
const check = answerChecker(openApiDocument(declaredEndpoints()))
const json = 'application/json; charset=UTF-8'
const user = {
  id: 1,
  name: 'Budi',
  email: 'budi@berkas.test',
  phone: null,
  role: 'admin',
  avatar: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  can: {
    manage_admins: false,
    manage_employees: true,
    projects: true,
    all_projects: true,
    create_projects: true,
    notifications: true,
    whatsapp: true,
    settings: true,
  },
}

describe('the answer checker', () => {
  it('passes an answer the document declares, body included', () => {
    const answer = { method: 'GET', path: '/api/user/me', status: 200, contentType: json }
    expect(check({ ...answer, body: { success: true, message: 'Data pengguna', data: user } }).kind).toBe(
      'ok',
    )
  })

  it('fails an undeclared status, a wrong content type, a body off its schema, a field nobody declared', () => {
    const me = { method: 'GET', path: '/api/user/me', contentType: json }
    expect(check({ ...me, status: 409, body: { success: false, message: 'x' } })).toMatchObject({
      kind: 'violation',
      problem: 'status 409 is not declared',
    })
    expect(check({ ...me, status: 200, contentType: 'text/html' }).kind).toBe('violation')
    const noEmail = { ...user, email: undefined }
    expect(check({ ...me, status: 200, body: { success: true, message: 'x', data: noEmail } }).kind).toBe(
      'violation',
    )
    expect(
      check({ ...me, status: 200, body: { success: true, message: 'x', data: user, extra: 1 } }).kind,
    ).toBe('violation')
    expect(check({ ...me, status: 401, body: { success: false, message: 'x', errors: ['a'] } }).kind).toBe(
      'violation',
    )
  })

  it('declares the draining health check (read over node:http by graceful-drain.test.ts, so checked here)', () => {
    const drained = { method: 'GET', path: '/api/health', status: 503, contentType: 'application/json' }
    expect(check({ ...drained, body: { success: false, message: DRAINING } }).kind).toBe('ok')
  })

  it('knows file families and ranges, HEAD as GET, and a literal segment before a parameter', () => {
    const recap = { method: 'GET', path: '/api/rekap/gedung-a/download/3' }
    expect(check({ ...recap, status: 206, contentType: 'application/pdf' }).kind).toBe('ok')
    expect(check({ ...recap, status: 200, contentType: 'image/png' }).kind).toBe('violation')
    expect(check({ ...recap, method: 'HEAD', status: 200, contentType: 'application/pdf' }).kind).toBe('ok')
    const photo = { method: 'GET', path: '/api/public/share/abc/photo/7', status: 200 }
    expect(check({ ...photo, contentType: 'image/heic' }).kind).toBe('ok')
    expect(check({ ...photo, contentType: 'application/octet-stream' }).kind).toBe('violation')
    const order = { method: 'PUT', path: '/api/project/1/work-items/order', status: 200, contentType: json }
    expect(check({ ...order, body: { success: true, message: 'x', data: [] } }).kind).toBe('ok')
    expect(check({ method: 'GET', path: '/api/tidak-ada', status: 404, contentType: json }).kind).toBe(
      'unmatched',
    )
  })
})
