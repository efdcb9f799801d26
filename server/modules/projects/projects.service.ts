import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { EMPLOYEE_ROLES } from '../../../src/contracts/common'
import type { Area, Project, ProjectFile, Status } from '../../../src/contracts/projects'
import { visibleProjectIds } from '../../access'
import type { Dialect } from '../../db/index'
import type { DB, ProjectsTable, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import type { Visibility } from '../../storage/blob-store'

export type ProjectRow = Selectable<ProjectsTable>
type Viewer = Pick<UserRow, 'id' | 'role'>

/** Per-project counters, read from project_counts (never from file rows). */
export type Counts = {
  areas: Record<Area, number>
  file: Record<Status, number>
  doc: Record<Status, number>
  docs: number
  recaps: number
}

export const emptyCounts = (): Counts => ({
  areas: { perencanaan: 0, pengawasan: 0, dokumentasi: 0, rekap: 0 },
  file: { pending: 0, approved: 0, rejected: 0 },
  doc: { pending: 0, approved: 0, rejected: 0 },
  docs: 0,
  recaps: 0,
})

/** Which projects to count: every project, or the given ids / id subquery. */
type Scope = 'all' | number[] | Exclude<ReturnType<typeof visibleProjectIds>, 'all'>

/**
 * Counts for many projects in one query over project_counts, the per-project counters that triggers keep
 * current on every write to files, docs and recap_files (migration 002). At most ~10 rows per project, so
 * a page of projects costs one indexed read, never a scan of file rows and never one query per project.
 */
export async function countProjects(db: Kysely<DB>, scope: Scope): Promise<Map<number, Counts>> {
  const result = new Map<number, Counts>()
  if (Array.isArray(scope) && scope.length === 0) return result
  let q = db.selectFrom('project_counts').select(['project_id', 'kind', 'area', 'status', 'n']).where('n', '!=', 0)
  if (scope !== 'all') q = q.where('project_id', 'in', scope)
  for (const r of await q.execute()) {
    let c = result.get(r.project_id)
    if (!c) result.set(r.project_id, (c = emptyCounts()))
    addCount(c, r.kind, r.area, r.status, Number(r.n))
  }
  return result
}

export function addCount(c: Counts, kind: string, area: string, status: string, n: number) {
  if (kind === 'file') {
    if (area in c.areas) c.areas[area as Area] += n
    if (status in c.file) c.file[status as Status] += n
  } else if (kind === 'doc') {
    c.docs += n
    c.areas.dokumentasi += n
    if (status in c.doc) c.doc[status as Status] += n
  } else if (kind === 'recap') {
    c.recaps += n
    c.areas.rekap += n
  }
}

export function toProject(row: ProjectRow, counts: Counts = emptyCounts()): Project {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    folder_counts: { ...counts.areas },
    total_files: counts.file.pending + counts.file.approved + counts.file.rejected,
    total_docs: counts.docs,
    file_pending: counts.file.pending,
    doc_pending: counts.doc.pending,
    file_approved: counts.file.approved,
    doc_approved: counts.doc.approved,
    file_rejected: counts.file.rejected,
    doc_rejected: counts.doc.rejected,
    total_recaps: counts.recaps,
  }
}

/** Admins: every project; employees: their memberships. Newest first. */
export async function listProjects(db: Kysely<DB>, user: Viewer): Promise<Project[]> {
  const scope = visibleProjectIds(db, user)
  let q = db.selectFrom('projects').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')
  if (scope !== 'all') q = q.where('id', 'in', scope)
  const rows = await q.execute()
  if (rows.length === 0) return []
  // Admins read every counter row (no IN list); employees only those of their (few) projects.
  const counts = await countProjects(db, scope === 'all' ? 'all' : rows.map((r) => r.id))
  return rows.map((r) => toProject(r, counts.get(r.id)))
}

/**
 * The detail view: counts plus the SPEC's `files` array, one light entry ({id, uuid, folder, status}) per
 * area file, documentation item and recap file. Names, sizes and authors come from the area calls.
 */
export async function projectDetail(db: Kysely<DB>, project: ProjectRow): Promise<Project> {
  const [counts, files, docs, recaps] = await Promise.all([
    countProjects(db, [project.id]),
    db.selectFrom('files').select(['id', 'uuid', 'area', 'status']).where('project_id', '=', project.id).orderBy('id').execute(),
    db.selectFrom('docs').select(['id', 'uuid', 'status']).where('project_id', '=', project.id).orderBy('id').execute(),
    db.selectFrom('recap_files').select(['id', 'uuid']).where('project_id', '=', project.id).orderBy('id').execute(),
  ])
  const items: ProjectFile[] = [
    ...files.map((f) => ({ id: f.id, uuid: f.uuid, folder: f.area, status: f.status })),
    ...docs.map((d) => ({ id: d.id, uuid: d.uuid, folder: 'dokumentasi' as const, status: d.status })),
    ...recaps.map((r) => ({ id: r.id, uuid: r.uuid, folder: 'rekap' as const, status: null })),
  ]
  return { ...toProject(project, counts.get(project.id)), files: items }
}

export async function projectWithCounts(db: Kysely<DB>, project: ProjectRow): Promise<Project> {
  return toProject(project, (await countProjects(db, [project.id])).get(project.id))
}

