import type { Generated } from 'kysely'

/** A diary reminder that went out: one per project and firm day (migration 026, modules/diary). */
export type DiaryRemindersTable = {
  id: Generated<number>
  project_id: number
  day: string
  /** How many pengawasan members it was for when it went out. */
  recipients: number
  sent_at: string
}
