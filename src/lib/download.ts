import { API_BASE_URL, ApiError, toApiError } from './api'
import { getToken } from './session-token'

/** The name from a Content-Disposition header (RFC 6266: filename* wins over filename), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''))
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header)
  const name = (plain?.[2] ?? plain?.[1])?.trim()
  return name || null
}

/** Hands a blob to the browser as a download; the temporary link is released after 100 ms (SPEC section 7). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 100)
}

/**
 * GETs an authenticated file as a blob with progress (0-100 when the size is known) and saves it under
 * the server's name (Content-Disposition), else `fallbackName`. Failures are ApiErrors carrying the
 * server's message, else `failure`.
 */
export async function downloadToDisk(
  path: string,
  fallbackName: string,
  failure: string,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const token = getToken()
  let res: Response
  try {
    res = await fetch(`${API_BASE_URL}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    })
  } catch {
    throw new ApiError(0, failure)
  }
  if (!res.ok) {
    let body: unknown
    try {
      body = await res.json()
    } catch {
      body = undefined
    }
    throw toApiError({ status: res.status, data: body }, failure)
  }
  const blob = await readWithProgress(res, onProgress, 'application/octet-stream')
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName
  saveBlob(blob, name)
  return name
}

/** Reads a response body, reporting progress (0-100) when its size is known. */
export async function readWithProgress(
  res: Response,
  onProgress: ((percent: number) => void) | undefined,
  fallbackType: string,
): Promise<Blob> {
  const total = Number(res.headers.get('content-length') ?? 0)
  const type = res.headers.get('content-type') ?? fallbackType
  if (!onProgress || !res.body || !total) return res.blob()
  const reader = res.body.getReader()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    received += value.byteLength
    onProgress(Math.min(100, Math.round((received / total) * 100)))
  }
  return new Blob(chunks, { type })
}
