import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { EMPLOYEE_ROLES } from '../../../src/contracts/common'
import { type AreaCounts, PROJECT_MSG, type Project, type ProjectCan } from '../../../src/contracts/projects'
import { type Actor, access, type ProjectScope } from '../../access'
import { recordHistory } from '../../base/audit'
import { firmClock } from '../../base/firm-clock'
import type { Dialect } from '../../db/index'
import type { DB, ProjectsTable, UserRow } from '../../db/schema'
import { DOC_COUNT_COLUMNS, FILE_COUNT_COLUMNS } from '../../db/stat-columns'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import type { Claimed } from '../../idempotency'
import type { Visibility } from '../../storage/blob-store'
import { deleteProjectFolders } from '../folders/folders.service'

export type ProjectRow = Selectable<ProjectsTable>
type ProjectInput = { name: string; description: string }
type ProjectUpdate = ProjectInput & { version?: number; start_day?: string | null }

/*
 * Every exported call takes the caller and asks the access policy first, before it reads the request
 * body (`read`) or touches a row: a route cannot skip the check, and a refused caller's body is never
 * read. `ref` is the project's numeric id or its slug, as in every /api/project path.
 */

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
    .select([
      'projects.id',
      'projects.slug',
      'projects.name',
      'projects.description',
      'projects.created_at',
      'projects.start_day',
      'projects.version',
    ])
    .select(STAT_COLUMNS.map((c) => `project_stats.${c}` as const))
}

/** `can`: what the caller may do with it (access.projectCan), sent with every project answer. */
export function toProject(
  row: Pick<ProjectRow, 'id' | 'slug' | 'name' | 'description' | 'created_at' | 'start_day' | 'version'> &
    StatValues,
  can: ProjectCan,
): Project {
  const n = (k: (typeof STAT_COLUMNS)[number]) => Number(row[k] ?? 0)
  const perencanaan =
    n('files_perencanaan_pending') + n('files_perencanaan_approved') + n('files_perencanaan_rejected')
  const pengawasan =
    n('files_pengawasan_pending') + n('files_pengawasan_approved') + n('files_pengawasan_rejected')
  const docs = n('docs_pending') + n('docs_approved') + n('docs_rejected')
  const reviewed = (prefix: 'files_perencanaan' | 'files_pengawasan' | 'docs'): AreaCounts => {
    const pending = n(`${prefix}_pending`)
    const approved = n(`${prefix}_approved`)
    const rejected = n(`${prefix}_rejected`)
    return { total: pending + approved + rejected, pending, approved, rejected }
  }
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    start_day: row.start_day ?? null,
    version: Number(row.version),
    folder_counts: { perencanaan, pengawasan, dokumentasi: docs, rekap: n('recaps') },
    area_counts: {
      perencanaan: reviewed('files_perencanaan'),
      pengawasan: reviewed('files_pengawasan'),
      dokumentasi: reviewed('docs'),
      rekap: { total: n('recaps'), pending: 0, approved: 0, rejected: 0 },
    },
    total_files: perencanaan + pengawasan,
    total_docs: docs,
    file_pending: n('files_perencanaan_pending') + n('files_pengawasan_pending'),
    doc_pending: n('docs_pending'),
    file_approved: n('files_perencanaan_approved') + n('files_pengawasan_approved'),
    doc_approved: n('docs_approved'),
    file_rejected: n('files_perencanaan_rejected') + n('files_pengawasan_rejected'),
    doc_rejected: n('docs_rejected'),
    total_recaps: n('recaps'),
    can,
  }
}

/**
 * GET /list: the caller's projects (admins: every project; employees: their memberships), newest first,
 * as a cache key and a loader; 403 for the superadmin.
 */
export function projectList(deps: { db: Kysely<DB> }, user: Actor) {
  const scope = access.scope(deps, user)
  // One entry per scope key: admins share one (the same `can`), each employee has their own.
  return { key: `projects:${scope.key}`, load: () => listProjects(deps.db, scope, access.projectCan(user)) }
}

