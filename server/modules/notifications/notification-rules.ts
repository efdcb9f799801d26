import type { Kysely } from 'kysely'
import { ROLE_LABELS } from '../../../src/contracts/common'
import { indonesianDayName } from '../../../src/contracts/days'
import type { NotificationType } from '../../../src/contracts/notifications'
import type { DB } from '../../db/schema'
import type { DomainEvent } from '../../events'

/**
 * Which domain event tells whom what (issue 11). One entry per event: who receives it, and its
 * Indonesian title, message and link. Adding an event is adding one entry here; the writer
 * (notification-writer.ts) drops the actor, inactive or removed accounts and duplicates itself.
 *
 * Recipients: uploads and comments go to the project's admins (admins see every project; a comment
 * also reaches the documentation's author), approvals and revisions to the uploader, a new employee to
 * the admins, a new project to the people who see it (its members and the admins; a new project has no
 * members yet, so in practice the other admins).
 *
 * `to` are the people it is about; `admins` adds every admin as the firm's overseers. The bell tells
 * both everything; WhatsApp tells an overseeing admin only about projects they are involved in, unless
 * they chose every project (notification-channels.ts, docs/decisions/0079).
 */
export type Draft = {
  type: NotificationType
  to: number[]
  /** Every admin also hears of it, as an overseer of the firm's projects. */
  admins?: true
  title: string
  message: string
  link: string
  projectId: number | null
  /** How a person's burst of these reads as one WhatsApp message; none: never merged. */
  burst?: Burst
}

/**
 * One WhatsApp message for several of one kind to one person (issue 32): `group` tells apart what may
 * merge within a kind and project, `count` is how many items this one stands for, `summary` the message
 * with {n} for the total ('{n} dokumentasi disetujui di project X').
 */
export type Burst = { group: string; count: number; summary: string; link: string }

type Db = Kysely<DB>
type Rule<E> = (db: Db, event: E) => Promise<Draft | null>
type Rules = { [T in DomainEvent['type']]: Rule<Extract<DomainEvent, { type: T }>> }

