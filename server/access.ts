import type { Kysely, Selectable } from 'kysely'
import type { UserCan } from '../src/contracts/auth'
import type { Role } from '../src/contracts/common'
import type { AccessAction } from '../src/contracts/endpoint'
import { parseId } from '../src/contracts/ids'
import type { Area, ProjectCan } from '../src/contracts/projects'
import type { DB, ProjectsTable, UserRow } from './db/schema'
import { forbidden, notFound } from './http'

/**
 * The one place that decides who may do what (docs/access.md; SPEC section 6). Services call it
 * before they read a body or touch a row, so a route cannot forget it; route handlers never check roles.
 *
 * Three answers: allowed; 403 when the caller sees the object but their role may not do this; 404 when
 * the object lies outside the caller's projects (or is someone else's), exactly as if it were absent,
 * so a refusal never tells whether an id exists. Inactive and removed users never get here: their
 * tokens stop working (401) in requireAuth.
 */

/** The caller as the policy needs it. */
export type Actor = Pick<UserRow, 'id' | 'role'>

const EVERYONE: readonly Role[] = ['superadmin', 'admin', 'perencanaan', 'pengawasan']
/** Everyone who works in projects; the superadmin manages admins only. */
const STAFF: readonly Role[] = ['admin', 'perencanaan', 'pengawasan']
const ADMIN: readonly Role[] = ['admin']

/**
 * What an action is about decides what the policy must know:
 * - `role`: no object (or the caller's own account); the role alone decides, refusal is 403.
 * - `project`: an object inside a project; hidden (404) unless the caller sees the project, then by role.
 * - `area`: like `project`, then the SPEC area rule: admin everywhere, perencanaan in perencanaan,
 *   pengawasan in pengawasan, everyone in dokumentasi, rekap admin only.
 * - `own`: a row that belongs to one user (notifications): anyone else's is absent (404).
 */
type Rule =
  | { on: 'role'; roles: readonly Role[] }
  | { on: 'project'; roles: readonly Role[] }
  | { on: 'area' }
  | { on: 'own' }

export const RULES = {
  // Accounts
  'profile.edit': { on: 'role', roles: EVERYONE }, // own profile, avatar, password
  'admin.manage': { on: 'role', roles: ['superadmin'] }, // list, add, remove admins
  'employee.manage': { on: 'role', roles: ADMIN }, // list, add, edit, (de)activate, remove employees
  'whatsapp.manage': { on: 'role', roles: ADMIN }, // QR, logout
  'notification.list': { on: 'role', roles: STAFF }, // the superadmin has no bell
  'notification.read': { on: 'own' }, // mark one's own as read

  // Projects
  'project.list': { on: 'role', roles: STAFF }, // the list and the dashboard, scoped to visible projects
  'project.create': { on: 'role', roles: ADMIN },
  'project.view': { on: 'project', roles: STAFF },
  'project.manage': { on: 'project', roles: ADMIN }, // edit, delete
  'project.download': { on: 'project', roles: ADMIN }, // zip export
  'project.members': { on: 'project', roles: ADMIN }, // read and replace the member list

  // Areas, folders and files (perencanaan, pengawasan)
  'area.read': { on: 'project', roles: STAFF }, // explore folders, list and download files, any area
  'area.write': { on: 'area' }, // upload, new folder, rename folder, delete folder
  'file.delete': { on: 'area' }, // whoever may upload to an area may delete in it
  'file.review': { on: 'project', roles: ADMIN }, // approve / reject

  // Documentation (the dokumentasi area: everyone who sees the project writes)
  'doc.read': { on: 'project', roles: STAFF }, // list docs and their comments
  'doc.write': { on: 'project', roles: STAFF }, // upload, delete (SPEC: offered to everyone), like
  'doc.review': { on: 'project', roles: ADMIN }, // approve / reject
  'comment.create': { on: 'project', roles: STAFF },

  // Rekap
  'recap.read': { on: 'project', roles: STAFF }, // list, download
  'recap.manage': { on: 'project', roles: ADMIN }, // upload, delete

  // Site evidence (issue 23)
  'work-item.manage': { on: 'project', roles: ADMIN }, // add, rename, delete work items (members read them)
  'history.read': { on: 'project', roles: ADMIN }, // a project's whole history (an item's: doc.read)
  'trash.manage': { on: 'project', roles: ADMIN }, // list the trash, restore, delete for good

  // Laporan Dokumentasi and share links (issue 24)
  'report.read': { on: 'project', roles: STAFF }, // download a ready report
  'report.manage': { on: 'project', roles: ADMIN }, // create, list, save to Rekap, remove
  'share.manage': { on: 'project', roles: ADMIN }, // create, list, revoke, send via WhatsApp

  // Firm settings (issue 30): name, address, logo, signature block; everyone signed in reads them
  'settings.write': { on: 'role', roles: ['superadmin', 'admin'] },

  // Laporan Harian (issue 34): every member reads; admins and pengawasan write, submit and sign
  'diary.read': { on: 'project', roles: STAFF },
  'diary.write': { on: 'project', roles: ['admin', 'pengawasan'] },
} as const satisfies Record<AccessAction, Rule>

