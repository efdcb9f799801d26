import { pathTo } from '../../contracts/endpoint'
import type { Project } from '../../contracts/projects'
import {
  REPORT_MSG,
  type Report,
  type ReportCount,
  type ReportCreate,
  type ReportInclude,
} from '../../contracts/reports'
import * as reportEndpoints from '../../contracts/reports.endpoints'
import type { Share, ShareCreate } from '../../contracts/shares'
import * as shareEndpoints from '../../contracts/shares.endpoints'
import { call } from '../../lib/api'
import { downloadToDisk } from '../../lib/download'
import { updateProject } from '../../lib/projects'

/*
 * Reports and share links (issue 24). The creates carry an Idempotency-Key made by the caller once per
 * submitted content, so a double tap or a retry after a lost answer makes one report, one link, one
 * WhatsApp message.
 */

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } })

/**
 * The project's start day, through the project update (name and description as they are, its version:
 * a project edited meanwhile answers 409 with who did it).
 */
export async function setProjectStartDay(project: Project, day: string): Promise<Project> {
  const input = {
    name: project.name,
    description: project.description,
    version: project.version,
    start_day: day,
  }
  return (await updateProject(project.id, input)).data
}

/** GET /api/report/{slug}/count: how many photos a report with this choice holds, and the same ones made. */
export async function countReport(
  slug: string,
  q: { from: string; to: string; include: ReportInclude; workItemIds: number[] | null },
): Promise<ReportCount> {
  const query = {
    from: q.from,
    to: q.to,
    include: q.include,
    work_items: q.workItemIds?.length ? q.workItemIds.join(',') : undefined,
  }
  return (await call(reportEndpoints.count, { slug }, undefined, { query })).data
}

/** GET /api/report/{slug}/list: newest first, with status and progress. */
export async function listReports(slug: string): Promise<Report[]> {
  return (await call(reportEndpoints.list, { slug })).data
}

/** POST /api/report/{slug}/create: 202 with the queued report; 422 'Tidak ada dokumentasi…' for an empty period. */
export async function createReport(slug: string, input: ReportCreate, key: string): Promise<Report> {
  return (await call(reportEndpoints.create, { slug }, input, keyed(key))).data
}

export async function reportToRecap(slug: string, id: number) {
  return call(reportEndpoints.toRecap, { slug, id })
}

export async function removeReport(slug: string, id: number) {
  return call(reportEndpoints.remove, { slug, id })
}

/** The PDF, fetched with the session's token like the recap files, saved under the server's name. */
export async function downloadReport(slug: string, report: Pick<Report, 'id' | 'title'>): Promise<string> {
  return downloadToDisk(
    pathTo(reportEndpoints.download, { slug, id: report.id }),
    `${report.title}.pdf`,
    REPORT_MSG.downloadFailed,
  )
}

/** GET /api/share/{slug}/list: every link of the project (report links and period links). */
export async function listShares(slug: string): Promise<Share[]> {
  return (await call(shareEndpoints.list, { slug })).data
}

/** What a create answers: the link to give the client (the list then shows the rest). */
export type CreatedShare = Pick<Share, 'id' | 'url' | 'expires_at'>

export async function createShare(slug: string, input: ShareCreate, key: string): Promise<CreatedShare> {
  return (await call(shareEndpoints.create, { slug }, input, keyed(key))).data
}

export async function revokeShare(slug: string, id: number) {
  return call(shareEndpoints.revoke, { slug, id })
}

/** POST /api/share/{slug}/whatsapp/{id}: the bot sends the link (and the PDF) once per key. */
export async function sendShareWhatsApp(slug: string, id: number, phone: string, key: string) {
  return call(shareEndpoints.whatsapp, { slug, id }, { phone }, keyed(key))
}
