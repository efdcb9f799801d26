import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARE_MSG, VERIFY_MSG } from '../src/contracts/shares'
import { TEST_DB } from './test/harness'
import {
  callServer,
  loginOn,
  newSchemaName,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from './test/server-process'

/**
 * The README's nginx block (section "Scaling"), run as written in front of two real servers on one
 * database and one DATA_DIR: only the two upstream addresses and the listen port are replaced (each
 * must occur exactly once, so an edit of the README that this test does not follow fails it). Ports
 * 4350-4352. Skipped, saying so, where nginx is not installed (`apt-get install nginx-light`).
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p))
const SUPERADMIN = { email: 'super@nginx.test', password: 'rahasia-super-admin' }
const FRONT = 'http://127.0.0.1:4350'

if (!NGINX)
  console.warn('nginx-upstream.test.ts: nginx is not installed; skipped (apt-get install nginx-light)')

/** The fenced nginx block after the README's marker, with the test's addresses put in. */
export function readmeNginxBlock(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const after = readme.split('<!-- nginx-upstream-block')[1]
  const block = after && /```nginx\n([\s\S]*?)\n```/.exec(after)?.[1]
  if (!block) throw new Error('README.md: no ```nginx block after the nginx-upstream-block marker')
  const replace = (text: string, from: string, to: string) => {
    if (text.split(from).length !== 2)
      throw new Error(`README nginx block: "${from}" must occur exactly once`)
    return text.replace(from, to)
  }
  let conf = replace(block, 'server 10.0.0.11:3000', 'server 127.0.0.1:4351')
  conf = replace(conf, 'server 10.0.0.12:3000', 'server 127.0.0.1:4352')
  return replace(conf, 'listen 80;', 'listen 127.0.0.1:4350;')
}

describe.skipIf(!NGINX)('the README nginx block in front of two servers', () => {
  let dir: string
  let dataDir: string
  const schema = newSchemaName('ngx')
  let a: ServerProcess
  let b: ServerProcess
  let nginx: ChildProcess
  const nginxLog: string[] = []

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-nginx-'))
    // nginx's workers drop root for 'nobody': they must be able to write their temp folders.
    fs.chmodSync(dir, 0o777)
    dataDir = path.join(dir, 'data')
    if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
    const env = { TRUST_PROXY: '1' }
    a = await startServer({ dataDir, schema, superadmin: SUPERADMIN, env: { ...env, PORT: '4351' } })
    b = await startServer({ dataDir, schema, superadmin: SUPERADMIN, env: { ...env, PORT: '4352' } })
    const conf = path.join(dir, 'nginx.conf')
    fs.writeFileSync(
      conf,
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
        readmeNginxBlock(),
        '}',
      ].join('\n'),
    )
    execFileSync(NGINX as string, ['-t', '-p', dir, '-c', conf], { stdio: 'pipe' })
    nginx = spawn(NGINX as string, ['-p', dir, '-c', conf])
    nginx.stderr?.on('data', (c: Buffer) => nginxLog.push(c.toString()))
    const until = Date.now() + 15_000
    for (;;) {
      const ok = await fetch(`${FRONT}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) break
      if (Date.now() > until) throw new Error(`nginx did not answer:\n${nginxLog.join('')}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }, 120_000)

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r))
      nginx.kill('SIGQUIT')
      await exited
    }
    await Promise.all([stopServer(a), stopServer(b)])
    if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA ${schema} CASCADE`)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the public pages /s/{token} and /v/{code} reach the servers (not a static app shell)', async () => {
    const share = await fetch(`${FRONT}/s/${'A'.repeat(32)}`)
    expect(share.status).toBe(404)
    expect(share.headers.get('x-robots-tag')).toContain('noindex')
    expect(await share.text()).toContain(SHARE_MSG.notFound)
    const verify = await fetch(`${FRONT}/v/ABCD-EFGH-JKMN`)
    expect(verify.status).toBe(404)
    expect(await verify.text()).toContain(VERIFY_MSG.notFound)
  })

  it('logs in, uploads (streamed through) and downloads by range through nginx; one server dying changes nothing', async () => {
    const front = { base: FRONT } as ServerProcess
    const superToken = await loginOn(front, SUPERADMIN.email, SUPERADMIN.password)
    const created = await callServer(front, 'POST', '/api/admin/create', {
      token: superToken,
      json: {
        name: 'Admin Nginx',
        email: 'admin@nginx.test',
        password: 'rahasia-admin',
        phone: '081234567890',
      },
    })
    expect(created.status).toBe(201)
    const token = await loginOn(front, 'admin@nginx.test', 'rahasia-admin')
    const project = await callServer(front, 'POST', '/api/project/create', {
      token,
      json: { name: 'Di Balik Nginx', description: 'Uji penyeimbang beban' },
    })
    expect(project.status).toBe(201)
    const slug = project.json.data.slug as string

    const data = randomBytes(12 * 1024 * 1024)
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(data)]), 'besar.bin')
    const up = await callServer(front, 'POST', `/api/file/${slug}/upload/perencanaan`, { token, body: form })
    expect(up.status, JSON.stringify(up.json)).toBe(201)
    const url = `${FRONT}/api/file/${slug}/download/perencanaan/${up.json.results[0].uuid}`
    const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex')

    // Spread over both servers (least_conn with keepalive), every answer is the same.
    for (let i = 0; i < 6; i++) {
      const whole = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      expect(whole.status).toBe(200)
      expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(data))
    }
    const part = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true)

    // One server stops (a crash or a deploy): nginx sends the reads to the other.
    await stopServer(a, 'SIGKILL')
    for (let i = 0; i < 6; i++) {
      const me = await fetch(`${FRONT}/api/user/me`, { headers: { authorization: `Bearer ${token}` } })
      expect(me.status).toBe(200)
    }
    const list = await callServer(front, 'GET', '/api/project/list', { token })
    expect(list.status).toBe(200)
    expect(list.json.data.map((p: { slug: string }) => p.slug)).toContain(slug)
  }, 120_000)
})
