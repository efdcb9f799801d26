import { endpoint } from './endpoint'

/** The server's own public calls (server/openapi). */

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag: 'Sistem',
  summary: 'Pemeriksaan hidup server',
  response: null,
  // While the process drains after SIGTERM (the balancer stops sending it new work).
  errors: [503],
})

export const openApi = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  tag: 'Sistem',
  summary: 'Dokumen OpenAPI 3.1 ini',
  produces: 'openapi',
})

export const reference = endpoint({
  method: 'GET',
  path: '/api/docs',
  access: 'public',
  tag: 'Sistem',
  summary: 'Referensi API yang dapat dibaca',
  produces: 'html',
})
