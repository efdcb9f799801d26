import type { Context } from 'hono'
import { pathTo } from '../../../src/contracts/endpoint'
import { clockSkewText, siteWords } from '../../../src/contracts/geo'
import { verifyPhoto } from '../../../src/contracts/public.endpoints'
import { normalizeReportCode, REPORT_MSG } from '../../../src/contracts/reports'
import { type ReportVerification, VERIFY_MSG } from '../../../src/contracts/shares'
import type { Deps } from '../../deps'
import { notFound } from '../../http'
import { verifyDiaryCode } from '../diary/diary-print-verify'

/*
 * The verification code printed on every page of a report (issue 24): what the server says the report
 * holds, so a printed or forwarded copy can be checked. Each photo is compared with what is stored now:
 * the same SHA-256 and its item not in the trash or gone. One changed photo makes the report not valid,
 * and says which. The page at /v/{code} is server/public-pages/verify-page.ts; its calls verify.routes.ts.
 */

/** What the public budget counts a verification request under: the code as typed (case, dashes) or not. */
export function verifyBudgetKey(c: Context): string | undefined {
  const code = normalizeReportCode(c.req.param('code') ?? '')
  return code ? `verify:${code}` : undefined
}

export async function verifyReport(
  deps: Pick<Deps, 'db' | 'config'>,
  raw: string,
): Promise<ReportVerification> {
  // As typed off paper: case, dashes and spaces do not matter (src/contracts/reports.ts).
  const code = normalizeReportCode(raw)
  if (!code) throw notFound(VERIFY_MSG.notFound)
  const report = await deps.db
    .selectFrom('reports')
    .innerJoin('projects', 'projects.id', 'reports.project_id')
    .select([
      'reports.id',
      'reports.code',
      'reports.title',
      'reports.period_from',
      'reports.period_to',
      'reports.created_at',
      'reports.finished_at',
      'reports.status',
      'reports.deleted_at',
      'projects.name as project',
    ])
    .where('reports.code', '=', code)
    .executeTakeFirst()
  if (!report) {
    // A printed diary day's code (issue 34, decision 0091): the same page, budget and cache.
    const diary = await verifyDiaryCode(deps.db, code, deps.config.firmTimeZone)
    if (diary) return diary
    throw notFound(VERIFY_MSG.notFound)
  }
  const rows = await deps.db
    .selectFrom('report_photos')
    .leftJoin('doc_images', 'doc_images.id', 'report_photos.doc_image_id')
    .leftJoin('docs', 'docs.id', 'report_photos.doc_id')
    .leftJoin('project_contracts', 'project_contracts.project_id', 'docs.project_id')
    .select([
      'doc_images.lat',
      'doc_images.lng',
      'doc_images.clock_skew_s',
      'project_contracts.site_lat',
      'project_contracts.site_lng',
      'project_contracts.site_radius_m',
      'report_photos.position',
      'report_photos.sha256',
      'report_photos.taken_at',
      'doc_images.sha256 as current_sha256',
      'doc_images.thumb_state',
      'doc_images.thumb_key',
      'docs.id as doc_id',
      'docs.description',
      'docs.deleted_at as doc_deleted_at',
    ])
    .where('report_photos.report_id', '=', report.id)
    .orderBy('report_photos.position')
    .execute()
  const photos = rows.map((r) => {
    const unchanged =
      r.doc_id !== null && r.doc_deleted_at === null && r.sha256 !== null && r.current_sha256 === r.sha256
    return {
      position: r.position,
      sha256: r.sha256,
      taken_at: r.taken_at,
      description: r.description ?? '',
      unchanged,
      thumb_url:
        unchanged && !report.deleted_at && r.thumb_state === 'ready' && r.thumb_key
          ? pathTo(verifyPhoto, { code: report.code, position: r.position })
          : null,
      ...verifyNotes(r),
    }
  })
  const reason = report.deleted_at
    ? VERIFY_MSG.removed
    : report.status !== 'ready'
      ? REPORT_MSG.notReady
      : photos.some((p) => !p.unchanged)
        ? VERIFY_MSG.changed
        : null
  return {
    code: report.code,
    valid: reason === null,
    reason,
    project: report.project,
    title: report.title,
    period_from: report.period_from,
    period_to: report.period_to,
    created_at: report.finished_at ?? report.created_at,
    photos,
  }
}

/**
 * The thumbnail beside a verified photo (issue 30): the code is the key, as for the page. Only the small
 * WebP the server made from the stored photo (no EXIF, never the original's bytes), and only while the
 * photo is the one the report holds: its item not in the trash, the same SHA-256, the report not
 * removed. Anything else is 404, so a trashed photo's bytes are never served from here.
 */
export async function verifyThumb(deps: Pick<Deps, 'db'>, raw: string, positionRef: string): Promise<string> {
  const code = normalizeReportCode(raw)
  // A position as the report prints it (1, 2, ...): '01' or '0' names no photo.
  if (!code || !/^[1-9]\d{0,5}$/.test(positionRef)) throw notFound(THUMB_GONE)
  const row = await deps.db
    .selectFrom('reports')
    .innerJoin('report_photos', 'report_photos.report_id', 'reports.id')
    .innerJoin('doc_images', 'doc_images.id', 'report_photos.doc_image_id')
    .innerJoin('docs', 'docs.id', 'report_photos.doc_id')
    .select([
      'doc_images.thumb_key',
      'doc_images.thumb_state',
      'doc_images.sha256',
      'report_photos.sha256 as printed',
    ])
    .where('reports.code', '=', code)
    .where('reports.deleted_at', 'is', null)
    .where('report_photos.position', '=', Number(positionRef))
    .where('docs.deleted_at', 'is', null)
    .executeTakeFirst()
  if (row?.thumb_state !== 'ready' || !row.thumb_key || !row.printed || row.sha256 !== row.printed)
    throw notFound(THUMB_GONE)
  return row.thumb_key
}

const THUMB_GONE = 'Foto tidak ditemukan'

/** The site and clock words of a verified photo (issue 34); nothing of a photo gone from the server. */
function verifyNotes(r: {
  doc_id: number | null
  lat: number | null
  lng: number | null
  clock_skew_s: number | null
  site_lat: number | null
  site_lng: number | null
  site_radius_m: number | null
}): { site: string | null; clock: string | null } {
  if (r.doc_id === null) return { site: null, clock: null }
  const site =
    r.site_lat === null || r.site_lng === null || r.site_radius_m === null
      ? null
      : { lat: Number(r.site_lat), lng: Number(r.site_lng), radius_m: Number(r.site_radius_m) }
  return {
    site: siteWords(r, site),
    clock: clockSkewText(r.clock_skew_s === null ? null : Number(r.clock_skew_s)),
  }
}
