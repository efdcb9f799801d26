import { Readable } from 'node:stream'
import { FILE_AREAS, type FileArea } from '../../../src/contracts/files'
import { type Actor, access } from '../../access'
import type { Deps } from '../../deps'
import type { BlobStore, Visibility } from '../../storage/blob-store'
import { safeSegment, TreeNames } from '../../zip/zip-names'
import { planZip, type ZipEntry, type ZipPlan } from '../../zip/zip-writer'
import { livePhotos } from '../documentation/live-photos'
import { docNote } from './doc-note'
import { HISTORY_CSV_NAME, projectHistoryCsv } from './history-csv'

/*
 * What the whole-project zip holds, read from the database in a few queries (no blob is touched until
 * the stream reaches it):
 *
 *   Perencanaan/<folder tree as in the browser>/<files>
 *   Pengawasan/<folder tree>/<files>
 *   Dokumentasi/<NNN - description>/<photos> + keterangan.txt (doc-note.ts: what the app shows, and
 *     each photo's evidence: when taken and uploaded, where and how that is known, SHA-256)
 *   Rekap/<recap files>
 *   riwayat.csv (the project's history: history-csv.ts)
 *
 * Items in the trash are left out (folders, files and documentation items with deleted_at).
 * Every name is made safe and unique per directory (zip-names.ts); empty folders are kept as directory
 * entries so the tree is the one people see in the app.
 */

const AREA_DIRS: Record<FileArea | 'dokumentasi' | 'rekap', string> = {
  perencanaan: 'Perencanaan/',
  pengawasan: 'Pengawasan/',
  dokumentasi: 'Dokumentasi/',
  rekap: 'Rekap/',
}

/** The text file beside each documentation item's photos. */
export const DOC_NOTE_NAME = 'keterangan.txt'

/**
 * Dates in the text files, the archive's name and its entries: Indonesian format in the firm's time zone
 * (FIRM_TIME_ZONE, Asia/Jakarta by default), not the server's, which usually runs on UTC.
 */
function firmDates(timeZone: string) {
  const longDate = new Intl.DateTimeFormat('id-ID', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  })
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone })
  return { long: (iso: string) => longDate.format(new Date(iso)), ymd: (d: Date) => ymd.format(d) }
}

/** A blob that is gone although its row is there: the archive cannot be what was promised. */
export class MissingBlob extends Error {
  constructor(readonly entryName: string) {
    super(`blob of ${entryName} is missing`)
  }
}

function blobEntry(
  store: BlobStore,
  name: string,
  blob: { key: string; visibility: Visibility; size: number; created_at: string },
): ZipEntry {
  return {
    name,
    size: Number(blob.size),
    modified: new Date(blob.created_at),
    open: async () => {
      const read = await store.get(blob.key, blob.visibility)
      if (!read) throw new MissingBlob(name)
      return read.stream
    },
  }
}

const textEntry = (name: string, text: string, modified: Date): ZipEntry => {
  const data = Buffer.from(text, 'utf8')
  return {
    name,
    size: data.length,
    modified,
    open: async () => Readable.from([data]),
  }
}

const dirEntry = (name: string, modified: Date): ZipEntry => ({ name, size: 0, modified })

export type ProjectArchive = {
  plan: ZipPlan
  fileName: string
  projectId: number
  files: number
}

/**
 * The archive of project `idOrSlug` for an admin ('project.download'; 404 for a project the caller does
 * not see, 403 for anyone else who does): its layout and exact length, ready to stream.
 */
export async function projectArchive(
  deps: Pick<Deps, 'db' | 'store' | 'config'>,
  user: Actor,
  idOrSlug: string,
): Promise<ProjectArchive> {
  const project = await access.project(deps, user, idOrSlug, 'project.download')
  const entries: ZipEntry[] = []
  const names = new TreeNames()
  const projectTime = new Date(project.created_at)
  for (const dir of Object.values(AREA_DIRS)) entries.push(dirEntry(dir, projectTime))

  for (const area of FILE_AREAS) await addAreaTree(deps, project.id, area, names, entries)
  const dates = firmDates(deps.config.firmTimeZone)
  await addDocs(deps, project.id, names, entries, dates, deps.config.firmTimeZone)
  await addRecaps(deps, project.id, names, entries)
  const history = await projectHistoryCsv(deps.db, project.id, deps.config.firmTimeZone)
  entries.push(textEntry(HISTORY_CSV_NAME, history.text, new Date(history.newest ?? project.created_at)))

  const today = dates.ymd(new Date())
  return {
    plan: planZip(entries, deps.config.firmTimeZone),
    fileName: `${safeSegment(project.name, 'project')} - ${today}.zip`,
    projectId: project.id,
    files: entries.filter((e) => e.open).length,
  }
}