export const NOTIFICATION_RULES: Rules = {
  file_uploaded: async (db, e) => {
    const [project, actor, files] = await Promise.all([
      projectOf(db, e.projectId),
      nameOf(db, e.actorId),
      db
        .selectFrom('files')
        .leftJoin('folders', 'folders.id', 'files.folder_id')
        .select(['files.name', 'files.uuid', 'folders.uuid as folder'])
        .where('files.id', 'in', e.fileIds.length > 0 ? e.fileIds : [0])
        .orderBy('files.id')
        .execute(),
    ])
    if (!project || files.length === 0) return null
    const first = files[0] as (typeof files)[number]
    const what = files.length === 1 ? `file "${first.name}"` : `${files.length} file`
    return {
      type: 'file_uploaded',
      to: [],
      admins: true,
      title: 'File baru diunggah',
      message: `${actor} mengunggah ${what} ke ${AREA_LABEL[e.area]} project ${project.name}.`,
      // One file: the file itself, marked in its folder; several: their folder.
      link: projectLink(
        project.slug,
        files.length === 1 ? fileHash(e.area, first.folder, first.uuid) : folderHash(e.area, first.folder),
      ),
      projectId: project.id,
      burst: {
        group: `file:${e.area}`,
        count: files.length,
        summary: `{n} file baru diunggah ke ${AREA_LABEL[e.area]} project ${project.name}.`,
        link: projectLink(project.slug, e.area),
      },
    }
  },
  file_approved: (db, e) => fileReviewed(db, e, 'file_approved'),
  file_revision: (db, e) => fileReviewed(db, e, 'file_revision'),
  doc_uploaded: async (db, e) => {
    const [project, actor, doc] = await Promise.all([
      projectOf(db, e.projectId),
      nameOf(db, e.actorId),
      docOf(db, e.docId),
    ])
    if (!project || !doc) return null
    return {
      type: 'file_uploaded',
      to: [],
      admins: true,
      title: 'Dokumentasi baru diunggah',
      message: `${actor} mengunggah dokumentasi "${clip(doc.description)}" di project ${project.name}.`,
      link: projectLink(project.slug, docHash(doc.uuid)),
      projectId: project.id,
      burst: docBurst(
        'doc-upload',
        1,
        `{n} dokumentasi baru diunggah di project ${project.name}.`,
        project.slug,
      ),
    }
  },
  doc_revised: async (db, e) => {
    const [project, actor, doc] = await Promise.all([
      projectOf(db, e.projectId),
      nameOf(db, e.actorId),
      docOf(db, e.docId),
    ])
    if (!project || !doc) return null
    return {
      type: 'file_uploaded',
      to: [],
      admins: true,
      title: 'Revisi dokumentasi diunggah',
      message: `${actor} mengunggah revisi (versi ${e.version}) dokumentasi "${clip(doc.description)}" di project ${project.name}.`,
      link: projectLink(project.slug, docHash(doc.uuid)),
      projectId: project.id,
      burst: docBurst(
        'doc-revised',
        1,
        `{n} revisi dokumentasi diunggah di project ${project.name}.`,
        project.slug,
      ),
    }
  },
  doc_approved: (db, e) => docReviewed(db, e, 'file_approved'),
  doc_revision: (db, e) => docReviewed(db, e, 'file_revision'),
  docs_reviewed: docsReviewed,
  comment_added: async (db, e) => {
    const [project, actor, doc, comment] = await Promise.all([
      projectOf(db, e.projectId),
      nameOf(db, e.actorId),
      docOf(db, e.docId),
      db.selectFrom('doc_comments').select('content').where('id', '=', e.commentId).executeTakeFirst(),
    ])
    if (!project || !doc || !comment) return null
    return {
      type: 'comment_added',
      to: [doc.creator_id],
      admins: true,
      title: 'Komentar baru',
      message: `${actor} mengomentari dokumentasi "${clip(doc.description, 40)}" di project ${project.name}: "${clip(comment.content)}"`,
      link: projectLink(project.slug, `${docHash(doc.uuid)}/komentar`),
      projectId: project.id,
      burst: docBurst(
        'comment',
        1,
        `{n} komentar baru di dokumentasi project ${project.name}.`,
        project.slug,
      ),
    }
  },
  employee_added: async (db, e) => ({
    type: 'employee_added',
    to: [],
    admins: true,
    title: 'Karyawan baru',
    message: `${e.name} ditambahkan sebagai ${ROLE_LABELS[e.role as keyof typeof ROLE_LABELS] ?? e.role} oleh ${await nameOf(db, e.actorId)}.`,
    link: '/employees',
    projectId: null,
    burst: { group: 'employee', count: 1, summary: '{n} karyawan baru ditambahkan.', link: '/employees' },
  }),
  project_created: async (db, e) => {
    const members = await db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', e.projectId)
      .execute()
    return {
      type: 'project_created',
      to: members.map((m) => m.user_id),
      admins: true,
      title: 'Project baru',
      message: `Project "${e.name}" dibuat oleh ${await nameOf(db, e.actorId)}.`,
      link: projectLink(e.slug),
      projectId: e.projectId,
    }
  },
  report_ready: reportDone,
  report_failed: reportDone,
  diary_reminder: diaryReminder,
}

/**
 * Today's diary is still empty at the firm's hour (server/modules/diary/diary-reminder-job.ts): the
 * project's pengawasan members, who write it, hear of it (admins write it too, but oversee; not told).
 */
async function diaryReminder(
  db: Db,
  e: Extract<DomainEvent, { type: 'diary_reminder' }>,
): Promise<Draft | null> {
  const [project, members] = await Promise.all([
    projectOf(db, e.projectId),
    db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select('users.id')
      .where('project_members.project_id', '=', e.projectId)
      .where('users.role', '=', 'pengawasan')
      .execute(),
  ])
  if (!project || members.length === 0) return null
  return {
    type: 'diary_reminder',
    to: members.map((m) => m.id),
    title: 'Laporan harian belum diisi',
    message: `Laporan harian ${project.name} untuk hari ini (${indonesianDayName(e.day)}) belum diisi.`,
    // The day's diary screen (src/routes/_app/project.$slug_.harian_.$day.tsx).
    link: `${projectLink(project.slug)}/harian/${e.day}`,
    projectId: project.id,
  }
}

