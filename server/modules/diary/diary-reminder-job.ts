import type { Kysely } from 'kysely'
import type { DiarySections } from '../../../src/contracts/diary'
import { firmDayOf, firmMoment } from '../../base/firm-clock'
import type { Dialect } from '../../db/dialect'
import type { DB } from '../../db/schema'
import type { JobKind } from '../../jobs/job-kind'
import { enqueueJob, enqueueJobOnce } from '../../jobs/job-queue'
import { readFirmSettings } from '../settings/firm-settings'
import { firmToday, sectionsOf } from './diary-store'

/*
 * The diary reminder (issue 34, docs/decisions/0092-diary-reminder.md): at the firm's hour
 * (firm_settings.diary_reminder_hour, default 16, null: off), on a working day (Monday to Saturday in the
 * firm's time zone; Sunday off), the pengawasan members of every project whose diary for today is still
 * empty hear 'Laporan harian belum diisi' in the bell and on WhatsApp.
 *
 * One 'diary.reminder' job in the database queue at a time, the frame of the trash's daily sweep
 * (docs/adding-things.md, 'A scheduled (recurring) job'): a run reminds if the firm's hour has come today,
 * and queues the next run in the same commit (today's hour if it has not come yet, else the next day's;
 * an hour later while the reminder is off, so turning it on takes effect the same day). A changed hour
 * is read by the next run: a later hour moves today's run on, an earlier one takes effect from the run
 * already queued. 'Once per project per day' is the row diary_reminders (project_id, day), written in the
 * commit that finishes the run: a second run the same day, in any process, inserts nothing and tells
 * nobody.
 */
export const DIARY_REMINDER_KIND = 'diary.reminder'
const MAX_ATTEMPTS = 3
const HOUR_MS = 60 * 60 * 1000

/** The calendar day `n` days after `day` ('YYYY-MM-DD'). */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

/** Monday to Saturday: Indonesian sites often work Saturdays; Sunday is off. */
export const isWorkingDay = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() !== 0

/** Whether a diary has anything written in any section (a PUT may store empty lists and notes). */
export function diaryHasContent(s: DiarySections): boolean {
  const rows = [s.manpower, s.equipment, s.materials, s.work].some((list) => (list?.length ?? 0) > 0)
  const weather = (s.weather?.blocks.length ?? 0) > 0 || (s.weather?.lost_hours ?? 0) > 0
  const notes = Object.values(s.notes ?? {}).some((t) => typeof t === 'string' && t.trim() !== '')
  return rows || weather || notes
}

/** The instant the firm's clock shows `hour`.00 on `day`. */
function firmHour(day: string, hour: number, timeZone: string): Date {
  return new Date(firmMoment(`${day}T${String(hour).padStart(2, '0')}:00:00`, timeZone) as string)
}

/** When the next run is due, seen from `now`. */
export function nextReminderRun(now: Date, hour: number | null, timeZone: string): Date {
  if (hour === null) return new Date(now.getTime() + HOUR_MS)
  const today = firmToday(timeZone, now)
  const at = firmHour(today, hour, timeZone)
  return now < at ? at : firmHour(addDays(today, 1), hour, timeZone)
}

/**
 * The projects to remind on `day`: started (start day, else the day it was made, not after `day`), not
 * past the contract's end (start day + duration, when both are known), with at least one active
 * pengawasan member, whose diary for the day is missing or empty, and not yet reminded that day.
 */
export async function projectsToRemind(
  db: Kysely<DB>,
  day: string,
  timeZone: string,
): Promise<{ projectId: number; members: number }[]> {
  const [projects, diaries, members, reminded] = await Promise.all([
    db
      .selectFrom('projects')
      .leftJoin('project_contracts', 'project_contracts.project_id', 'projects.id')
      .select(['projects.id', 'projects.start_day', 'projects.created_at', 'project_contracts.duration_days'])
      .execute(),
    db.selectFrom('diary_days').select(['project_id', 'sections']).where('day', '=', day).execute(),
    db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select('project_members.project_id')
      .where('users.role', '=', 'pengawasan')
      .where('users.is_active', '=', 1)
      .where('users.deleted_at', 'is', null)
      .execute(),
    db.selectFrom('diary_reminders').select('project_id').where('day', '=', day).execute(),
  ])
  const written = new Set(diaries.filter((d) => diaryHasContent(sectionsOf(d))).map((d) => d.project_id))
  const staffed = new Map<number, number>()
  for (const m of members) staffed.set(m.project_id, (staffed.get(m.project_id) ?? 0) + 1)
  const done = new Set(reminded.map((r) => r.project_id))
  return projects
    .filter((p) => {
      const start = p.start_day ?? firmDayOf(p.created_at, timeZone)
      if (start > day) return false
      if (p.start_day && p.duration_days && addDays(p.start_day, p.duration_days - 1) < day) return false
      return staffed.has(p.id) && !written.has(p.id) && !done.has(p.id)
    })
    .map((p) => ({ projectId: p.id, members: staffed.get(p.id) ?? 0 }))
}

export const diaryReminderJob: JobKind<Record<string, never>> = {
  kind: DIARY_REMINDER_KIND,
  maxAttempts: MAX_ATTEMPTS,
  changesCachedReads: false,

  async run(_payload, { deps, commit }) {
    const now = new Date()
    const zone = deps.config.firmTimeZone
    const { diaryReminderHour: hour } = await readFirmSettings(deps)
    const today = firmToday(zone, now)
    const due = hour !== null && isWorkingDay(today) && now >= firmHour(today, hour, zone)
    const candidates = due ? await projectsToRemind(deps.db, today, zone) : []
    const sent = await commit(async (trx) => {
      const fresh: number[] = []
      for (const { projectId, members } of candidates) {
        const row = await trx
          .insertInto('diary_reminders')
          .values({ project_id: projectId, day: today, recipients: members, sent_at: now.toISOString() })
          .onConflict((oc) => oc.columns(['project_id', 'day']).doNothing())
          .returning('id')
          .executeTakeFirst()
        if (row) fresh.push(projectId)
      }
      await nextRun(trx, nextReminderRun(now, hour, zone))
      return fresh
    })
    // After the commit, like every event: the notification writer tells the members (bell and WhatsApp).
    for (const projectId of sent)
      void deps.events.publish({ type: 'diary_reminder', actorId: null, projectId, day: today })
  },

  async gaveUp(_payload, _error, trx) {
    await nextRun(trx, new Date(Date.now() + HOUR_MS))
  },
}

function nextRun(trx: Kysely<DB>, runAfter: Date) {
  return enqueueJob(trx, DIARY_REMINDER_KIND, {}, { maxAttempts: MAX_ATTEMPTS, runAfter })
}

/**
 * At a process's start: queues a run now, unless one is queued or running (enqueueJobOnce: processes
 * starting at once queue one). The run itself finds the next hour.
 */
export function queueDiaryReminder(db: Kysely<DB>, dialect: Dialect): Promise<boolean> {
  return enqueueJobOnce(db, dialect, DIARY_REMINDER_KIND, { maxAttempts: MAX_ATTEMPTS })
}
