import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Kysely } from 'kysely'
import { pathTo } from '../../src/contracts/endpoint'
import { sharePhoto, shareReport } from '../../src/contracts/public.endpoints'
import { REPORT_CODE_ALPHABET } from '../../src/contracts/reports'
import type { DB } from '../db/schema'
import { newShareToken, newSignKey, signUrl, urlExpiry } from '../modules/shares/share-crypto'
import type { BlobStore } from '../storage/blob-store'
import { newBlobKey } from '../storage/blob-store'
import { matrixApp, project, users } from './access-matrix-fixtures'

/*
 * Rows for the share, verification and public page tests and the access matrix, written directly: a
 * ready report with its PDF and photos stands in for the report job (server/modules/reports), which
 * these tests do not depend on.
 */

type Env = { db: Kysely<DB>; store: BlobStore }

export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** An approved documentation item with one photo whose bytes are in the store (public, as uploads are). */
export async function photoDoc(
  env: Env,
  opts: {
    projectId: number
    creatorId: number
    bytes: Buffer
    description?: string
    status?: 'approved' | 'pending' | 'rejected'
    createdAt?: string
    takenAt?: string | null
    workItemId?: number | null
  },
) {
  const key = newBlobKey('png')
  await env.store.put(key, 'public', Readable.from([opts.bytes]))
  const doc = await env.db
    .insertInto('docs')
    .values({
      uuid: randomUUID(),
      project_id: opts.projectId,
      description: opts.description ?? 'Pengecoran kolom lantai 2',
      status: opts.status ?? 'approved',
      creator_id: opts.creatorId,
      created_at: opts.createdAt ?? new Date().toISOString(),
      work_item_id: opts.workItemId ?? null,
      location: 'As C-4',
      progress: 60,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const image = await env.db
    .insertInto('doc_images')
    .values({
      uuid: randomUUID(),
      doc_id: doc.id,
      name: 'foto.png',
      ext: 'png',
      blob_key: key,
      size_bytes: opts.bytes.length,
      position: 0,
      taken_at: opts.takenAt === undefined ? '2026-11-02T02:15:00.000Z' : opts.takenAt,
      sha256: sha256(opts.bytes),
      thumb_state: 'failed',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { docId: doc.id, imageId: image.id, blobKey: key }
}

/** A ready report holding the given photos, its PDF in the store (private, as downloads are). */
export async function readyReport(
  env: Env,
  opts: { projectId: number; creatorId: number; photos: { docId: number; imageId: number; sha: string }[] },
) {
  const key = newBlobKey('pdf')
  await env.store.put(key, 'private', Readable.from([TINY_PDF]))
  const digits = Array.from(randomBytes(12), (b) => REPORT_CODE_ALPHABET[b % 32]).join('')
  const code = `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`
  const now = new Date().toISOString()
  const report = await env.db
    .insertInto('reports')
    .values({
      project_id: opts.projectId,
      code,
      title: 'Laporan Dokumentasi Mingguan - Uji - Minggu ke-2',
      period_from: '2026-11-02',
      period_to: '2026-11-08',
      work_item_ids: null,
      include: 'approved',
      per_page: 4,
      status: 'ready',
      progress: 100,
      error: null,
      photo_count: opts.photos.length,
      pages: 3,
      blob_key: key,
      size_bytes: TINY_PDF.length,
      sha256: sha256(TINY_PDF),
      recap_id: null,
      created_by: opts.creatorId,
      created_at: now,
      finished_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (opts.photos.length > 0)
    await env.db
      .insertInto('report_photos')
      .values(
        opts.photos.map((p, i) => ({
          report_id: report.id,
          position: i + 1,
          doc_id: p.docId,
          doc_image_id: p.imageId,
          sha256: p.sha,
          taken_at: '2026-11-02T02:15:00.000Z',
        })),
      )
      .execute()
  return { id: report.id, code, pdfKey: key }
}

/** A link written directly (the API's create is tested on its own). */
export async function shareRow(
  env: Env,
  opts: {
    projectId: number
    creatorId: number
    reportId?: number
    period?: { from: string; to: string }
    expiresAt?: string
    revokedAt?: string
  },
) {
  const token = newShareToken()
  const signKey = newSignKey()
  const row = await env.db
    .insertInto('shares')
    .values({
      project_id: opts.projectId,
      token,
      report_id: opts.reportId ?? null,
      period_from: opts.reportId ? null : (opts.period?.from ?? '2026-11-02'),
      period_to: opts.reportId ? null : (opts.period?.to ?? '2026-11-08'),
      work_item_ids: null,
      pin_hash: null,
      sign_key: signKey,
      expires_at: opts.expiresAt ?? new Date(Date.now() + 86_400_000).toISOString(),
      revoked_at: opts.revokedAt ?? null,
      created_by: opts.creatorId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, token, signKey }
}

/** A signed photo or report URL, as the page would hand it out. */
export function signedPath(
  share: { token: string; signKey: string },
  what: string,
  size: string,
  exp = urlExpiry(),
) {
  const sig = signUrl(share.signKey, { token: share.token, what, size, exp })
  return what === 'report'
    ? `${pathTo(shareReport, { token: share.token })}?exp=${exp}&sig=${sig}`
    : `${pathTo(sharePhoto, { token: share.token, imageId: what })}?size=${size}&exp=${exp}&sig=${sig}`
}

/**
 * For the access matrix: a report link with one photo, in a fresh project of the matrix app, so every
 * public call answers 200 for every caller (the public pages, the share's and the verification's calls).
 */
export async function matrixReportLink() {
  const env = matrixApp().deps
  const p = await project('other')
  const bytes = Buffer.from(`foto-${p.id}`)
  const photo = await photoDoc(env, { projectId: p.id, creatorId: users.admin.id, bytes })
  const report = await readyReport(env, {
    projectId: p.id,
    creatorId: users.admin.id,
    photos: [{ ...photo, sha: sha256(bytes) }],
  })
  const share = await shareRow(env, { projectId: p.id, creatorId: users.admin.id, reportId: report.id })
  return { share, report, photo }
}