/** The report's maker hears that it is ready (with its pages) or that it could not be made. */
async function reportDone(
  db: Db,
  e: Extract<DomainEvent, { type: 'report_ready' | 'report_failed' }>,
): Promise<Draft | null> {
  const [project, report] = await Promise.all([
    projectOf(db, e.projectId),
    db
      .selectFrom('reports')
      .select(['title', 'pages', 'created_by'])
      .where('id', '=', e.reportId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  ])
  if (!project || !report) return null
  const ready = e.type === 'report_ready'
  const pages = report.pages ? ` (${report.pages} halaman)` : ''
  return {
    type: e.type,
    to: [report.created_by],
    title: ready ? 'Laporan siap' : 'Laporan gagal disusun',
    message: ready
      ? `Laporan project ${project.name} siap diunduh dan dibagikan${pages}: "${clip(report.title)}".`
      : `Laporan project ${project.name} gagal disusun: "${clip(report.title)}". Buka Laporan untuk mencoba lagi.`,
    link: `${projectLink(project.slug)}/laporan`,
    projectId: project.id,
    burst: {
      group: e.type,
      count: 1,
      summary: ready
        ? `{n} laporan project ${project.name} siap diunduh dan dibagikan.`
        : `{n} laporan project ${project.name} gagal disusun. Buka Laporan untuk mencoba lagi.`,
      link: `${projectLink(project.slug)}/laporan`,
    },
  }
}

const AREA_LABEL = {
  perencanaan: 'Perencanaan',
  pengawasan: 'Pengawasan',
  dokumentasi: 'Dokumentasi',
  rekap: 'Rekapitulasi',
} as const

async function fileReviewed(
  db: Db,
  e: Extract<DomainEvent, { type: 'file_approved' | 'file_revision' }>,
  type: 'file_approved' | 'file_revision',
): Promise<Draft | null> {
  const [project, actor, file] = await Promise.all([
    projectOf(db, e.projectId),
    nameOf(db, e.actorId),
    db
      .selectFrom('files')
      .leftJoin('folders', 'folders.id', 'files.folder_id')
      .select(['files.name', 'files.uuid', 'files.creator_id', 'folders.uuid as folder'])
      .where('files.id', '=', e.fileId)
      .executeTakeFirst(),
  ])
  if (!project || !file) return null
  const approved = type === 'file_approved'
  return {
    type,
    to: [file.creator_id],
    title: approved ? 'File disetujui' : 'File perlu revisi',
    message: approved
      ? `File "${file.name}" di project ${project.name} disetujui oleh ${actor}.`
      : `${reason(e.note)}File "${file.name}" di project ${project.name} dikembalikan oleh ${actor} untuk direvisi.`,
    link: projectLink(project.slug, fileHash(e.area, file.folder, file.uuid)),
    projectId: project.id,
    burst: {
      group: 'file',
      count: 1,
      summary: approved
        ? `{n} file disetujui di project ${project.name}.`
        : `{n} file di project ${project.name} dikembalikan untuk direvisi. Buka Berkas untuk membaca catatannya.`,
      link: projectLink(project.slug, e.area),
    },
  }
}

async function docReviewed(
  db: Db,
  e: Extract<DomainEvent, { type: 'doc_approved' | 'doc_revision' }>,
  type: 'file_approved' | 'file_revision',
): Promise<Draft | null> {
  const [project, actor, doc] = await Promise.all([
    projectOf(db, e.projectId),
    nameOf(db, e.actorId),
    docOf(db, e.docId),
  ])
  if (!project || !doc) return null
  const approved = type === 'file_approved'
  return {
    type,
    to: [doc.creator_id],
    title: approved ? 'Dokumentasi disetujui' : 'Dokumentasi perlu revisi',
    message: approved
      ? `Dokumentasi "${clip(doc.description)}" di project ${project.name} disetujui oleh ${actor}.`
      : `${reason(e.type === 'doc_revision' ? e.note : null)}Dokumentasi "${clip(doc.description)}" di project ${project.name} dikembalikan oleh ${actor} untuk direvisi.`,
    link: projectLink(project.slug, docHash(doc.uuid)),
    projectId: project.id,
    burst: reviewBurst(approved, 1, project),
  }
}

/**
 * Several items judged at once (status-bulk): one notification per uploader naming how many and which;
 * the reason first, as with one item. One item links to its viewer, several to the Dokumentasi tab.
 */
async function docsReviewed(
  db: Db,
  e: Extract<DomainEvent, { type: 'docs_reviewed' }>,
): Promise<Draft | null> {
  const [project, actor, docs] = await Promise.all([
    projectOf(db, e.projectId),
    nameOf(db, e.actorId),
    db
      .selectFrom('docs')
      .select(['uuid', 'description', 'creator_id'])
      .where('id', 'in', e.docIds.length > 0 ? e.docIds : [0])
      .orderBy('id')
      .execute(),
  ])
  const first = docs[0]
  if (!project || !first) return null
  const approved = e.status === 'approved'
  const names = docs
    .slice(0, 3)
    .map((d) => `"${clip(d.description, 40)}"`)
    .join(', ')
  const what =
    docs.length === 1
      ? `Dokumentasi ${names}`
      : `${docs.length} dokumentasi (${names}${docs.length > 3 ? ', …' : ''})`
  return {
    type: approved ? 'file_approved' : 'file_revision',
    to: [first.creator_id],
    title: approved ? 'Dokumentasi disetujui' : 'Dokumentasi perlu revisi',
    message: approved
      ? `${what} di project ${project.name} disetujui oleh ${actor}.`
      : `${reason(e.note)}${what} di project ${project.name} dikembalikan oleh ${actor} untuk direvisi.`,
    link: projectLink(project.slug, docs.length === 1 ? docHash(first.uuid) : 'dokumentasi'),
    projectId: project.id,
    burst: reviewBurst(approved, docs.length, project),
  }
}

/** Approvals (or revisions) of documentation, one by one or in bulk, merge into one count. */
function reviewBurst(approved: boolean, count: number, project: { name: string; slug: string }): Burst {
  return docBurst(
    'doc',
    count,
    approved
      ? `{n} dokumentasi disetujui di project ${project.name}.`
      : `{n} dokumentasi di project ${project.name} dikembalikan untuk direvisi. Buka Berkas untuk membaca catatannya.`,
    project.slug,
  )
}

/** A burst about documentation: it links to the project's Dokumentasi tab. */
function docBurst(group: string, count: number, summary: string, slug: string): Burst {
  return { group, count, summary, link: projectLink(slug, 'dokumentasi') }
}

/**
 * The reviewer's reason, first in the text (issue 30): the bell shows two or three lines and WhatsApp's
 * preview one, so what to fix must come before the names of the item and the project.
 */
function reason(note: string | null | undefined): string {
  if (!note) return ''
  const text = clip(note, 300)
  // A reason that ends its own sentence gets no second full stop after the quote.
  return /[.!?…]$/.test(text) ? `Catatan revisi: "${text}" ` : `Catatan revisi: "${text}". `
}

/** A folder of an area in the project page's hash: `area/{folder}` (the area's root: `area`). */
const folderHash = (area: string, folder: string | null) => (folder ? `${area}/${folder}` : area)

/** One file, marked in its folder: `area/{folder}/{file}` (`area//{file}` at the area's root). */
const fileHash = (area: string, folder: string | null, file: string) => `${area}/${folder ?? ''}/${file}`

/** One documentation item (its viewer): `dokumentasi/{uuid}`; `/komentar` opens its comment thread. */
const docHash = (uuid: string) => `dokumentasi/${uuid}`

/** The app path of a project, with the tab (and folder) in the hash as the project page reads it. */
function projectLink(slug: string, hash?: string): string {
  const path = `/project/${encodeURIComponent(slug)}`
  return hash ? `${path}#${hash.split('/').map(encodeURIComponent).join('/')}` : path
}

/** Long user text cut to fit a notification line (and a WhatsApp preview). */
export function clip(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

export async function admins(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
  return rows.map((r) => r.id)
}

function projectOf(db: Db, id: number) {
  return db.selectFrom('projects').select(['id', 'name', 'slug']).where('id', '=', id).executeTakeFirst()
}

function docOf(db: Db, id: number) {
  return db
    .selectFrom('docs')
    .select(['uuid', 'description', 'creator_id'])
    .where('id', '=', id)
    .executeTakeFirst()
}

async function nameOf(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst()
  return row?.name ?? 'Seseorang'
}
