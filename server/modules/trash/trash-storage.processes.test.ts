import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DB } from '../../test/harness'
import { callServer, type ServerProcess, serverCluster } from '../../test/server-process'

/*
 * Two real server processes on one database (issue 31): a photo moved to Sampah through one process is
 * refused at once by the other at its /storage/ address (the photo and its thumbnail), and served
 * again there once restored through the first. Nothing of it lives in a process's memory.
 */
const cluster = serverCluster({
  prefix: 'ts',
  superadmin: { email: 'super@sampah.test', password: 'rahasia-super-admin' },
})
let servers: [ServerProcess, ServerProcess]
let token: string

beforeAll(async () => {
  await cluster.open()
  servers = [await cluster.start(), await cluster.start()]
  ;({ token } = await cluster.admin(servers[0], {
    name: 'Admin Sampah',
    email: 'admin@sampah.test',
    password: 'rahasia-admin',
    phone: '081122224444',
  }))
}, 120_000)
afterAll(() => cluster.close(), 60_000)

const status = async (server: ServerProcess, url: string) => (await fetch(server.base + url)).status

describe(`a photo in Sampah, two processes (${TEST_DB})`, () => {
  it('deleted on one process: 404 on the other at once; restored: served again on both', async () => {
    const [a, b] = servers
    const project = await callServer(a, 'POST', '/api/project/create', {
      token,
      json: { name: 'Gedung Sampah', description: 'Uji dua proses' },
    })
    expect(project.status).toBe(201)
    const { id, slug } = project.json.data as { id: number; slug: string }
    const form = new FormData()
    form.append('description', 'Foto yang akan dihapus')
    const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: 'plum' } })
      .jpeg()
      .toBuffer()
    form.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg')
    const up = await callServer(a, 'POST', `/api/doc/${slug}/upload`, { token, body: form })
    expect(up.status).toBe(201)
    const doc = up.json.data.docs[0] as { uuid: string; images: { url: string }[] }
    // The thumbnail is made by whichever process's runner takes the job: wait for it (bounded).
    let thumb: string | null = null
    for (let i = 0; i < 150 && !thumb; i++) {
      const item = await callServer(b, 'GET', `/api/doc/${slug}/item/${doc.uuid}`, { token })
      thumb = (item.json?.data?.images?.[0]?.thumb as string | null) ?? null
      if (!thumb) await new Promise((r) => setTimeout(r, 200))
    }
    expect(thumb).toMatch(/^\/storage\/.+\.webp$/)
    const urls = [doc.images[0].url, thumb as string]
    for (const s of servers) for (const u of urls) expect(await status(s, u)).toBe(200)

    expect((await callServer(a, 'DELETE', `/api/doc/${slug}/remove/${doc.uuid}`, { token })).status).toBe(200)
    for (const u of urls) expect(await status(b, u)).toBe(404)

    const restored = await callServer(b, 'POST', `/api/project/${id}/trash/doc/${doc.uuid}/restore`, {
      token,
    })
    expect(restored.status).toBe(200)
    for (const s of servers) for (const u of urls) expect(await status(s, u)).toBe(200)
  }, 120_000)
})
