import type { ProjectRow } from '../../access'
import type { UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import type { FileKind } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'
import { fileAreaParam } from '../files/area-files'
import { fileUpload } from '../files/files.service'
import { recapUpload } from '../recaps/recaps.service'

/**
 * Where a resumable upload lands, and the normal upload it completes as: an area (the area upload's
 * service) or Rekap (the recap upload's). `authorize` is that service's own access check, asked on
 * create, on every part and on completion; the rest of the service (prepare, store, answer) is the
 * commit of the assembled file, so a big file is stored exactly as a small one would be.
 */
export type ResumableTarget = {
  /** 'perencanaan' | 'pengawasan' | 'rekap', stored on the upload row. */
  name: string
  project: ProjectRow
  user: UserRow
  // biome-ignore lint/suspicious/noExplicitAny: each target's service has its own Target/Input/Stored.
  service: UploadService<any, any, any, any>
  /** What the service's authorize returned: handed to its prepare and store. */
  authorized: unknown
  accept: readonly FileKind[]
  typeMessage?: string
  /** Whether the upload may name a folder (areas do, Rekap does not). */
  folders: boolean
}

export async function areaTarget(deps: Deps, user: UserRow, slug: string, areaRaw: string) {
  const area = fileAreaParam(areaRaw)
  const authorized = await fileUpload.authorize(deps, user, { slug, area })
  const opts = fileUpload.options(deps)
  return {
    name: area,
    project: authorized.project,
    user,
    service: fileUpload,
    authorized,
    accept: opts.accept,
    typeMessage: opts.typeMessage,
    folders: true,
  } satisfies ResumableTarget
}

export async function recapTarget(deps: Deps, user: UserRow, slug: string) {
  const authorized = await recapUpload.authorize(deps, user, { slug })
  const opts = recapUpload.options(deps)
  return {
    name: 'rekap',
    project: authorized.project,
    user,
    service: recapUpload,
    authorized,
    accept: opts.accept,
    typeMessage: opts.typeMessage,
    folders: false,
  } satisfies ResumableTarget
}
