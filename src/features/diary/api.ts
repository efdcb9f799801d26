import * as diaryEndpoints from '../../contracts/diary.endpoints'
import { pathTo } from '../../contracts/endpoint'
import { ApiError } from '../../lib/api'
import { downloadToDisk } from '../../lib/download'

const PDF_FAILED = 'Gagal mengunduh PDF laporan harian'
/** The server makes a day's PDF when first asked (409 'sedang dibuat', Retry-After 3 s): ask again a while. */
const PDF_TRIES = 20
const PDF_WAIT_MS = 3000

/**
 * GET /api/diary/{slug}/day/{day}/pdf, saved under the server's name: while the job queue is still
 * printing this state of the day the answer is 409, so it asks again until the PDF is there.
 */
export async function downloadDayPdf(slug: string, day: string, signal?: AbortSignal): Promise<string> {
  const path = pathTo(diaryEndpoints.pdf, { slug, day })
  for (let attempt = 1; ; attempt++) {
    try {
      return await downloadToDisk(path, `Laporan Harian ${day}.pdf`, PDF_FAILED, undefined, signal)
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409) || attempt >= PDF_TRIES) throw err
      await new Promise((resolve) => setTimeout(resolve, PDF_WAIT_MS))
    }
  }
}
