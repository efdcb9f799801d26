import { toJsonSchema } from '@valibot/to-json-schema'
import type { Endpoint } from '../../src/contracts/endpoint'

type Json = Record<string, unknown>
type Operation = Endpoint

const ERRORS: Record<string, string> = {
  '400': 'Permintaan tidak valid',
  '401': 'Belum masuk atau sesi berakhir',
  '403': 'Tidak memiliki akses',
  '404': 'Tidak ditemukan (atau tidak terlihat oleh pengguna ini)',
  '413': 'Terlalu besar',
  '415': 'Jenis file tidak didukung',
  '422': 'Data tidak valid (errors per field)',
  '429': 'Terlalu banyak permintaan (lihat Retry-After)',
}

/** Which error answers a call can give, so a plain read does not list 413 or 415. */
function relevantError(code: string, op: Operation): boolean {
  if (code === '401') return op.access !== 'public'
  if (code === '403') return op.access !== 'public' && op.access !== 'signed-in'
  if (code === '413' || code === '415') return op.multipart !== undefined
  if (code === '422') return op.json !== undefined || op.multipart !== undefined
  if (code === '404') return op.access !== 'public'
  return true
}

/** Valibot contract to JSON Schema (2020-12 as OpenAPI 3.1 uses); checks it cannot express are left out. */
function schemaOf(schema: Operation['json']): Json {
  const { $schema: _draft, ...rest } = toJsonSchema(schema as never, { errorMode: 'ignore' }) as Json
  return rest
}

function requestBody(op: Operation): Json | undefined {
  if (op.json) return { required: true, content: { 'application/json': { schema: schemaOf(op.json) } } }
  if (!op.multipart) return undefined
  const properties: Json = {}
  for (const [name, description] of Object.entries(op.multipart.fields ?? {}))
    properties[name] = { type: 'string', description }
  for (const [name, file] of Object.entries(op.multipart.files)) {
    const one = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: file.description,
    }
    properties[name] = file.many ? { type: 'array', items: one } : one
  }
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties, required: Object.keys(op.multipart.files) },
      },
    },
  }
}

function success(op: Operation): Json {
  if (op.produces === 'file')
    return { description: 'Isi file (206 untuk Range)', content: { 'application/octet-stream': {} } }
  if (op.produces === 'zip')
    return { description: 'Arsip zip seluruh project', content: { 'application/zip': {} } }
  if (op.produces === 'event-stream')
    return { description: 'Aliran peristiwa', content: { 'text/event-stream': {} } }
  if (op.produces === 'html') return { description: 'Halaman HTML', content: { 'text/html': {} } }
  return {
    description: 'Berhasil',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
  }
}

/** The OpenAPI 3.1 document of the endpoints the app serves (their declarations: src/contracts). */
export function openApiDocument(endpoints: readonly Endpoint[]): Json {
  const paths: Record<string, Json> = {}
  for (const op of endpoints) {
    const { method, path } = op
    const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
      name,
      in: 'query',
      required: false,
      description,
      schema: { type: 'string' },
    }))
    const errors = Object.fromEntries(
      Object.entries(ERRORS)
        .filter(([code]) => relevantError(code, op))
        .map(([code, description]) => [
          code,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
    )
    const oaPath = path.replace(/:([A-Za-z]+)/g, '{$1}')
    paths[oaPath] ??= {}
    paths[oaPath][method.toLowerCase()] = {
      tags: [op.tag],
      summary: op.summary,
      operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
      ...(op.access === 'public' ? { security: [] } : {}),
      ...(params.length + query.length ? { parameters: [...params, ...query] } : {}),
      ...(requestBody(op) ? { requestBody: requestBody(op) } : {}),
      responses: { [op.accepted ? '202' : op.created ? '201' : '200']: success(op), ...errors },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Berkas API',
      version: '1',
      description:
        'API Berkas (Sistem Manajemen File Cerdas). Semua jawaban JSON berbentuk { success, message, data }; pesan dalam bahasa Indonesia.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...new Set(endpoints.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Token dari POST /api/auth/login' },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['success', 'message'],
          properties: { success: { const: true }, message: { type: 'string' }, data: {} },
        },
        Error: {
          type: 'object',
          required: ['success', 'message'],
          properties: {
            success: { const: false },
            message: { type: 'string', description: 'Pesan untuk pengguna, dalam bahasa Indonesia' },
            errors: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'Pesan per field',
            },
          },
        },
      },
    },
  }
}