async function listProjects(db: Kysely<DB>, scope: ProjectScope, can: ProjectCan): Promise<Project[]> {
  let q = projectsWithStats(db).orderBy('projects.created_at', 'desc').orderBy('projects.id', 'desc')
  if (scope.ids !== 'all') q = q.where('projects.id', 'in', scope.ids)
  return (await q.execute()).map((row) => toProject(row, can))
}

async function projectWithCounts(db: Kysely<DB>, user: Actor, id: number): Promise<Project> {
  const row = await projectsWithStats(db).where('projects.id', '=', id).executeTakeFirstOrThrow()
  return toProject(row, access.projectCan(user))
}

/**
 * The detail view: the project with its counts (per area and status), the same shape as a list entry.
 * It no longer lists the items themselves (the SPEC's `files`), so it does not grow with the project;
 * names, sizes and authors come from the area calls.
 */
export async function projectDetail(deps: { db: Kysely<DB> }, user: Actor, ref: string): Promise<Project> {
  const project = await access.project(deps, user, ref, 'project.view')
  return projectWithCounts(deps.db, user, project.id)
}

/** `read` parses the body and claims the Idempotency-Key; the project is written in the `tx` it gives. */
export async function createProject(
  deps: { db: Kysely<DB> },
  user: Actor,
  read: () => Promise<Claimed<ProjectInput>>,
): Promise<ProjectRow> {
  await access.require(deps, user, 'project.create')
  const { input, tx } = await read()
  const now = nowIso()
  const row = await tx.trx
    .insertInto('projects')
    .values({
      slug: randomUUID(),
      name: input.name,
      description: input.description,
      created_by: user.id,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordHistory(tx.trx, user, {
    projectId: row.id,
    action: 'create',
    object: { kind: 'project', id: row.slug, name: row.name },
    detail: { name: row.name, description: row.description },
  })
  tx.publish({
    type: 'project_created',
    actorId: user.id,
    projectId: row.id,
    name: row.name,
    slug: row.slug,
  })
  return row
}

/**
 * Name and description only; answers the project with its counts. With `version` (the one the edit
 * started from) the save is one conditional update on it: of two admins saving the same version exactly
 * one wins, and the other gets 409 naming who saved and when (firm time). Without it, SPEC's last write
 * wins. Either way the version goes up by one and the change is in the history.
 */
export async function updateProject(
  deps: Pick<Deps, 'db' | 'config'>,
  user: Actor,
  ref: string,
  read: () => Promise<ProjectUpdate>,
): Promise<Project> {
  const project = await access.project(deps, user, ref, 'project.manage')
  const input = await read()
  await deps.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('projects')
      .set((eb) => ({
        name: input.name,
        description: input.description,
        ...(input.start_day !== undefined ? { start_day: input.start_day } : {}),
        updated_at: nowIso(),
        updated_by: user.id,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', project.id)
    if (input.version !== undefined) q = q.where('version', '=', input.version)
    const done = await q.executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) throw await conflict(trx, deps.config.firmTimeZone, project.id)
    await recordHistory(trx, user, {
      projectId: project.id,
      action: 'edit',
      object: { kind: 'project', id: project.slug, name: input.name },
      detail: {
        before: { name: project.name, description: project.description, ...startDay(project.start_day) },
        after: {
          name: input.name,
          description: input.description,
          ...startDay(input.start_day === undefined ? project.start_day : input.start_day),
        },
      },
    })
  })
  return projectWithCounts(deps.db, user, project.id)
}

/** The start day in a history entry, only where one is set (older entries have none). */
const startDay = (day: string | null | undefined) => (day ? { start_day: day } : {})

/** The 409 of a stale save: who saved last and at what time (HH.mm, firm time). */
async function conflict(db: Kysely<DB>, timeZone: string, projectId: number): Promise<AppError> {
  const row = await db
    .selectFrom('projects')
    .leftJoin('users', 'users.id', 'projects.updated_by')
    .select(['projects.updated_at', 'users.name'])
    .where('projects.id', '=', projectId)
    .executeTakeFirst()
  // Deleted meanwhile.
  if (!row) return new AppError(404, 'Project tidak ditemukan')
  return new AppError(
    409,
    PROJECT_MSG.conflict(row.name ?? 'admin lain', firmClock(row.updated_at, timeZone)),
  )
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
  user: Actor,
  ref: string,
): Promise<void> {
  const { id } = await access.project(deps, user, ref, 'project.manage')
  const blobs = await deps.db.transaction().execute(async (trx) => {
    await lockProject(trx, deps.dialect, id)
    const docIds = trx.selectFrom('docs').select('docs.id').where('docs.project_id', '=', id)
    const [files, images, recaps, reports, diaryPdfs] = await Promise.all([
      trx.selectFrom('files').select('blob_key').where('project_id', '=', id).execute(),
      trx.selectFrom('doc_images').select(['blob_key', 'thumb_key']).where('doc_id', 'in', docIds).execute(),
      trx.selectFrom('recap_files').select('blob_key').where('project_id', '=', id).execute(),
      // Report PDFs (issue 24): their rows go by the projects foreign key's cascade.
      trx.selectFrom('reports').select('blob_key').where('project_id', '=', id).execute(),
      // Printed diary days (issue 34, decision 0091): their rows go with diary_days' cascade.
      trx
        .selectFrom('diary_pdfs')
        .innerJoin('diary_days', 'diary_days.id', 'diary_pdfs.diary_id')
        .select('diary_pdfs.blob_key')
        .where('diary_days.project_id', '=', id)
        .execute(),
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
    // Deepest level first: one delete over a deep folder tree would cascade as deep as the tree.
    await deleteProjectFolders(trx, id)
    await trx.deleteFrom('recap_files').where('project_id', '=', id).execute()
    await trx.deleteFrom('project_members').where('project_id', '=', id).execute()
    await trx.deleteFrom('projects').where('id', '=', id).execute()
    const refs: BlobRef[] = [
      ...files.map((f) => ({ key: f.blob_key, visibility: 'private' as const })),
      ...recaps.map((r) => ({ key: r.blob_key, visibility: 'private' as const })),
      ...[...reports, ...diaryPdfs].flatMap((r) =>
        r.blob_key ? [{ key: r.blob_key, visibility: 'private' as const }] : [],
      ),
      ...images.flatMap((i) =>
        [i.blob_key, i.thumb_key].flatMap((key) => (key ? [{ key, visibility: 'public' as const }] : [])),
      ),
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
          await deps.store.delete(b.key, b.visibility)
        } catch (err) {
          deps.logger.error(`blob ${b.visibility}/${b.key} of a deleted project could not be removed`, err)
        }
      }),
    )
  }
}

export async function projectMembers(deps: { db: Kysely<DB> }, user: Actor, ref: string): Promise<UserRow[]> {
  const project = await access.project(deps, user, ref, 'project.members')
  return listMembers(deps.db, project.id)
}

async function listMembers(db: Kysely<DB>, projectId: number): Promise<UserRow[]> {
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
  user: Actor,
  ref: string,
  read: () => Promise<{ user_ids: readonly number[] }>,
): Promise<UserRow[]> {
  const { db } = deps
  const { id: projectId, slug, name } = await access.project(deps, user, ref, 'project.members')
  const ids = [...new Set((await read()).user_ids)]
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
    if (gone.length > 0 || added.length > 0) {
      const changed = [...gone, ...added]
      const names = new Map(
        (await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', changed).execute()).map(
          (u) => [u.id, u.name],
        ),
      )
      await recordHistory(trx, user, {
        projectId,
        action: 'members',
        object: { kind: 'project', id: slug, name },
        detail: { added: added.map((u) => names.get(u) ?? ''), removed: gone.map((u) => names.get(u) ?? '') },
      })
    }
  })
  return listMembers(db, projectId)
}