/** An action of the policy (the names are declared with the endpoints: src/contracts/endpoint.ts). */
export type Action = AccessAction
type ActionOn<K extends Rule['on']> = {
  [A in Action]: (typeof RULES)[A]['on'] extends K ? A : never
}[Action]
export type RoleAction = ActionOn<'role'>
export type ProjectAction = ActionOn<'project'>
export type AreaAction = ActionOn<'area'>
export type OwnAction = ActionOn<'own'>

/** What each kind of action needs to know about its object. */
type Targets = {
  role: undefined
  project: { projectId: number }
  area: { projectId: number; area: Area }
  own: { ownerId: number }
}
export type TargetOf<A extends Action> = Targets[(typeof RULES)[A]['on']]

export type Decision = 'allow' | 'forbidden' | 'hidden'

/** What the database knows about the object: membership of its project, its area, its owner. */
export type Facts = { member?: boolean; area?: Area; ownerId?: number }

/** Admins see every project; perencanaan and pengawasan the ones they are members of; the superadmin none. */
export function seesProject(user: Actor, member: boolean | undefined): boolean {
  if (user.role === 'admin') return true
  return (user.role === 'perencanaan' || user.role === 'pengawasan') && member === true
}

/** Upload, new folder, rename and delete folder in an area (SPEC section 6). */
export function canWriteArea(role: Role, area: Area): boolean {
  if (role === 'admin') return true
  if (role === 'superadmin' || area === 'rekap') return false
  return area === 'dokumentasi' || area === role
}

/** The decision itself, pure: the table test walks it role by action by membership. */
export function decide(user: Actor, action: Action, facts: Facts = {}): Decision {
  const rule: Rule = RULES[action]
  switch (rule.on) {
    case 'role':
      return rule.roles.includes(user.role) ? 'allow' : 'forbidden'
    case 'own':
      return facts.ownerId === user.id ? 'allow' : 'hidden'
    case 'project':
      if (!seesProject(user, facts.member)) return 'hidden'
      return rule.roles.includes(user.role) ? 'allow' : 'forbidden'
    case 'area':
      if (!seesProject(user, facts.member)) return 'hidden'
      if (facts.area === undefined) throw new Error(`access: ${action} needs an area`)
      return canWriteArea(user.role, facts.area) ? 'allow' : 'forbidden'
  }
}

/** For the UI-like questions a service may ask without failing ("may this caller also review?"). */
export const can = (user: Actor, action: Action, facts?: Facts) => decide(user, action, facts) === 'allow'

/** Each field of a project's `can` (src/contracts/projects.ts) is one action of the table. */
const PROJECT_CAN = {
  manage: 'project.manage',
  members: 'project.members',
  download: 'project.download',
  work_items: 'work-item.manage',
  review_files: 'file.review',
  review_docs: 'doc.review',
  recaps: 'recap.manage',
  reports: 'report.manage',
  shares: 'share.manage',
  history: 'history.read',
  trash: 'trash.manage',
  diary_write: 'diary.write',
} as const satisfies Record<keyof ProjectCan, ProjectAction>

/**
 * What `user` may do with a project they see (a list entry, the detail): sent with the project so the
 * app reads the policy instead of re-deciding it from the role. Asked as a member, since the caller sees it.
 */
export function projectCan(user: Actor): ProjectCan {
  const allowed = (action: ProjectAction) => can(user, action, { member: true })
  return Object.fromEntries(
    Object.entries(PROJECT_CAN).map(([field, action]) => [field, allowed(action)]),
  ) as ProjectCan
}

/** What the signed-in `user` may do firm-wide, sent with their own account (/api/user/me, the login). */
export function userCan(user: Actor): UserCan {
  return {
    manage_admins: can(user, 'admin.manage'),
    manage_employees: can(user, 'employee.manage'),
    projects: can(user, 'project.list'),
    all_projects: seesProject(user, false),
    create_projects: can(user, 'project.create'),
    notifications: can(user, 'notification.list'),
    whatsapp: can(user, 'whatsapp.manage'),
    settings: can(user, 'settings.write'),
  }
}

export const PROJECT_NOT_FOUND = 'Project tidak ditemukan'

function enforce(decision: Decision, hiddenMessage?: string): void {
  if (decision === 'hidden') throw notFound(hiddenMessage)
  if (decision === 'forbidden') throw forbidden()
}

type Db = { db: Kysely<DB> }

