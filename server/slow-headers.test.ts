import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DB } from './test/harness'
import { newSchemaName, pgAdmin, type ServerProcess, startServer, stopServer } from './test/server-process'

/*
 * The probe of issue 21: `requestTimeout: 0` (for long uploads) also switched off Node 20's header
 * deadline, so sockets trickling a header byte a second were never cut, and 1,100 of them kept
 * /api/health failing for 45 s. Real sockets against the real server process: they are cut once the
 * header deadline passes, and health answers throughout.
 */
const SOCKETS = 300
const HEADERS_TIMEOUT_MS = 2000
const schema = newSchemaName('sh')
let dataDir: string
let server: ServerProcess

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-slow-headers-'))
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  server = await startServer({
    dataDir,
    schema,
    superadmin: { email: 'super@slow.test', password: 'rahasia-super-admin' },
    env: { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) },
  })
}, 60_000)

afterAll(async () => {
  await stopServer(server)
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe(`slow-header sockets (${TEST_DB})`, () => {
  it('are cut after the header deadline while /api/health keeps answering', async () => {
    const { port } = new URL(server.base)
    const closedAt: number[] = []
    const sockets: net.Socket[] = []
    const opened = Date.now()
    for (let i = 0; i < SOCKETS; i++) {
      const socket = net.connect(Number(port), '127.0.0.1')
      socket.on('error', () => undefined)
      socket.on('close', () => closedAt.push(Date.now() - opened))
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')
      // One header byte a second, never the blank line that ends the headers.
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write('X')
      }, 1000)
      socket.on('close', () => clearInterval(drip))
      sockets.push(socket)
    }
    try {
      // Meanwhile the server answers a real client at once, again and again.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) })
        expect(res.status).toBe(200)
        await new Promise((r) => setTimeout(r, 300))
      }
      // Cut by the server: the deadline plus at most one check interval (and a generous slack).
      const end = Date.now() + HEADERS_TIMEOUT_MS * 4 + 5000
      while (closedAt.length < SOCKETS && Date.now() < end) await new Promise((r) => setTimeout(r, 100))
      expect(closedAt.length).toBe(SOCKETS)
      // None of them before the deadline: the cut is the header timeout, not something else.
      expect(Math.min(...closedAt)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100)
      const res = await fetch(`${server.base}/api/health`)
      expect(res.status).toBe(200)
    } finally {
      for (const s of sockets) s.destroy()
    }
  }, 60_000)
})
