import { API_BASE_URL, ApiError } from './api'
import { getToken } from './session-token'

/** A v4 uuid for an Idempotency-Key; crypto.randomUUID exists only in secure contexts (HTTPS, localhost). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export type SentForm = { status: number; body: unknown }

/** No byte of the body moved for this long: the connection is taken for dead. */
export const STALL_MS = 15_000
/** The whole body was sent: the server stores and answers within this, or the attempt is given up. */
export const ANSWER_MS = 30_000

/**
 * Sends one request with the bearer token, reporting the bytes that left (`onProgress(sent, total)`).
 * XMLHttpRequest because neither fetch nor redaxios reports upload progress. Resolves with any answer
 * the server gave (the caller reads its status); rejects with ApiError status 0 when none came: network
 * lost, `signal` aborted, or the attempt stalled. A signal that fades mid-upload leaves the socket open
 * and silent for minutes, so an attempt whose body makes no progress for STALL_MS, or whose answer takes
 * longer than ANSWER_MS once the body is out, is given up (the caller retries or queues it under the
 * same Idempotency-Key; if the server did store it, the repeat gets the stored answer).
 */
export function sendRequest(
  req: { method: string; path: string; body?: FormData | string | null; headers?: Record<string, string> },
  opts: {
    onProgress?: (sent: number, total: number) => void
    signal?: AbortSignal
    networkMessage: string
  },
): Promise<SentForm> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(req.method, `${API_BASE_URL}${req.path}`)
    xhr.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(name, value)
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.responseType = 'text'
    const abort = () => xhr.abort()
    opts.signal?.addEventListener('abort', abort, { once: true })
    let stall = setTimeout(abort, STALL_MS)
    const watch = (ms: number) => {
      clearTimeout(stall)
      stall = setTimeout(abort, ms)
    }
    const progress = opts.onProgress
    xhr.upload.onprogress = (e) => {
      watch(STALL_MS)
      if (progress && e.lengthComputable && e.total > 0) progress(e.loaded, e.total)
    }
    xhr.upload.onload = () => watch(ANSWER_MS)
    const done = () => {
      clearTimeout(stall)
      opts.signal?.removeEventListener('abort', abort)
    }
    xhr.onload = () => {
      done()
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = xhr.responseText
      }
      resolve({ status: xhr.status, body })
    }
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          done()
          reject(new ApiError(0, opts.networkMessage))
        }
    xhr.send(req.body ?? null)
  })
}

/** POSTs a multipart form (file and recap uploads). */
export function sendForm(
  path: string,
  form: FormData,
  opts: {
    headers?: Record<string, string>
    onProgress?: (sent: number, total: number) => void
    signal?: AbortSignal
    networkMessage: string
  },
): Promise<SentForm> {
  return sendRequest({ method: 'POST', path, body: form, headers: opts.headers }, opts)
}
