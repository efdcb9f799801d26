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

/**
 * POSTs a multipart form with the bearer token, reporting the bytes that left (`onProgress(sent,
 * total)`). XMLHttpRequest because neither fetch nor redaxios reports upload progress. Resolves with any
 * answer the server gave (the caller reads its status); rejects with ApiError status 0 when none came
 * (network lost, aborted).
 */
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE_URL}${path}`)
    xhr.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value)
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.responseType = 'text'
    const progress = opts.onProgress
    if (progress)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) progress(e.loaded, e.total)
      }
    const abort = () => xhr.abort()
    opts.signal?.addEventListener('abort', abort, { once: true })
    const done = () => opts.signal?.removeEventListener('abort', abort)
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
    xhr.send(form)
  })
}