export async function createProject(db: Kysely<DB>, input: { name: string; description: string }, createdBy: number): Promise<ProjectRow> {
  const now = nowIso()
  return db
    .insertInto('projects')
    .values({ slug: randomUUID(), name: input.name, description: input.description, created_by: createdBy, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateProject(db: Kysely<DB>, id: number, input: { name: string; description: string }): Promise<ProjectRow> {
  return db
    .updateTable('projects')
    .set({ name: input.name, description: input.description, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

type BlobRef = { key: string; visibility: Visibility }

/**
 * Deletes a project with everything in it. Rows go in one transaction; the blob keys are collected inside
 * it (after locking the project row on PostgreSQL, so no upload can attach a new file meanwhile) and the
 * blobs are removed only after the commit: a rolled-back delete never loses bytes, and a blob that fails
 * to go is logged (an orphan on disk is better than a 500 after the rows are gone).
 */
export async function deleteProject(deps: Pick<Deps, 'db' | 'dialect' | 'store' | 'logger'>, id: number): Promise<void> {
  const blobs = await deps.db.transaction().execute(async (trx) => {
    await lockProject(trx, deps.dialect, id)
    const docIds = trx.selectFrom('docs').select('docs.id').where('docs.project_id', '=', id)
    const [files, images, recaps] = await Promise.all([
      trx.selectFrom('files').select('blob_key').where('project_id', '=', id).execute(),
      trx.selectFrom('doc_images').select('blob_key').where('doc_id', 'in', docIds).execute(),
      trx.selectFrom('recap_files').select('blob_key').where('project_id', '=', id).execute(),
    ])
    // Children first, so the outcome does not depend on cascade depth; the project's own delete
    // cascades whatever else refers to it (notifications).
    await trx.deleteFrom('doc_likes').where('doc_id', 'in', docIds).execute()
    await trx.deleteFrom('doc_comments').where('doc_id', 'in', docIds).execute()
    await trx.deleteFrom('doc_images').where('doc_id', 'in', docIds).execute()
    await trx.deleteFrom('docs').where('project_id', '=', id).execute()
    await trx.deleteFrom('files').where('project_id', '=', id).execute()
    await trx.deleteFrom('folders').where('project_id', '=', id).execute()
    await trx.deleteFrom('recap_files').where('project_id', '=', id).execute()
    await trx.deleteFrom('project_members').where('project_id', '=', id).execute()
    await trx.deleteFrom('projects').where('id', '=', id).execute()
    const refs: BlobRef[] = [
      ...files.map((f) => ({ key: f.blob_key, visibility: 'private' as const })),
      ...recaps.map((r) => ({ key: r.blob_key, visibility: 'private' as const })),
      ...images.map((i) => ({ key: i.blob_key, visibility: 'public' as const })),
    ]
    return refs
  })
  await removeBlobs(deps, blobs)
}

async function lockProject(trx: Kysely<DB>, dialect: Dialect, id: number) {
  // SQLite has one writer and no FOR UPDATE; on PostgreSQL the row lock blocks inserts that reference it.
  if (dialect === 'postgres') await trx.selectFrom('projects').select('id').where('id', '=', id).forUpdate().execute()
}

async function removeBlobs(deps: Pick<Deps, 'store' | 'logger'>, blobs: BlobRef[]) {
  const BATCH = 16
  for (let i = 0; i < blobs.length; i += BATCH) {
    await Promise.all(
      blobs.slice(i, i + BATCH).map(async (b) => {
        try {
          await deps.store.remove(b.key, b.visibility)
        } catch (err) {
          deps.logger.error(`blob ${b.visibility}/${b.key} of a deleted project could not be removed`, err)
        }
      }),
    )
  }
}

export async function listMembers(db: Kysely<DB>, projectId: number): Promise<UserRow[]> {
  return db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .selectAll('users')
    .where('project_members.project_id', '=', projectId)
    .where('users.deleted_at', 'is', null)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute()
}

export const MEMBERS_INVALID = 'Anggota project harus karyawan aktif (Tim Perencanaan atau Tim Pengawasan)'

/** Replaces the member list in one transaction; only live perencanaan/pengawasan accounts may be members. */
export async function setMembers(deps: Pick<Deps, 'db' | 'dialect'>, projectId: number, userIds: readonly number[]): Promise<UserRow[]> {
  const { db } = deps
  const ids = [...new Set(userIds)]
  await db.transaction().execute(async (trx) => {
    await lockProject(trx, deps.dialect, projectId)
    if (ids.length > 0) {
      const found = await trx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where('role', 'in', EMPLOYEE_ROLES)
        .where('deleted_at', 'is', null)
        .execute()
      if (found.length !== ids.length) throw new AppError(422, MEMBERS_INVALID, { user_ids: MEMBERS_INVALID })
    }
    const current = await trx.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).execute()
    const keep = new Set(ids)
    const have = new Set(current.map((m) => m.user_id))
    const gone = current.map((m) => m.user_id).filter((u) => !keep.has(u))
    const added = ids.filter((u) => !have.has(u))
    if (gone.length > 0) await trx.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', 'in', gone).execute()
    if (added.length > 0) {
      const now = nowIso()
      await trx
        .insertInto('project_members')
        .values(added.map((user_id) => ({ project_id: projectId, user_id, created_at: now })))
        // A concurrent replace may have added the same member first.
        .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
        .execute()
    }
  })
  return listMembers(db, projectId)
}
