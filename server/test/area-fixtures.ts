import fs from 'node:fs'
import path from 'node:path'
import type { TestApp } from './harness'

/** Shared by the folder and file tests: accounts, a project with members, folder and upload calls. */

export type Account = Awaited<ReturnType<TestApp['user']>>

export type Cast = {
  admin: Account
  superadmin: Account
  planner: Account
  supervisor: Account
  /** Sees no project of the cast's (not a member). */
  outsider: Account
}

export async function cast(t: TestApp): Promise<Cast> {
  const [admin, superadmin, planner, supervisor, outsider] = await Promise.all([
    t.user('admin', { name: 'Admin Utama' }),
    t.user('superadmin'),
    t.user('perencanaan', { name: 'Perencana Satu' }),
    t.user('pengawasan', { name: 'Pengawas Satu' }),
    t.user('pengawasan', { name: 'Orang Luar' }),
  ])
  return { admin, superadmin, planner, supervisor, outsider }
}

/** A project whose members are the cast's planner and supervisor. */
export async function projectWithMembers(t: TestApp, c: Cast, name = 'Gedung Serbaguna') {
  const res = await t.request('POST', '/api/project/create', {
    token: c.admin.token,
    json: { name, description: 'Pembangunan gedung serbaguna' },
  })
  if (res.status !== 201) throw new Error(`project create failed: ${res.text}`)
  const project = res.json.data as { id: number; slug: string }
  const members = await t.request('PUT', `/api/project/${project.id}/members`, {
    token: c.admin.token,
    json: { user_ids: [c.planner.id, c.supervisor.id] },
  })
  if (members.status !== 200) throw new Error(`members failed: ${members.text}`)
  return project
}

export async function createFolder(
  t: TestApp,
  token: string,
  slug: string,
  area: string,
  name: string,
  parent?: string,
) {
  return t.request('POST', `/api/folder/${slug}/create/${area}`, {
    token,
    json: parent ? { name, parent_slug: parent } : { name },
  })
}

/** Creates a folder and returns its uuid, failing loudly. */
export async function folder(
  t: TestApp,
  token: string,
  slug: string,
  area: string,
  name: string,
  parent?: string,
) {
  const res = await createFolder(t, token, slug, area, name, parent)
  if (res.status !== 201) throw new Error(`folder create failed: ${res.status} ${res.text}`)
  return res.json.data.uuid as string
}

export type Part = { name: string; data: Buffer; type?: string }

export function uploadForm(files: Part[], folderSlug?: string): FormData {
  const form = new FormData()
  if (folderSlug !== undefined) form.append('folder_slug', folderSlug)
  for (const f of files)
    form.append(
      'files',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    )
  return form
}

export async function upload(
  t: TestApp,
  token: string,
  slug: string,
  area: string,
  files: Part[],
  opts: { folder?: string; headers?: Record<string, string> } = {},
) {
  return t.request('POST', `/api/file/${slug}/upload/${area}`, {
    token,
    body: uploadForm(files, opts.folder),
    headers: opts.headers,
  })
}

export const pdfBytes = (text = 'laporan') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${text}) >> endobj\ntrailer <<>>\n%%EOF\n`)

/** Every file under `dir` (relative paths), to prove what an upload did and did not write. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name)
      if (entry.isDirectory()) walk(p)
      else out.push(path.relative(dir, p))
    }
  }
  walk(dir)
  return out.sort()
}

export const privateBlobs = (t: TestApp) => filesUnder(path.join(t.dataDir, 'storage', 'private'))
