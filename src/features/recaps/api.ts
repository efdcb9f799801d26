import { pathTo } from '../../contracts/endpoint'
import { RECAP_MSG, type RecapFile } from '../../contracts/recaps'
import * as recapEndpoints from '../../contracts/recaps.endpoints'
import { type Answer, ApiError, call, toApiError } from '../../lib/api'
import { downloadToDisk } from '../../lib/download'
import { sendForm } from '../../lib/upload-request'

/** GET /api/rekap/{slug}/list: the list in `data`, newest first. */
export async function listRecaps(slug: string): Promise<RecapFile[]> {
  return (await call(recapEndpoints.list, { slug })).data
}

/**
 * POST /api/rekap/{slug}/upload: multipart `file`. The Idempotency-Key is made once per chosen file by
 * the caller, so a retry after a lost answer stores it once.
 */
export async function uploadRecap(slug: string, file: File, key: string): Promise<RecapFile> {
  const form = new FormData()
  form.append('file', file, file.name)
  const answer = await sendForm(pathTo(recapEndpoints.upload, { slug }), form, {
    headers: { 'Idempotency-Key': key },
    networkMessage: RECAP_MSG.uploadFailed,
  })
  if (answer.status >= 200 && answer.status < 300)
    return (answer.body as Answer<typeof recapEndpoints.upload>).data
  throw toApiError({ status: answer.status, data: answer.body }, RECAP_MSG.uploadFailed)
}

export async function removeRecap(slug: string, id: number) {
  return call(recapEndpoints.remove, { slug, id })
}

/**
 * GET /api/rekap/{slug}/download/{id}, saved under the server's name, else 'rekap-{timestamp}' (SPEC
 * section 7). Failures: the server's message, else 'Gagal mengunduh file rekap', with ': File tidak
 * ditemukan' added on 404 (SPEC section 8).
 */
export async function downloadRecap(slug: string, recap: Pick<RecapFile, 'id'>): Promise<string> {
  try {
    return await downloadToDisk(
      pathTo(recapEndpoints.download, { slug, id: recap.id }),
      `rekap-${Date.now()}`,
      RECAP_MSG.downloadFailed,
    )
  } catch (err) {
    const e = toApiError(err, RECAP_MSG.downloadFailed)
    if (e.status === 404) throw new ApiError(404, `${RECAP_MSG.downloadFailed}${RECAP_MSG.notFoundSuffix}`)
    throw e
  }
}