async function isMember(db: Kysely<DB>, user: Actor, projectId: number): Promise<boolean> {
  // Only employees can be members; nobody else needs the query.
  if (user.role !== 'perencanaan' && user.role !== 'pengawasan') return false
  const row = await db
    .selectFrom('project_members')
    .select('project_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Throws 404 or 403 unless `user` may do `action` on the object described by `target`: nothing for
 * account-level actions, `{ projectId }` for objects in a project, `{ projectId, area }` for area writes,
 * `{ ownerId }` for rows that belong to one user. Call it before reading the body or writing a row.
 *
 * ```ts
 * await access.require(deps, user, 'file.review', { projectId: file.project_id })
 * await access.require(deps, user, 'employee.manage')
 * ```
 */
export async function requireAccess<A extends Action>(
  deps: Db,
  user: Actor,
  action: A,
  ...target: TargetOf<A> extends undefined ? [] : [TargetOf<A>]
): Promise<void> {
  const t = target[0] as Partial<{ projectId: number; area: Area; ownerId: number }> | undefined
  const rule: Rule = RULES[action]
  const facts: Facts = { area: t?.area, ownerId: t?.ownerId }
  if ((rule.on === 'project' || rule.on === 'area') && user.role !== 'admin') {
    if (t?.projectId === undefined) throw new Error(`access: ${action} needs a projectId`)
    facts.member = await isMember(deps.db, user, t.projectId)
  }
  enforce(decide(user, action, facts), rule.on === 'own' ? undefined : PROJECT_NOT_FOUND)
}

export type ProjectRow = Selectable<ProjectsTable>

/**
 * Loads a project by numeric id or slug for `action` (and, for area actions, in `area`): 404 'Project
 * tidak ditemukan' when it is absent or outside the caller's projects, 403 when the caller sees it but
 * may not do this. One query: the project and the caller's membership together.
 *
 * ```ts
 * const project = await access.project(deps, user, slug, 'area.write', area)
 * ```
 */
export function findVisibleProject(
  deps: Db,
  user: Actor,
  idOrSlug: string,
  action?: ProjectAction,
): Promise<ProjectRow>
export function findVisibleProject(
  deps: Db,
  user: Actor,
  idOrSlug: string,
  action: AreaAction,
  area: Area,
): Promise<ProjectRow>
export async function findVisibleProject(
  deps: Db,
  user: Actor,
  idOrSlug: string,
  action: ProjectAction | AreaAction = 'project.view',
  area?: Area,
): Promise<ProjectRow> {
  // An id that cannot exist (2^31, '01') is looked up as a slug: it never reaches an integer column.
  const id = parseId(idOrSlug)
  const row = await deps.db
    .selectFrom('projects')
    .leftJoin('project_members', (join) =>
      join
        .onRef('project_members.project_id', '=', 'projects.id')
        .on('project_members.user_id', '=', user.id),
    )
    .selectAll('projects')
    .select('project_members.user_id as member_id')
    .where(id !== undefined ? 'projects.id' : 'projects.slug', '=', id ?? idOrSlug)
    .executeTakeFirst()
  if (!row) throw notFound(PROJECT_NOT_FOUND)
  const { member_id, ...project } = row
  const member = member_id !== null && (user.role === 'perencanaan' || user.role === 'pengawasan')
  enforce(decide(user, action, { member, area }), PROJECT_NOT_FOUND)
  return project
}

declare const scopeBrand: unique symbol

/**
 * The projects a caller sees, for list and aggregate queries. Made only by projectScope(), so a list
 * service that takes one cannot run for a caller the policy refused.
 * - `ids`: `'all'` (admins) or a subquery of the caller's memberships for `where project_id in (...)`.
 * - `key`: names that set; callers with the same key see the same projects (cache keys).
 */
export type ProjectScope = {
  readonly ids: 'all' | ReturnType<typeof membershipIds>
  readonly key: string
  readonly [scopeBrand]: true
}

function membershipIds(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('project_members')
    .select('project_members.project_id')
    .where('project_members.user_id', '=', userId)
}

/** 403 for callers who have no project list at all (the superadmin); otherwise their visible projects. */
export function projectScope(deps: Db, user: Actor, action: 'project.list' = 'project.list'): ProjectScope {
  enforce(decide(user, action))
  const scope =
    user.role === 'admin'
      ? { ids: 'all' as const, key: 'all' }
      : { ids: membershipIds(deps.db, user.id), key: `user:${user.id}` }
  return scope as ProjectScope
}

/** The policy as one object: `access.require(...)`, `access.project(...)`, `access.scope(...)`. */
export const access = {
  require: requireAccess,
  project: findVisibleProject,
  scope: projectScope,
  can,
  decide,
  projectCan,
  userCan,
} as const
