import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { PUBLIC_PAGE_PREFIXES } from '../../src/contracts/public-paths'
import { createTestApp, type TestApp } from './harness'
import { photoDoc, readyReport, sha256 } from './share-fixtures'

/* The app, accounts and project the in-process share tests share (one per test file). */

export type Account = Awaited<ReturnType<TestApp['user']>>

export async function startShareTest(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ whatsappDriver: 'simulated', ...overrides })
  const admin = await t.user('admin')
  const member = await t.user('pengawasan')
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Gedung Serbaguna', description: 'Pembangunan gedung serbaguna 3 lantai' },
  })
  const project = res.json.data as { id: number; slug: string }
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [member.id] },
  })
  const create = (json: unknown, headers: Record<string, string> = {}) =>
    t.request('POST', `/api/share/${project.slug}/create`, { token: admin.token, json, headers })

  /** A report link with `n` photos; the PDF and photos in the store. */
  async function reportLink(n = 2) {
    const photos = []
    for (let i = 0; i < n; i++) {
      const bytes = Buffer.from(`foto ${randomUUID()}`)
      const p = await photoDoc(t.deps, { projectId: project.id, creatorId: member.id, bytes })
      photos.push({ ...p, sha: sha256(bytes) })
    }
    const report = await readyReport(t.deps, { projectId: project.id, creatorId: admin.id, photos })
    const made = await create({ report_id: report.id })
    expect(made.status, made.text).toBe(201)
    const data = made.json.data as { id: number; url: string; expires_at: string }
    return { ...data, token: tokenOf(data.url), report, photos }
  }
  return { t, admin, member, project, create, reportLink }
}

export const tokenOf = (url: string) => url.split(PUBLIC_PAGE_PREFIXES.share)[1] as string
