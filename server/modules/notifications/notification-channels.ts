import type { Kysely } from 'kysely'
import type {
  AdminProjectScope,
  NotificationChannels,
  NotificationChannelsUpdate,
} from '../../../src/contracts/notification-channels'
import { NOTIFICATION_TYPES, type NotificationType } from '../../../src/contracts/notifications'
import { type Actor, access } from '../../access'
import { normalizePhone } from '../../base/phone'
import type { DB } from '../../db/schema'
import type { Deps } from '../../deps'
import { nowIso } from '../../http'

/**
 * What reaches each person's WhatsApp (issue 32, docs/decisions/0079-whatsapp-bot-not-banned.md),
 * stored per person in notification_channels (no row: the defaults). The bell gets every notification
 * whatever is chosen here.
 *
 * - Each notification type can be kept off WhatsApp (default: all on).
 * - Admins hear of every project in the bell, as overseers; on WhatsApp, by default, only of the
 *   projects they take part in: a member, its creator, or a reviewer of one of its files or
 *   documentation. They may choose every project instead. What is addressed to them personally (their
 *   own upload reviewed, a comment on their documentation, their report) is not subject to this.
 */
type Db = Kysely<DB>
type Prefs = { off: Set<string>; adminProjects: AdminProjectScope }

const DEFAULTS: Prefs = { off: new Set(), adminProjects: 'involved' }

function parseOff(raw: string): Set<string> {
  try {
    const list = JSON.parse(raw)
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [])
  } catch {
    return new Set()
  }
}

async function prefsOf(db: Db, ids: number[]): Promise<Map<number, Prefs>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('notification_channels').selectAll().where('user_id', 'in', ids).execute()
  return new Map(
    rows.map((r) => [
      r.user_id,
      { off: parseOff(r.whatsapp_off), adminProjects: r.admin_projects === 'all' ? 'all' : 'involved' },
    ]),
  )
}

/**
 * The kinds a role can receive at all (notification-rules.ts): uploads, reports and new staff reach
 * admins only. Sent with the choices so the profile lists these and never re-decides by role.
 */
const KINDS_OF_ROLE: Record<'admin' | 'staff', NotificationType[]> = {
  admin: [
    'file_uploaded',
    'comment_added',
    'file_approved',
    'file_revision',
    'project_created',
    'employee_added',
    'report_ready',
    'report_failed',
  ],
  staff: ['file_approved', 'file_revision', 'comment_added', 'project_created'],
}
/** Kinds only one staff role receives: the diary reminder goes to a project's pengawasan members. */
const KINDS_OF_STAFF_ROLE: Partial<Record<string, NotificationType[]>> = { pengawasan: ['diary_reminder'] }
const kindsOf = (role: string): NotificationType[] =>
  role === 'admin' ? KINDS_OF_ROLE.admin : [...KINDS_OF_ROLE.staff, ...(KINDS_OF_STAFF_ROLE[role] ?? [])]

function view(prefs: Prefs, role: string, phone: string | null): NotificationChannels {
  return {
    whatsapp: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, !prefs.off.has(t)])) as Record<
      NotificationType,
      boolean
    >,
    admin_projects: role === 'admin' ? prefs.adminProjects : null,
    phone: normalizePhone(phone),
    kinds: kindsOf(role),
  }
}

/** GET /api/user/notification-channels: the caller's own choices. */
export async function readChannels(deps: Pick<Deps, 'db'>, user: Actor): Promise<NotificationChannels> {
  await access.require(deps, user, 'notification.list')
  const [prefs, row] = await Promise.all([
    prefsOf(deps.db, [user.id]),
    deps.db.selectFrom('users').select('phone').where('id', '=', user.id).executeTakeFirst(),
  ])
  return view(prefs.get(user.id) ?? DEFAULTS, user.role, row?.phone ?? null)
}

/**
 * PUT /api/user/notification-channels: what is sent stays as chosen; what waits in the queue of a type
 * now turned off is not sent any more (status skipped), any process's sender sees it at once.
 */
export async function updateChannels(
  deps: Pick<Deps, 'db'>,
  user: Actor,
  read: () => Promise<NotificationChannelsUpdate>,
): Promise<NotificationChannels> {
  await access.require(deps, user, 'notification.list')
  const input = await read()
  const db = deps.db
  await db.transaction().execute(async (trx) => {
    const current = (await prefsOf(trx, [user.id])).get(user.id) ?? DEFAULTS
    const off = new Set(current.off)
    for (const [type, on] of Object.entries(input.whatsapp ?? {})) {
      if (on === true) off.delete(type)
      else if (on === false) off.add(type)
    }
    const values = {
      whatsapp_off: JSON.stringify([...off].sort()),
      admin_projects: user.role === 'admin' ? (input.admin_projects ?? current.adminProjects) : 'involved',
      updated_at: nowIso(),
    }
    await trx
      .insertInto('notification_channels')
      .values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute()
    if (off.size > 0)
      await trx
        .updateTable('whatsapp_outbox')
        .set({
          status: 'skipped',
          last_error: 'Tidak dikirim: jenis notifikasi ini dimatikan untuk WhatsApp',
        })
        .where('user_id', '=', user.id)
        .where('status', '=', 'pending')
        .where('kind', 'in', [...off])
        .execute()
  })
  return readChannels(deps, user)
}

/**
 * Of a notification's recipients, those whose WhatsApp it reaches: the type is on for them, and an
 * admin who hears of it only as an overseer (`personal` does not hold them) is involved in its project
 * or chose every project.
 */
export async function whatsappRecipients(
  db: Db,
  draft: { type: string; projectId: number | null },
  recipients: { id: number; role: string }[],
  personal: ReadonlySet<number>,
): Promise<Set<number>> {
  const prefs = await prefsOf(
    db,
    recipients.map((r) => r.id),
  )
  const on = recipients.filter((r) => !(prefs.get(r.id) ?? DEFAULTS).off.has(draft.type))
  const overseers = on
    .filter((r) => r.role === 'admin' && !personal.has(r.id) && draft.projectId !== null)
    .filter((r) => (prefs.get(r.id) ?? DEFAULTS).adminProjects === 'involved')
    .map((r) => r.id)
  const involved =
    draft.projectId === null ? new Set<number>() : await involvedIn(db, draft.projectId, overseers)
  return new Set(on.filter((r) => !overseers.includes(r.id) || involved.has(r.id)).map((r) => r.id))
}

/** Which of `ids` take part in the project: member, creator, or reviewer of one of its files or docs. */
async function involvedIn(db: Db, projectId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const [members, project, files, docs] = await Promise.all([
    db
      .selectFrom('project_members')
      .select('user_id as id')
      .where('project_id', '=', projectId)
      .where('user_id', 'in', ids)
      .execute(),
    db.selectFrom('projects').select('created_by as id').where('id', '=', projectId).execute(),
    db
      .selectFrom('files')
      .select('reviewed_by as id')
      .distinct()
      .where('project_id', '=', projectId)
      .where('reviewed_by', 'in', ids)
      .execute(),
    db
      .selectFrom('docs')
      .select('reviewed_by as id')
      .distinct()
      .where('project_id', '=', projectId)
      .where('reviewed_by', 'in', ids)
      .execute(),
  ])
  return new Set([...members, ...project, ...files, ...docs].map((r) => r.id).filter((id) => id !== null))
}
