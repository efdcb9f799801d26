import { endpoint } from './endpoint'

/** The server's own public calls (server/openapi). */

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag: 'Sistem',
  summary: 'Pemeriksaan hidup server',
})

export const openApi = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  tag: 'Sistem',
  summary: 'Dokumen OpenAPI 3.1 ini',
})

export const reference = endpoint({
  method: 'GET',
  path: '/api/docs',
  access: 'public',
  tag: 'Sistem',
  summary: 'Referensi API yang dapat dibaca',
  produces: 'html',
})
