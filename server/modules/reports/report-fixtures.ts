import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { expect } from 'vitest'
import type { TestApp } from '../../test/harness'

/* Shared by the report tests: documentation made through the API, and reading a PDF back with poppler. */

export type Account = Awaited<ReturnType<TestApp['user']>>

/** A photo a phone might send: a gradient with a mark, `orientation` in its EXIF when given. */
export async function photoBytes(
  opts: { width?: number; height?: number; hue?: number; orientation?: number } = {},
) {
  const width = opts.width ?? 640
  const height = opts.height ?? 480
  const hue = opts.hue ?? 0
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},50%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.1}" y="${height * 0.1}" width="${width * 0.25}" height="${height * 0.15}" fill="#fff"/>
  </svg>`
  let img = sharp(Buffer.from(svg)).jpeg({ quality: 80 })
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation })
  return img.toBuffer()
}

export type DocSpec = {
  description: string
  /** ISO capture time sent in `meta` (null: none, the upload time stands in). */
  takenAt: string | null
  workItemId?: number
  location?: string
  progress?: number
  lat?: number
  lng?: number
  accuracy?: number
  photos?: number
  orientation?: number
}

/** Uploads one documentation item through the API; its uuid. */
export async function uploadDoc(t: TestApp, who: Account, slug: string, spec: DocSpec): Promise<string> {
  const form = new FormData()
  form.append('description', spec.description)
  if (spec.workItemId !== undefined) form.append('work_item_id', String(spec.workItemId))
  if (spec.location) form.append('location', spec.location)
  if (spec.progress !== undefined) form.append('progress', String(spec.progress))
  const count = spec.photos ?? 1
  const meta = Array.from({ length: count }, () => ({
    taken_at: spec.takenAt,
    lat: spec.lat ?? null,
    lng: spec.lng ?? null,
    accuracy_m: spec.lat === undefined ? null : (spec.accuracy ?? null),
    // A place is kept only from the app's own camera at that moment (issue 30).
    ...(spec.lat === undefined ? {} : { source: 'camera' }),
  }))
  form.append('meta', JSON.stringify(meta))
  for (let i = 0; i < count; i++) {
    const data = await photoBytes({
      hue: (i * 47 + spec.description.length * 13) % 360,
      orientation: spec.orientation,
    })
    form.append('files', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `foto-${i}.jpg`)
  }
  const res = await t.request('POST', `/api/doc/${slug}/upload`, { token: who.token, body: form })
  expect(res.status, res.text).toBe(201)
  return res.json.data.docs[0].uuid as string
}

export async function review(
  t: TestApp,
  admin: Account,
  slug: string,
  uuid: string,
  status: 'approved' | 'rejected',
  note?: string,
) {
  const res = await t.request('PATCH', `/api/doc/${slug}/status/${uuid}/${status}`, {
    token: admin.token,
    json: note ? { note } : {},
  })
  expect(res.status, res.text).toBe(200)
}

export async function workItem(t: TestApp, admin: Account, projectId: number, name: string): Promise<number> {
  const res = await t.request('POST', `/api/project/${projectId}/work-items`, {
    token: admin.token,
    json: { name },
  })
  expect(res.status, res.text).toBe(201)
  return res.json.data.id as number
}

/** Downloads a report's PDF through the API into `dir`; its path. */
export async function downloadPdf(t: TestApp, token: string, slug: string, id: number, dir: string) {
  const res = await t.app.request(`/api/report/${slug}/download/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  const file = path.join(dir, `report-${id}-${Date.now()}.pdf`)
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()))
  return { file, headers: res.headers }
}

/** What pdftotext reads (the words a client's viewer finds), with runs of spaces as one. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'])
    .toString('utf8')
    .replace(/[ \t]+/g, ' ')
}

export function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file]).toString('utf8')
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
}
