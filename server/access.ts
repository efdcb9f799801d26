import type { Kysely } from 'kysely'
import type { Role } from '../src/contracts/common'
import type { Area } from '../src/contracts/projects'
import type { DB, UserRow } from './db/schema'
import { forbidden, notFound } from './http'

/**
 * The one place that decides who may do what (DESIGN.md, Access; SPEC section 6).
 * Role rules are pure functions; project visibility needs the database (membership).
 */
export type Action =
  | 'admins.manage' // superadmin only
  | 'employees.manage' // admin
  | 'projects.manage' // create, edit, delete, members, download: admin
  | 'projects.view' // project list, detail, dashboard: everyone but the superadmin (who manages admins only)
  | 'review' // approve / reject files and docs: admin
  | 'recap.manage' // upload / delete recap files: admin
  | 'whatsapp.manage' // admin

const ACTION_ROLES: Record<Action, readonly Role[]> = {
  'admins.manage': ['superadmin'],
  'employees.manage': ['admin'],
  'projects.manage': ['admin'],
  'projects.view': ['admin', 'perencanaan', 'pengawasan'],
  review: ['admin'],
  'recap.manage': ['admin'],
  'whatsapp.manage': ['admin'],
}

export const can = (user: Pick<UserRow, 'role'>, action: Action) => ACTION_ROLES[action].includes(user.role)

export function assertCan(user: Pick<UserRow, 'role'>, action: Action): void {
  if (!can(user, action)) throw forbidden()
}

/** Upload, new folder, rename and delete folder in an area (SPEC section 6). */
export function canWriteArea(user: Pick<UserRow, 'role'>, area: Area): boolean {
  if (user.role === 'admin' || area === 'dokumentasi') return user.role !== 'superadmin'
  return user.role === area
}

/** Admins see every project; employees only those they are members of; superadmin none. */
export async function canSeeProject(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'role'>,
  projectId: number,
): Promise<boolean> {
  if (user.role === 'admin') return true
  if (user.role === 'superadmin') return false
  const row = await db
    .selectFrom('project_members')
    .select('project_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The projects a user sees, for list and aggregate queries: `'all'` for admins, otherwise a subquery of
 * the user's memberships to use as `where project_id in (...)` (empty for a superadmin).
 */
export function visibleProjectIds(db: Kysely<DB>, user: Pick<UserRow, 'id' | 'role'>) {
  if (user.role === 'admin') return 'all' as const
  return db
    .selectFrom('project_members')
    .select('project_members.project_id')
    .where('project_members.user_id', '=', user.role === 'superadmin' ? -1 : user.id)
}

/** Names the set visibleProjectIds() selects: users with the same key see the same projects (cache keys). */
export const visibilityKey = (user: Pick<UserRow, 'id' | 'role'>) =>
  user.role === 'admin' ? 'all' : `user:${user.id}`

/** Looks a project up by id or slug and answers 404 when it is absent or not visible to the user. */
export async function findVisibleProject(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'role'>,
  idOrSlug: string,
) {
  // Ids are 32-bit serials on PostgreSQL; a larger number cannot exist (and must not reach the query as one).
  const byId = /^\d{1,10}$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where(byId ? 'id' : 'slug', '=', byId ? Number(idOrSlug) : idOrSlug)
    .executeTakeFirst()
  if (!project || !(await canSeeProject(db, user, project.id))) throw notFound('Project tidak ditemukan')
  return project
}
