import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { EMPLOYEE_ROLES } from '../../../src/contracts/common'
import type { Project, ProjectFile } from '../../../src/contracts/projects'
import { visibleProjectIds } from '../../access'
import type { Dialect } from '../../db/index'
import { DOC_COUNT_COLUMNS, FILE_COUNT_COLUMNS } from '../../db/migrations/002-project-stats'
import type { DB, ProjectsTable, UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import type { Visibility } from '../../storage/blob-store'

export type ProjectRow = Selectable<ProjectsTable>
type Viewer = Pick<UserRow, 'id' | 'role'>

const STAT_COLUMNS = [...FILE_COUNT_COLUMNS, ...DOC_COUNT_COLUMNS, 'recaps'] as const
/** A project's counters (project_stats, kept by triggers: migration 002); absent ones count as 0. */
export type StatValues = { [K in (typeof STAT_COLUMNS)[number]]?: number | null }

/**
 * Projects with their counts in one query: each project joins its single project_stats row, so a page
 * of projects never reads a file row and never runs a query per project.
 */
function projectsWithStats(db: Kysely<DB>) {
  return db
    .selectFrom('projects')
    .leftJoin('project_stats', 'project_stats.project_id', 'projects.id')
    .select(['projects.id', 'projects.slug', 'projects.name', 'projects.description', 'projects.created_at'])
    .select(STAT_COLUMNS.map((c) => `project_stats.${c}` as const))
}

export function toProject(
  row: Pick<ProjectRow, 'id' | 'slug' | 'name' | 'description' | 'created_at'> & StatValues,
): Project {
  const n = (k: (typeof STAT_COLUMNS)[number]) => Number(row[k] ?? 0)
  const perencanaan =
    n('files_perencanaan_pending') + n('files_perencanaan_approved') + n('files_perencanaan_rejected')
  const pengawasan =
    n('files_pengawasan_pending') + n('files_pengawasan_approved') + n('files_pengawasan_rejected')
  const docs = n('docs_pending') + n('docs_approved') + n('docs_rejected')
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    folder_counts: { perencanaan, pengawasan, dokumentasi: docs, rekap: n('recaps') },
    total_files: perencanaan + pengawasan,
    total_docs: docs,
    file_pending: n('files_perencanaan_pending') + n('files_pengawasan_pending'),
    doc_pending: n('docs_pending'),
    file_approved: n('files_perencanaan_approved') + n('files_pengawasan_approved'),
    doc_approved: n('docs_approved'),
    file_rejected: n('files_perencanaan_rejected') + n('files_pengawasan_rejected'),
    doc_rejected: n('docs_rejected'),
    total_recaps: n('recaps'),
  }
}

/** Admins: every project; employees: their memberships. Newest first. */
export async function listProjects(db: Kysely<DB>, user: Viewer): Promise<Project[]> {
  const scope = visibleProjectIds(db, user)
  let q = projectsWithStats(db).orderBy('projects.created_at', 'desc').orderBy('projects.id', 'desc')
  if (scope !== 'all') q = q.where('projects.id', 'in', scope)
  return (await q.execute()).map(toProject)
}

export async function projectWithCounts(db: Kysely<DB>, id: number): Promise<Project> {
  return toProject(await projectsWithStats(db).where('projects.id', '=', id).executeTakeFirstOrThrow())
}

/**
 * The detail view: counts plus the SPEC's `files` array, one light entry ({id, uuid, folder, status}) per
 * area file, documentation item and recap file. Names, sizes and authors come from the area calls.
 */
export async function projectDetail(db: Kysely<DB>, project: ProjectRow): Promise<Project> {
  const [view, files, docs, recaps] = await Promise.all([
    projectWithCounts(db, project.id),
    db
      .selectFrom('files')
      .select(['id', 'uuid', 'area', 'status'])
      .where('project_id', '=', project.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('docs')
      .select(['id', 'uuid', 'status'])
      .where('project_id', '=', project.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('recap_files')
      .select(['id', 'uuid'])
      .where('project_id', '=', project.id)
      .orderBy('id')
      .execute(),
  ])
  const items: ProjectFile[] = [
    ...files.map((f) => ({ id: f.id, uuid: f.uuid, folder: f.area, status: f.status })),
    ...docs.map((d) => ({ id: d.id, uuid: d.uuid, folder: 'dokumentasi' as const, status: d.status })),
    ...recaps.map((r) => ({ id: r.id, uuid: r.uuid, folder: 'rekap' as const, status: null })),
  ]
  return { ...view, files: items }
}

export async function createProject(
  db: Kysely<DB>,
  input: { name: string; description: string },
  createdBy: number,
): Promise<ProjectRow> {
  const now = nowIso()
  return db
    .insertInto('projects')
    .values({
      slug: randomUUID(),
      name: input.name,
      description: input.description,
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateProject(
  db: Kysely<DB>,
  id: number,
  input: { name: string; description: string },
): Promise<ProjectRow> {
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
export async function deleteProject(
  deps: Pick<Deps, 'db' | 'dialect' | 'store' | 'logger'>,
  id: number,
): Promise<void> {
  const blobs = await deps.db.transaction().execute(async (trx) => {
    await lockProject(trx, deps.dialect, id)
    const docIds = trx.selectFrom('docs').select('docs.id').where('docs.project_id', '=', id)
    const [files, images, recaps] = await Promise.all([
      trx.selectFrom('files').select('blob_key').where('project_id', '=', id).execute(),
      trx.selectFrom('doc_images').select('blob_key').where('doc_id', 'in', docIds).execute(),
      trx.selectFrom('recap_files').select('blob_key').where('project_id', '=', id).execute(),
    ])
    // Children first, so the outcome does not depend on cascade depth; the project's own delete
    // cascades whatever else refers to it (notifications). The counters row goes first so the per-row
    // count triggers of the deletes below find nothing to update.
    await trx.deleteFrom('project_stats').where('project_id', '=', id).execute()
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
  if (dialect === 'postgres')
    await trx.selectFrom('projects').select('id').where('id', '=', id).forUpdate().execute()
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
export async function setMembers(
  deps: Pick<Deps, 'db' | 'dialect'>,
  projectId: number,
  userIds: readonly number[],
): Promise<UserRow[]> {
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
    const current = await trx
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .execute()
    const keep = new Set(ids)
    const have = new Set(current.map((m) => m.user_id))
    const gone = current.map((m) => m.user_id).filter((u) => !keep.has(u))
    const added = ids.filter((u) => !have.has(u))
    if (gone.length > 0)
      await trx
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', 'in', gone)
        .execute()
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
