import * as v from 'valibot'
/**
 * Notifications (SPEC sections 2, 3, 7). The server writes them from domain events; the bell and the
 * /notifications page read GET /api/notification/list and mark them read.
 */

/** The type set the server writes (SPEC 3, second reading); the client also knows the first reading. */
export const NOTIFICATION_TYPES = [
  'file_uploaded',
  'file_approved',
  'file_revision',
  'comment_added',
  'employee_added',
  'project_created',
  // Issue 24: the report an admin asked for is ready, or could not be made.
  'report_ready',
  'report_failed',
  // Issue 34: today's diary of a project is still empty at the firm's hour (pengawasan members).
  'diary_reminder',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** SPEC 3: a priority maps to a border colour but is always rendered as normal. */
export type NotificationPriority = 'high' | 'normal' | 'low'

export const NotificationSchema = v.object({
  id: v.number(),
  /** One of NOTIFICATION_TYPES, or anything older clients wrote (shown with the default icon). */
  type: v.string(),
  title: v.string(),
  message: v.string(),
  is_read: v.boolean(),
  created_at: v.string(),
  /** Where clicking it leads (an app path such as /project/{slug}#dokumentasi), or null. */
  link: v.nullable(v.string()),
  priority: v.picklist(['high', 'normal', 'low']),
})
export type Notification = v.InferOutput<typeof NotificationSchema>

/** Answer of PUT /api/notification/read-all. */
export const ReadAllResultSchema = v.object({ updated: v.number() })
export type ReadAllResult = v.InferOutput<typeof ReadAllResultSchema>

/** The bell's dropdown shows at most this many unread items (SPEC 9). */
export const BELL_LIMIT = 5

/** The live stream's events (server-sent events, GET /api/notification/stream). */
export const NOTIFICATION_STREAM = {
  /** A new notification for the caller; data is a Notification. */
  event: 'notification',
  /** Sent once when the stream opens; data is { last_id }. */
  ready: 'ready',
} as const

export const NOTIFICATION_MSG = {
  list: 'Daftar notifikasi',
  read: 'Notifikasi ditandai sudah dibaca',
  readAll: 'Semua notifikasi ditandai sudah dibaca',
  notFound: 'Notifikasi tidak ditemukan',
  /** SPEC 8. */
  readFailed: 'Gagal menandai notifikasi sebagai telah dibaca',
} as const
