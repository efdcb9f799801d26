import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { Role } from '../../src/contracts/common'
import type { LocationSource } from '../../src/contracts/documentation'
import type { Area, Status } from '../../src/contracts/projects'
import type { ProjectContractsTable } from './contract-schema'
import type * as DiaryPrint from './diary-print-schema'
import type * as DiaryReminder from './diary-reminder-schema'
import type * as Diary from './diary-schema'
import type { DocImagesTable } from './doc-images-schema'

// Timestamps are ISO-8601 UTC text in both dialects so ordering and comparisons agree.
// Booleans are 0/1 integers in both dialects for the same reason.

export type UsersTable = {
  id: Generated<number>
  name: string
  email: string
  phone: string | null
  role: Role
  avatar: string | null
  password_hash: string
  is_active: number
  created_by: number | null
  created_at: string
  /** Soft delete: a removed user disappears from lists and cannot log in, but keeps the authorship of uploads. */
  deleted_at: string | null
}

export type SessionsTable = {
  id: Generated<number>
  user_id: number
  token_hash: string
  created_at: string
  expires_at: string
}

/** One row per scope (pair, account, address) of each login attempt in the window (migration 003). */
export type LoginAttemptsTable = { attempt: string; scope: string; attempted_at: string }
export type LoginDevicesTable = {
  token_hash: string
  user_id: number
  created_at: string
  last_used_at: string
}
/** 'Lupa password?' codes sent by WhatsApp (migration 020, server/modules/auth/password-codes.ts). */
export type PasswordCodesTable = {
  id: Generated<number>
  user_id: number
  /** argon2id of the 6-digit code; the code itself is never stored. */
  code_hash: string
  created_at: string
  expires_at: string
  tries: ColumnType<number, number | undefined, number>
  used_at: string | null
}
export type UsageCountersTable = { key: string; window: string; count: number; expires_at: string }

export type IdempotencyTable = {
  user_id: number
  key: string
  request_hash: string
  status: number
  body: string
  created_at: string
}

export type ProjectsTable = {
  id: Generated<number>
  slug: string
  name: string
  description: string
  created_by: number
  created_at: string
  updated_at: string
  /** +1 per edit; a save made from an older version is refused (migration 010). */
  version: ColumnType<number, number | undefined, number>
  updated_by: ColumnType<number | null, number | null | undefined, number | null>
  /** The first day its weeks count from, YYYY-MM-DD firm time; null: the day it was made (migration 013). */
  start_day: ColumnType<string | null, string | null | undefined, string | null>
}

export type ProjectMembersTable = { project_id: number; user_id: number; created_at: string }

