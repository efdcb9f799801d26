import { toJsonSchema } from '@valibot/to-json-schema'
import type { GenericSchema } from 'valibot'
import type { Endpoint } from '../../src/contracts/endpoint'

type Json = Record<string, unknown>
type Operation = Endpoint

/** What each answer means; which of them an operation gives is errorCodes() below. */
const MEANING: Record<number, string> = {
  303: 'Dialihkan (lihat Location)',
  400: 'Permintaan tidak valid',
  401: 'Belum masuk atau sesi berakhir',
  403: 'Tidak memiliki akses',
  404: 'Tidak ditemukan (atau tidak terlihat oleh pengguna ini)',
  409: 'Bentrok: data sudah berubah atau sudah ada (muat ulang lalu coba lagi)',
  410: 'Tidak berlaku lagi (tautan dicabut atau kedaluwarsa)',
  413: 'Terlalu besar',
  415: 'Jenis isi tidak didukung',
  416: 'Rentang (Range) di luar ukuran file',
  423: 'Terkunci: sedang menunggu tanda tangan atau sudah ditandatangani (buat revisi)',
  422: 'Data tidak valid (errors per field)',
  429: 'Terlalu banyak permintaan (lihat Retry-After)',
  503: 'Server sedang berhenti (SIGTERM): coba lagi di server lain',
}

/**
 * The error answers an operation can give: those of its kind (a body can be too large or malformed, a
 * signed-in call can lose its session, a path names something that may not exist) and its own.
 */
function errorCodes(op: Operation): number[] {
  const codes = new Set<number>([400, 429])
  if (op.access !== 'public') codes.add(401)
  if (op.access !== 'public' && op.access !== 'signed-in') codes.add(403)
  if (op.access !== 'public' || op.path.includes(':')) codes.add(404)
  // Every body is bounded (JSON_BODY_LIMIT, MAX_UPLOAD_MB), whatever the call expects.
  if (op.method !== 'GET') codes.add(413)
  if (op.json || op.multipart) codes.add(415).add(422)
  if (op.query || op.jsonOptional) codes.add(422)
  if (op.files?.range) codes.add(416)
  for (const code of op.errors ?? []) codes.add(code)
  return [...codes].sort()
}

/** Valibot contract to JSON Schema (2020-12 as OpenAPI 3.1 uses); checks it cannot express are left out. */
function schemaOf(schema: GenericSchema): Json {
  const { $schema: _draft, ...rest } = toJsonSchema(schema as never, { errorMode: 'ignore' }) as Json
  return rest
}

function requestBody(op: Operation): Json | undefined {
  if (op.json) return { required: true, content: { 'application/json': { schema: schemaOf(op.json) } } }
  if (op.jsonOptional)
    return { required: false, content: { 'application/json': { schema: schemaOf(op.jsonOptional) } } }
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

/** The success envelope of a JSON call: `data` is its declared `response`, nothing else rides along. */
function envelope(op: Operation): Json {
  const beside = Object.fromEntries(Object.entries(op.beside ?? {}).map(([k, s]) => [k, schemaOf(s)]))
  const data = op.response ? { data: schemaOf(op.response) } : {}
  return {
    type: 'object',
    required: ['success', 'message', ...Object.keys(data), ...Object.keys(beside)],
    properties: { success: { const: true }, message: { type: 'string' }, ...data, ...beside },
    additionalProperties: false,
  }
}

/** The successful answers: 200/201/202 (and 206 for a Range of a file). */
function successes(op: Operation): Json {
  const status = op.accepted ? '202' : op.created ? '201' : '200'
  const of = (description: string, types: readonly string[]) => ({
    description,
    content: Object.fromEntries(types.map((t) => [t, {}])),
  })
  switch (op.produces) {
    case 'file': {
      const types = op.files?.types ?? ['application/octet-stream']
      return {
        [status]: of('Isi file (Content-Disposition memberi namanya)', types),
        ...(op.files?.range ? { '206': of('Sebagian isi file (Range), dengan Content-Range', types) } : {}),
      }
    }
    case 'zip':
      return { [status]: of('Arsip zip seluruh project', ['application/zip']) }
    case 'event-stream':
      return { [status]: of('Aliran peristiwa (server-sent events)', ['text/event-stream']) }
    case 'html':
      return {
        [status]: of('Halaman HTML', ['text/html']),
        ...(op.errors?.includes(303) ? { '303': { description: MEANING[303] } } : {}),
      }
    case 'openapi':
      return {
        [status]: {
          description: 'Dokumen OpenAPI 3.1 ini (bukan amplop { success, message, data })',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['openapi', 'info', 'paths'],
                properties: {
                  openapi: { const: '3.1.0' },
                  info: { type: 'object' },
                  paths: { type: 'object' },
                },
              },
            },
          },
        },
      }
    default:
      return {
        [status]: { description: 'Berhasil', content: { 'application/json': { schema: envelope(op) } } },
      }
  }
}

/** One error answer: the error envelope, or the endpoint's own refusal; a page answers with a page. */
function errorAnswer(op: Operation, code: number): Json {
  const error = { $ref: '#/components/schemas/Error' }
  const refused = op.refusal && [413, 415, 422].includes(code)
  const own = refused ? op.refusal : code === 409 ? op.conflict : undefined
  const json = {
    'application/json': { schema: own ? { anyOf: [schemaOf(own), error] } : error },
  }
  // A page explains itself as a page (PIN form, link gone, too many tries); a malformed request is JSON.
  const content = op.produces === 'html' ? { 'text/html': {}, ...json } : json
  return { description: MEANING[code], content }
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
      errorCodes(op)
        .filter((code) => code !== 303)
        .map((code) => [String(code), errorAnswer(op, code)]),
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
      responses: { ...successes(op), ...errors },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Berkas API',
      version: '1',
      description:
        'API Berkas (Sistem Manajemen File Cerdas). Jawaban JSON berbentuk { success, message, data }; pesan dalam bahasa Indonesia. Setiap jawaban yang dilihat tes server diperiksa terhadap dokumen ini.',
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
          additionalProperties: false,
        },
      },
    },
  }
}
