import * as v from 'valibot'
import { MSG } from './common'
import { NOTIFICATION_TYPES, type NotificationType } from './notifications'

/**
 * What reaches a person's WhatsApp (issue 32, docs/decisions/0079). The bell always shows every
 * notification; these choose which of them the bot also sends. Messages someone asked for (a share
 * link, a password code) are not notifications and always go.
 */

/** Admins hear of every project in the bell; on WhatsApp, by default, only of the ones they take part in. */
export const ADMIN_PROJECT_SCOPES = ['involved', 'all'] as const
export type AdminProjectScope = (typeof ADMIN_PROJECT_SCOPES)[number]

/** GET/PUT /api/user/notification-channels. */
export const NotificationChannelsSchema = v.object({
  /** Per notification type: whether it also goes to WhatsApp. */
  whatsapp: v.object(
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, v.boolean()])) as Record<
      NotificationType,
      v.BooleanSchema<undefined>
    >,
  ),
  /** Admins: WhatsApp about projects they are involved in (member, creator, reviewer) or all; null for others. */
  admin_projects: v.nullable(v.picklist(ADMIN_PROJECT_SCOPES)),
  /** The number the bot writes to; null when the profile has no usable number (nothing is sent). */
  phone: v.nullable(v.string()),
  /** The types this person can receive at all (the server's notification rules decide), in the order shown. */
  kinds: v.array(v.picklist(NOTIFICATION_TYPES)),
})
export type NotificationChannels = v.InferOutput<typeof NotificationChannelsSchema>

const onOff = (type: string) => v.optional(v.boolean(`Pilihan WhatsApp untuk ${type} harus ya atau tidak`))

/** Any subset: what is left out stays as it was. */
export const NotificationChannelsUpdateSchema = v.object(
  {
    whatsapp: v.optional(
      v.pipe(
        // An array is an object to valibot: say plainly what is expected instead.
        v.custom<object>(
          (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
          'Pilihan WhatsApp harus berupa daftar jenis notifikasi',
        ),
        v.strictObject(
          Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, onOff(t)])) as Record<
            NotificationType,
            ReturnType<typeof onOff>
          >,
          'Jenis notifikasi tidak dikenal',
        ),
      ),
    ),
    admin_projects: v.optional(
      v.picklist(ADMIN_PROJECT_SCOPES, 'Pilihan project harus "involved" atau "all"'),
    ),
  },
  MSG.validation,
)
export type NotificationChannelsUpdate = v.InferInput<typeof NotificationChannelsUpdateSchema>

/** What each type means to the person choosing (the settings screen's rows). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, { label: string; hint: string }> = {
  file_uploaded: { label: 'Unggahan baru', hint: 'File dan dokumentasi yang diunggah' },
  file_approved: { label: 'Disetujui', hint: 'Unggahan Anda disetujui admin' },
  file_revision: { label: 'Perlu revisi', hint: 'Unggahan Anda dikembalikan dengan catatan' },
  comment_added: { label: 'Komentar baru', hint: 'Komentar pada dokumentasi' },
  employee_added: { label: 'Karyawan baru', hint: 'Akun karyawan yang ditambahkan' },
  project_created: { label: 'Project baru', hint: 'Project yang dibuat atau Anda diikutkan' },
  report_ready: { label: 'Laporan siap', hint: 'Laporan yang Anda minta selesai disusun' },
  report_failed: { label: 'Laporan gagal', hint: 'Laporan yang Anda minta gagal disusun' },
  diary_reminder: {
    label: 'Pengingat laporan harian',
    hint: 'Laporan harian proyek Anda belum diisi pada jam yang ditentukan firma',
  },
}

export const NOTIFICATION_CHANNELS_MSG = {
  read: 'Pilihan notifikasi WhatsApp',
  saved: 'Pilihan notifikasi WhatsApp disimpan',
  saveFailed: 'Gagal menyimpan pilihan notifikasi. Coba lagi.',
} as const
