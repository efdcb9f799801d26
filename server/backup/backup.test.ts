import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config'
import type { BlobStore } from '../storage/blob-store'
import { createBlobStore } from '../storage/create-store'
import { TEST_DB } from '../test/harness'
import {
  callServer,
  databaseEnv,
  loginOn,
  newSchemaName,
  pgAdmin,
  type ServerProcess,
  startServer,
  stopServer,
} from '../test/server-process'
import { createBackup } from './backup'
import { MANIFEST_FILE } from './layout'
import { restoreBackup } from './restore'

/**
 * Issue 12: `npm run backup` takes a consistent snapshot while the server runs and takes uploads, and
 * `npm run restore` brings it back: a server started on the restored data serves the same projects and
 * the same file bytes. Real server processes, real uploads, both databases (PostgreSQL through
 * pg_dump/pg_restore).
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const SUPERADMIN = { email: 'super@backup.test', password: 'rahasia-super-admin' }
const ADMIN = {
  name: 'Admin Cadangan',
  email: 'admin@backup.test',
  password: 'rahasia-admin',
  phone: '081234567890',
}
const schema = newSchemaName('bk')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-backup-'))
const liveDir = path.join(tmp, 'live')
const restoredDir = path.join(tmp, 'restored')
const backupDir = path.join(tmp, 'cadangan')

let server: ServerProcess | undefined
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex')
const pdf = (n: number) =>
  Buffer.from(`%PDF-1.4\n% laporan ${n} ${'x'.repeat(2000 * n)}\ntrailer <<>>\n%%EOF\n`)
const envFor = (dataDir: string): NodeJS.ProcessEnv => ({
  DATA_DIR: dataDir,
  WEB_DIR: '',
  LOG_LEVEL: 'silent',
  ...databaseEnv(schema),
})

async function uploadPdf(token: string, slug: string, name: string, bytes: Buffer) {
  const form = new FormData()
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name)
  const res = await callServer(server as ServerProcess, 'POST', `/api/file/${slug}/upload/perencanaan`, {
    token,
    body: form,
  })
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(res.json)}`)
  return res.json.results[0] as { uuid: string; name: string }
}

async function listFiles(s: ServerProcess, token: string, slug: string) {
  const res = await callServer(s, 'GET', `/api/folder/${slug}/explore/perencanaan?limit=500`, { token })
  expect(res.status).toBe(200)
  return res.json.data.files as { uuid: string; name: string }[]
}

async function download(s: ServerProcess, token: string, url: string) {
  const res = await fetch(s.base + url, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

const uploaded = new Map<string, string>() // file name -> sha256 of what was sent
let slug: string
let projectsBefore: unknown
let avatarBefore: { url: string; sha: string }
let backupWhileWriting: Awaited<ReturnType<typeof createBackup>>

beforeAll(async () => {
  if (TEST_DB === 'postgres') await pgAdmin(`CREATE SCHEMA ${schema}`)
  server = await startServer({ dataDir: liveDir, schema, superadmin: SUPERADMIN })
  const superToken = await loginOn(server, SUPERADMIN.email, SUPERADMIN.password)
  expect(
    (await callServer(server, 'POST', '/api/admin/create', { token: superToken, json: ADMIN })).status,
  ).toBe(201)
  const token = await loginOn(server, ADMIN.email, ADMIN.password)
  const project = await callServer(server, 'POST', '/api/project/create', {
    token,
    json: { name: 'Gedung Cadangan', description: 'Uji cadangan dan pemulihan' },
  })
  expect(project.status).toBe(201)
  slug = project.json.data.slug

  // A public blob named with a prefix (users.avatar = '/storage/{key}').
  const form = new FormData()
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer()
  form.append('avatar', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'wajah.jpg')
  const avatar = await callServer(server, 'PATCH', '/api/user/update-avatar', { token, body: form })
  expect(avatar.status).toBe(200)
  const avatarUrl = avatar.json.data.avatar as string
  avatarBefore = { url: avatarUrl, sha: sha(await download(server, token, avatarUrl)) }

  for (let i = 1; i <= 6; i++) {
    const bytes = pdf(i)
    await uploadPdf(token, slug, `laporan-${i}.pdf`, bytes)
    uploaded.set(`laporan-${i}.pdf`, sha(bytes))
  }
  const doomed = await uploadPdf(token, slug, 'dihapus.pdf', pdf(99))

  // The backup runs while uploads and a delete are under way.
  const writes = (async () => {
    for (let i = 7; i <= 14; i++) {
      const bytes = pdf(i)
      await uploadPdf(token, slug, `laporan-${i}.pdf`, bytes)
      uploaded.set(`laporan-${i}.pdf`, sha(bytes))
    }
    const removed = await callServer(
      server as ServerProcess,
      'DELETE',
      `/api/file/${slug}/remove/${doomed.uuid}`,
      {
        token,
      },
    )
    expect(removed.status).toBe(200)
  })()
  // And one upload lands exactly between the first blob copy and the database snapshot: its row is in
  // the snapshot, its blob was not yet copied, so the backup must fetch it afterwards.
  const config = readConfig(envFor(liveDir))
  const store = createBlobStore(config)
  const between: BlobStore = {
    put: (...a) => store.put(...a),
    get: (...a) => store.get(...a),
    head: (...a) => store.head(...a),
    delete: (...a) => store.delete(...a),
    removeIncomplete: (...a) => store.removeIncomplete(...a),
    async *list(visibility) {
      yield* store.list(visibility)
      if (visibility !== 'private') return
      const bytes = pdf(50)
      await uploadPdf(token, slug, 'laporan-sela.pdf', bytes)
      uploaded.set('laporan-sela.pdf', sha(bytes))
    },
  }
  backupWhileWriting = await createBackup(config, between, backupDir)
  await writes
  projectsBefore = (await callServer(server, 'GET', '/api/project/list', { token })).json.data
  await stopServer(server)
}, 180_000)

afterAll(async () => {
  await stopServer(server)
  if (TEST_DB === 'postgres') await pgAdmin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe(`backup and restore (${TEST_DB})`, () => {
  it('writes a whole backup: manifest last, the dump, and only the blobs its rows name', () => {
    const { manifest, dir } = backupWhileWriting
    expect(fs.existsSync(path.join(dir, MANIFEST_FILE))).toBe(true)
    expect(fs.existsSync(`${dir}.partial`)).toBe(false)
    expect(manifest.dialect).toBe(TEST_DB)
    expect(manifest.migrations[0]).toBe('001-initial')
    // The avatar and the six files finished before the backup began are in it at least.
    expect(manifest.blobs).toBeGreaterThanOrEqual(7)
    const blobFiles = ['public', 'private'].flatMap((v) =>
      fs.existsSync(path.join(dir, 'blobs', v)) ? fs.readdirSync(path.join(dir, 'blobs', v)) : [],
    )
    expect(blobFiles).toHaveLength(manifest.blobs)
    expect(blobFiles.some((f) => f.endsWith('.partial'))).toBe(false)
  })

  it('refuses to restore over an existing database without --force (the CLI says why)', () => {
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/backup/cli.ts', 'restore', backupDir],
      {
        cwd: ROOT,
        env: { ...process.env, ...envFor(liveDir) },
        encoding: 'utf8',
      },
    )
    expect(cli.status).toBe(1)
    expect(cli.stderr).toMatch(/sudah (ada|berisi data Berkas)/)
  })

  it('a server on the restored data serves the same projects, files and bytes', async () => {
    const config = readConfig(envFor(restoredDir))
    const { blobsWritten } = await restoreBackup(config, createBlobStore(config), backupDir, {
      force: TEST_DB === 'postgres',
    })
    expect(blobsWritten).toBe(backupWhileWriting.manifest.blobs)

    server = await startServer({ dataDir: restoredDir, schema, superadmin: SUPERADMIN })
    const token = await loginOn(server, ADMIN.email, ADMIN.password)
    const projects = (await callServer(server, 'GET', '/api/project/list', { token })).json.data
    expect(projects.map((p: { slug: string }) => p.slug)).toEqual(
      (projectsBefore as { slug: string }[]).map((p) => p.slug),
    )

    const files = await listFiles(server, token, slug)
    const names = files.map((f) => f.name)
    // Everything finished before the backup started is there; later uploads may or may not be.
    for (let i = 1; i <= 6; i++) expect(names).toContain(`laporan-${i}.pdf`)
    expect(names).toContain('laporan-sela.pdf')
    for (const f of files) {
      const bytes = await download(server, token, `/api/file/${slug}/download/perencanaan/${f.uuid}`)
      if (f.name === 'dihapus.pdf') expect(sha(bytes)).toBe(sha(pdf(99)))
      else expect(sha(bytes)).toBe(uploaded.get(f.name))
    }
    expect(sha(await download(server, token, avatarBefore.url))).toBe(avatarBefore.sha)
    // Every blob a snapshot row names existed before the backup began or was uploaded (not deleted) during it.
    expect(backupWhileWriting.manifest.missing).toEqual([])
  }, 120_000)

  it('never restores under a running server, even with --force', async () => {
    // On PostgreSQL an idle server holds no lock to detect: the README says to stop the servers first.
    if (TEST_DB !== 'sqlite') return
    const config = readConfig(envFor(restoredDir))
    await expect(restoreBackup(config, createBlobStore(config), backupDir, { force: true })).rejects.toThrow(
      /sedang dipakai; hentikan server/,
    )
  })

  it('npm run backup works from the command line on the restored instance', () => {
    const second = path.join(tmp, 'kedua')
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', 'backup', second], {
      cwd: ROOT,
      env: { ...process.env, ...envFor(restoredDir) },
      encoding: 'utf8',
    })
    expect(cli.stderr).toBe('')
    expect(cli.status).toBe(0)
    expect(cli.stdout).toContain('Cadangan selesai')
    const manifest = JSON.parse(fs.readFileSync(path.join(second, MANIFEST_FILE), 'utf8'))
    expect(manifest.blobs).toBe(backupWhileWriting.manifest.blobs)
  })
})
