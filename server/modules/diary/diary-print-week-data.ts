import type { Kysely } from 'kysely'
import { periodLabel } from '../../../src/contracts/days'
import type { DiaryDay } from '../../../src/contracts/diary'
import { daysInPeriod, REPORT_MSG, WEEKLY_MAX_DAYS } from '../../../src/contracts/reports'
import type { DB } from '../../db/schema'
import { AppError } from '../../http'
import { fullySigned, signaturesOf, toDiaryDay } from './diary-store'

/*
 * Laporan Mingguan (issue 34, decision 0091): a report row of kind 'mingguan' whose PDF rolls up the
 * week's diaries. Here: what the report create asks before it queues one (at most WEEKLY_MAX_DAYS days,
 * something to show), and the week's days as the diary stores them, for the render
 * (diary-print-week.ts). The photos are the report's own (report_photos), so the share links and the
 * verification work as for the photo report.
 */

export const weeklyReportTitle = (project: string, week: number | null, from: string, to: string) =>
  week !== null
    ? `Laporan Mingguan - ${project} - Minggu ke-${week}`
    : `Laporan Mingguan - ${project} - ${periodLabel(from, to)}`

/** The written days of a project in [from, to], oldest first, each with its current signatures. */
export async function readWeek(
  db: Kysely<DB>,
  projectId: number,
  from: string,
  to: string,
): Promise<DiaryDay[]> {
  const rows = await db
    .selectFrom('diary_days')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('version', '>', 0)
    .orderBy('day')
    .execute()
  return Promise.all(rows.map(async (r) => toDiaryDay(r, await signaturesOf(db, r.id, r.revision))))
}

export const isSigned = (d: DiaryDay) => d.status === 'signed' && fullySigned(d.signatures.map((s) => s.role))

/** 422 before anything is written: longer than a week, or no diary and no photo in it. */
export async function assertWeek(
  db: Kysely<DB>,
  projectId: number,
  period: { from: string; to: string },
  photos: number,
): Promise<void> {
  if (daysInPeriod(period.from, period.to) > WEEKLY_MAX_DAYS)
    throw new AppError(422, REPORT_MSG.weekTooLong, { to: REPORT_MSG.weekTooLong })
  if (photos > 0) return
  const any = await db
    .selectFrom('diary_days')
    .select('id')
    .where('project_id', '=', projectId)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .where('version', '>', 0)
    .executeTakeFirst()
  if (!any) throw new AppError(422, REPORT_MSG.weekEmpty, { to: REPORT_MSG.weekEmpty })
}