export type FoldersTable = {
  id: Generated<number>
  uuid: string
  project_id: number
  area: Area
  parent_id: number | null
  name: string
  created_by: number
  created_at: string
  /** In the trash since (migration 010); null otherwise. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>
}

export type FilesTable = {
  id: Generated<number>
  uuid: string
  project_id: number
  area: Area
  folder_id: number | null
  name: string
  size_bytes: number
  mime: string
  blob_key: string
  status: Status
  creator_id: number
  created_at: string
  /** Who approved or rejected it, and when (migration 004); null while pending. */
  reviewed_by: number | null
  reviewed_at: string | null
  /** The reason of a 'Revisi' (migration 015); null for an approval or a file reviewed before. */
  review_note: ColumnType<string | null, string | null | undefined, string | null>
  /** In the trash since (migration 010); null otherwise. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>
}

export type DocsTable = {
  id: Generated<number>
  uuid: string
  project_id: number
  description: string
  status: Status
  creator_id: number
  created_at: string
  /** Who approved it or asked for a revision, and when (migration 005); null while pending. */
  reviewed_by: number | null
  reviewed_at: string | null
  /** The work item, place on site and progress stage it shows (migration 010); all optional. */
  work_item_id: ColumnType<number | null, number | null | undefined, number | null>
  location: ColumnType<string | null, string | null | undefined, string | null>
  progress: ColumnType<number | null, number | null | undefined, number | null>
  /** The reason of the current version's 'Revisi' (cleared by a new version or an approval: migration 015). */
  review_note: ColumnType<string | null, string | null | undefined, string | null>
  /** 1 at upload, +1 per revision; the list shows this version's photos. */
  version: ColumnType<number, number | undefined, number>
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>
  /**
   * The day-taken instant (migration 014, server/base/firm-clock.ts itemTakenAt): the earliest capture time of
   * the current version's photos, else created_at; the list's date filter uses it. Null only for rows
   * written outside the upload services (test fixtures); read as created_at then.
   */
  taken_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** A project's 'Item Pekerjaan' (migration 010). */
export type WorkItemsTable = {
  id: Generated<number>
  project_id: number
  name: string
  created_by: number
  created_at: string
  /** The order admins give (migration 016): lists and the report's sections follow it. */
  position: ColumnType<number, number | undefined, number>
  /** Its number in the bill of quantities ('I.1'), optional (migration 016). */
  code: ColumnType<string | null, string | null | undefined, string | null>
}

/** What happened, append-only (migration 010). `detail` is JSON. */
export type HistoryTable = {
  id: Generated<number>
  project_id: number | null
  at: string
  actor_id: number | null
  actor_name: string
  actor_role: string
  action: string
  object_kind: string
  object_id: string
  object_name: string
  detail: string | null
}

export type { DocImagesTable, ThumbState } from './doc-images-schema'
export type { LocationSource }

/** The job queue (migration 009, server/jobs/job-queue.ts). */
export type JobsTable = {
  id: Generated<number>
  kind: string
  /** JSON. */
  payload: string
  status: 'queued' | 'running' | 'done' | 'failed'
  attempts: ColumnType<number, number | undefined, number>
  max_attempts: number
  run_after: string
  lease_owner: string | null
  lease_until: string | null
  last_error: string | null
  created_at: string
  finished_at: string | null
}

export type DocLikesTable = { doc_id: number; user_id: number; created_at: string }

export type DocCommentsTable = {
  id: Generated<number>
  doc_id: number
  user_id: number
  content: string
  created_at: string
}

export type RecapFilesTable = {
  id: Generated<number>
  uuid: string
  project_id: number
  name: string
  size_bytes: number
  mime: string
  blob_key: string
  creator_id: number
  created_at: string
}

/** A big file arriving in parts (migration 022, server/modules/resumable-uploads). */
export type ResumableUploadsTable = {
  id: string
  user_id: number
  project_id: number
  /** 'perencanaan' | 'pengawasan' | 'rekap' */
  target: string
  folder_slug: string | null
  name: string
  size_bytes: number
  received_bytes: Generated<number>
  fingerprint: string | null
  created_at: string
  expires_at: string
  completed_at: string | null
}

export type ResumablePartsTable = {
  upload_id: string
  start_byte: number
  size_bytes: number
  blob_key: string
}

export type NotificationsTable = {
  id: Generated<number>
  user_id: number
  type: string
  title: string
  message: string
  project_id: number | null
  link: string | null
  is_read: number
  created_at: string
  /** Who caused it (migration 006); null once that account is gone. */
  actor_id: number | null
}

/** The persistent WhatsApp send queue (migration 006). */
export type WhatsAppOutboxTable = {
  id: Generated<number>
  notification_id: number | null
  user_id: number | null
  /** Normalised digits, e.g. 6281234567890. */
  phone: string
  text: string
  /** The id WhatsApp gets: made once with the row, so a re-send is recognised as the same message. */
  message_id: string
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'expired' | 'skipped'
  attempts: number
  next_attempt_at: string
  claimed_by: string | null
  claimed_until: string | null
  last_error: string | null
  sent_at: string | null
  created_at: string
  /** A document sent with the text where the driver can (a report's PDF; migration 012). */
  document_key: ColumnType<string | null, string | null | undefined, string | null>
  document_name: ColumnType<string | null, string | null | undefined, string | null>
  document_mime: ColumnType<string | null, string | null | undefined, string | null>
  /** Migration 021: the notification type (null: a message someone asked for: never merged or expired). */
  kind: ColumnType<string | null, string | null | undefined, string | null>
  /** Rows of one key due together go out as one message (merge_text with {n} = the sum of merge_count). */
  merge_key: ColumnType<string | null, string | null | undefined, string | null>
  merge_count: ColumnType<number, number | undefined, number>
  merge_text: ColumnType<string | null, string | null | undefined, string | null>
  /** The WhatsApp message id the row went out under (shared by every row of a merged send). */
  sent_as: ColumnType<string | null, string | null | undefined, string | null>
}

/** Per recipient (phone) and overall ('*'): when the next send may start (migration 021). */
export type WhatsAppPacingTable = { key: string; next_allowed_at: string; held_by: string | null }

/** What reaches a person's WhatsApp (migration 021); no row: the defaults. */
export type NotificationChannelsTable = {
  user_id: number
  /** JSON array of notification types kept off WhatsApp. */
  whatsapp_off: string
  /** Admins: 'involved' (projects they are member, creator or reviewer of) or 'all'. */
  admin_projects: string
  updated_at: string
}

/** One row per singleton job; the holder renews expires_at on a heartbeat (migration 006). */
export type LeasesTable = { name: string; holder: string; expires_at: string }

/** The single row (id 1) every process answers GET /api/whatsapp/qr from (migration 006). */
export type WhatsAppStateTable = {
  id: number
  status: 'off' | 'starting' | 'waiting_scan' | 'connected'
  qr: string | null
  account: string | null
  logout_epoch: number
  updated_at: string
}

export type WhatsAppAuthTable = { key: string; value: string }

export type WhatsAppSimSentTable = {
  id: Generated<number>
  message_id: string
  jid: string
  text: string
  sender: string
  sent_at: string
  /** A document sent with the text as its caption (migration 012). */
  document_name: ColumnType<string | null, string | null | undefined, string | null>
  document_size: ColumnType<number | null, number | null | undefined, number | null>
}

/**
 * Counters per project, one row each, kept by triggers on projects, files, docs and recap_files
 * (migration 002); the project list, detail and dashboard read them instead of counting rows.
 */
export type ProjectStatsTable = {
  project_id: number
  files_perencanaan_pending: number
  files_perencanaan_approved: number
  files_perencanaan_rejected: number
  files_pengawasan_pending: number
  files_pengawasan_approved: number
  files_pengawasan_rejected: number
  docs_pending: number
  docs_approved: number
  docs_rejected: number
  recaps: number
}

export type SettingsTable = { key: string; value: string }

export type DB = {
  users: UsersTable
  sessions: SessionsTable
  login_attempts: LoginAttemptsTable
  login_devices: LoginDevicesTable
  usage_counters: UsageCountersTable
  idempotency_keys: IdempotencyTable
  projects: ProjectsTable
  project_contracts: ProjectContractsTable
  diary_days: Diary.DiaryDaysTable
  diary_signatures: Diary.DiarySignaturesTable
  diary_versions: Diary.DiaryVersionsTable
  diary_sign_links: Diary.DiarySignLinksTable
  diary_reminders: DiaryReminder.DiaryRemindersTable
  diary_pdfs: DiaryPrint.DiaryPdfsTable
  project_members: ProjectMembersTable
  folders: FoldersTable
  files: FilesTable
  docs: DocsTable
  doc_images: DocImagesTable
  doc_likes: DocLikesTable
  doc_comments: DocCommentsTable
  recap_files: RecapFilesTable
  resumable_uploads: ResumableUploadsTable
  resumable_parts: ResumablePartsTable
  notifications: NotificationsTable
  whatsapp_outbox: WhatsAppOutboxTable
  whatsapp_pacing: WhatsAppPacingTable
  notification_channels: NotificationChannelsTable
  leases: LeasesTable
  whatsapp_state: WhatsAppStateTable
  whatsapp_auth: WhatsAppAuthTable
  whatsapp_sim_sent: WhatsAppSimSentTable
  project_stats: ProjectStatsTable
  settings: SettingsTable
  jobs: JobsTable
  work_items: WorkItemsTable
  history: HistoryTable
  reports: ReportsTable
  report_photos: ReportPhotosTable
  shares: SharesTable
  firm_settings: FirmSettingsTable
  password_codes: PasswordCodesTable
}

/** The firm's own settings, one row (id 1) once an admin saved them (migration 016, modules/settings). */
export type FirmSettingsTable = {
  id: number
  name: string
  address: ColumnType<string, string | undefined, string>
  phone: ColumnType<string, string | undefined, string>
  /** JSON: [{ label, name, title }]. */
  signatories: ColumnType<string, string | undefined, string>
  /** A public blob (PNG or JPEG), or null. */
  logo_key: ColumnType<string | null, string | null | undefined, string | null>
  updated_by: number | null
  updated_at: string
  /** The diary reminder's hour (0-23, firm time), null: off (migration 026, default 16). */
  diary_reminder_hour: ColumnType<number | null, number | null | undefined, number | null>
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>

/** Laporan Dokumentasi (migration 012, server/modules/reports). */
export type ReportsTable = {
  id: Generated<number>
  project_id: number
  /** The verification code printed on every page (public: /v/{code}). */
  code: string
  title: string
  /** YYYY-MM-DD, Asia/Jakarta days, both inclusive. */
  period_from: string
  period_to: string
  /** JSON array of work item ids; null = every work item (and items without one). */
  work_item_ids: string | null
  include: 'approved' | 'all'
  per_page: number
  /** 'dokumentasi' or 'mingguan' (migration 025). */
  kind: ColumnType<'dokumentasi' | 'mingguan', 'dokumentasi' | 'mingguan' | undefined, never>
  status: 'queued' | 'running' | 'ready' | 'failed'
  progress: ColumnType<number, number | undefined, number>
  error: string | null
  photo_count: ColumnType<number, number | undefined, number>
  pages: number | null
  blob_key: string | null
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>
  /** Of the PDF's bytes. */
  sha256: string | null
  /** The recap file it was saved as ('Simpan ke Rekap'). */
  recap_id: number | null
  created_by: number
  created_at: string
  finished_at: string | null
  deleted_at: string | null
}

/** Exactly which photos a report holds, as they were when it was made. */
export type ReportPhotosTable = {
  report_id: number
  position: number
  doc_id: number
  doc_image_id: number
  sha256: string | null
  taken_at: string | null
}

/** A link a client opens without an account (migration 012, server/modules/shares). */
export type SharesTable = {
  id: Generated<number>
  project_id: number
  /** base64url of 24 random bytes (192 bits). */
  token: string
  /** A report's link; otherwise the approved documentation of period_from..period_to. */
  report_id: number | null
  period_from: string | null
  period_to: string | null
  work_item_ids: string | null
  /** scrypt of the 6-digit PIN, or null. */
  pin_hash: string | null
  /** Signs the short-lived URLs of the link's photos and PDF. */
  sign_key: string
  expires_at: string
  revoked_at: string | null
  view_count: ColumnType<number, number | undefined, number>
  last_viewed_at: string | null
  created_by: number
  created_at: string
  /** What the admin calls it, and the number it was last sent to by WhatsApp and when (migration 017). */
  label: ColumnType<string | null, string | null | undefined, string | null>
  sent_phone: ColumnType<string | null, string | null | undefined, string | null>
  sent_at: ColumnType<string | null, string | null | undefined, string | null>
}
