import fs from 'node:fs'

/** Helpers for benches that drive a real server process over HTTP and watch its memory. */

/** Waits until GET /api/health answers, trying every 100 ms up to `tries` times. */
export async function waitForHealth(base: string, tries: number): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start')
}

/**
 * A JSON caller for a server at `base`, or for an app in this process (`app.request`): answers `data`,
 * throws with the server's message on a failure.
 */
export function apiJson(base: string | ((url: string, init: RequestInit) => Response | Promise<Response>)) {
  const send = typeof base === 'string' ? (url: string, init: RequestInit) => fetch(base + url, init) : base
  return async (method: string, url: string, token: string | null, body?: unknown) => {
    const res = await send(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    const answer = (await res.json()) as { data?: Record<string, unknown>; message: string }
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${answer.message}`)
    return answer.data ?? {}
  }
}

/** Resident set size now and its high-water mark since the last reset, from /proc. */
export function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
}

/** Resets VmHWM to the current RSS (Linux: write 5 to clear_refs); answers that RSS. */
export function resetPeak(pid: number): number {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
  return memory(pid).rss
}
