import type { Generated } from 'kysely'

/* The printed diary's table (migration 025, server/modules/diary/diary-print*.ts), beside schema.ts's DB. */

/** A diary day's printed PDF, one per revision and version printed (migration 025, diary-print*.ts). */
export type DiaryPdfsTable = {
  id: Generated<number>
  diary_id: number
  revision: number
  version: number
  /** The sha256 of the sections printed (diaryHash). */
  hash: string
  /** Its verification code (/v/{code}), in the reports' alphabet. */
  code: string
  status: 'queued' | 'ready' | 'failed'
  error: string | null
  blob_key: string | null
  pages: number | null
  size_bytes: number | null
  sha256: string | null
  created_at: string
  finished_at: string | null
}