async function addAreaTree(
  deps: Pick<Deps, 'db' | 'store'>,
  projectId: number,
  area: FileArea,
  names: TreeNames,
  entries: ZipEntry[],
) {
  const [folders, files] = await Promise.all([
    deps.db
      .selectFrom('folders')
      .select(['id', 'parent_id', 'name', 'created_at'])
      .where('project_id', '=', projectId)
      .where('area', '=', area)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('files')
      .select(['folder_id', 'name', 'size_bytes', 'blob_key', 'created_at'])
      .where('project_id', '=', projectId)
      .where('area', '=', area)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ])
  const childFolders = groupBy(folders, (f) => f.parent_id)
  const filesIn = groupBy(files, (f) => f.folder_id)
  // Depth first from the area's root; `seen` guards against a (corrupt) parent cycle.
  const seen = new Set<number>()
  const walk = (folderId: number | null, dir: string) => {
    const here = names.at(dir)
    for (const f of childFolders.get(folderId) ?? []) {
      if (seen.has(f.id)) continue
      seen.add(f.id)
      const path = `${dir}${here.folder(f.name)}/`
      entries.push(dirEntry(path, new Date(f.created_at)))
      walk(f.id, path)
    }
    for (const f of filesIn.get(folderId) ?? []) {
      entries.push(
        blobEntry(deps.store, `${dir}${here.file(f.name)}`, {
          key: f.blob_key,
          visibility: 'private',
          size: f.size_bytes,
          created_at: f.created_at,
        }),
      )
    }
  }
  walk(null, AREA_DIRS[area])
}

async function addDocs(
  deps: Pick<Deps, 'db' | 'store'>,
  projectId: number,
  names: TreeNames,
  entries: ZipEntry[],
  dates: ReturnType<typeof firmDates>,
  timeZone: string,
) {
  const docs = await deps.db
    .selectFrom('docs')
    .innerJoin('users as creator', 'creator.id', 'docs.creator_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'docs.reviewed_by')
    .leftJoin('work_items', 'work_items.id', 'docs.work_item_id')
    .select([
      'docs.id',
      'docs.description',
      'docs.status',
      'docs.created_at',
      'docs.reviewed_at',
      'docs.location',
      'docs.progress',
      'work_items.name as work_item',
      'creator.name as creator_name',
      'reviewer.name as reviewer_name',
    ])
    .where('docs.project_id', '=', projectId)
    .where('docs.deleted_at', 'is', null)
    .orderBy('docs.created_at')
    .orderBy('docs.id')
    .execute()
  if (docs.length === 0) return
  // The photos of the item's current version, as the app shows it (earlier ones are in its history).
  const images = await livePhotos(deps.db, projectId)
    .select([
      'doc_images.doc_id',
      'doc_images.name',
      'doc_images.ext',
      'doc_images.blob_key',
      'doc_images.size_bytes',
      'doc_images.taken_at',
      'doc_images.received_at',
      'doc_images.lat',
      'doc_images.lng',
      'doc_images.accuracy_m',
      'doc_images.location_source',
      'doc_images.sha256',
    ])
    .orderBy('doc_images.doc_id')
    .orderBy('doc_images.position')
    .execute()
  const imagesOf = groupBy(images, (i) => i.doc_id)
  const width = Math.max(3, String(docs.length).length)
  const root = names.at(AREA_DIRS.dokumentasi)
  for (const [n, doc] of docs.entries()) {
    const number = String(n + 1).padStart(width, '0')
    const title = firstWords(doc.description, 60)
    const dir = `${AREA_DIRS.dokumentasi}${root.folder(title ? `${number} - ${title}` : number)}/`
    const created = new Date(doc.created_at)
    entries.push(dirEntry(dir, created))
    const here = names.at(dir)
    const own = imagesOf.get(doc.id) ?? []
    // The note's name first, so a photo that happens to share it is the one renumbered; the photos'
    // names in the archive are decided before the note is written, so the note names them as they are.
    const noteName = `${dir}${here.file(DOC_NOTE_NAME)}`
    const photos = own.map((image) => ({ ...image, name: here.file(fileName(image)) }))
    const note = { ...doc, progress: doc.progress === null ? null : Number(doc.progress) }
    entries.push(textEntry(noteName, docNote(note, photos, dates.long, timeZone), created))
    for (const image of photos) {
      entries.push(
        blobEntry(deps.store, `${dir}${image.name}`, {
          key: image.blob_key,
          visibility: 'public',
          size: image.size_bytes,
          created_at: doc.created_at,
        }),
      )
    }
  }
}

async function addRecaps(
  deps: Pick<Deps, 'db' | 'store'>,
  projectId: number,
  names: TreeNames,
  entries: ZipEntry[],
) {
  const recaps = await deps.db
    .selectFrom('recap_files')
    .select(['name', 'size_bytes', 'blob_key', 'created_at'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const here = names.at(AREA_DIRS.rekap)
  for (const r of recaps)
    entries.push(
      blobEntry(deps.store, `${AREA_DIRS.rekap}${here.file(r.name)}`, {
        key: r.blob_key,
        visibility: 'private',
        size: r.size_bytes,
        created_at: r.created_at,
      }),
    )
}

/** A photo's name in the archive: as uploaded, with its type's extension when it had none. */
const fileName = (image: { name: string; ext: string }) =>
  /\.[A-Za-z0-9]{1,10}$/.test(image.name) ? image.name : `${image.name}.${image.ext}`

/** The description's start for a folder name: one line, at most `max` characters, cut at a word. */
function firstWords(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}
