import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { newBlobKey, RangeNotSatisfiable } from './blob-store'
import { parseRange } from './public-blobs'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const DIGITS = '0123456789abcdefghij' // 20 bytes, each byte says where it is

async function putPublic(ext: string, body = DIGITS) {
  const key = newBlobKey(ext)
  await t.deps.store.put(key, 'public', Readable.from([Buffer.from(body)]))
  return key
}

describe('local disk store', () => {
  it('puts a stream, reads it whole or by range, heads, lists and deletes it', async () => {
    const { store } = t.deps
    const key = newBlobKey('pdf')
    await store.put(key, 'private', Readable.from([Buffer.from('01234'), Buffer.from('56789')]))
    const whole = await store.get(key, 'private')
    expect(whole).toMatchObject({ size: 10, total: 10, start: 0, end: 9 })
    expect(await text(whole?.stream as Readable)).toBe('0123456789')
    const part = await store.get(key, 'private', { start: 2, end: 4 })
    expect(part).toMatchObject({ size: 3, total: 10, start: 2, end: 4 })
    expect(await text(part?.stream as Readable)).toBe('234')
    expect(await text((await store.get(key, 'private', { suffix: 3 }))?.stream as Readable)).toBe('789')
    expect(await text((await store.get(key, 'private', { start: 8, end: 99 }))?.stream as Readable)).toBe(
      '89',
    )
    await expect(store.get(key, 'private', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiable)
    expect(await store.head(key, 'private')).toEqual({ size: 10, lastModified: expect.any(Date) })
    const listed: string[] = []
    for await (const b of store.list('private')) listed.push(b.key)
    expect(listed).toContain(key)
    // Visibilities are separate places: a private key is absent as public.
    expect(await store.get(key, 'public')).toBeUndefined()
    await store.delete(key, 'private')
    await store.delete(key, 'private') // absent is fine
    expect(await store.head(key, 'private')).toBeUndefined()
    expect(await store.get(key, 'private')).toBeUndefined()
  })
  it('moves a local file in and stamps the time of the put', async () => {
    const src = path.join(t.dataDir, 'upload-source.bin')
    fs.writeFileSync(src, 'isi')
    const old = new Date(Date.now() - 3 * 3600_000)
    fs.utimesSync(src, old, old)
    const key = newBlobKey('bin')
    await t.deps.store.put(key, 'private', { localFile: src })
    expect(fs.existsSync(src)).toBe(false)
    const head = await t.deps.store.head(key, 'private')
    expect(head?.size).toBe(3)
    expect(Date.now() - (head?.lastModified?.getTime() ?? 0)).toBeLessThan(60_000)
  })
  it('a failed put leaves nothing under the key and no partial file', async () => {
    const key = newBlobKey('bin')
    const failing = new Readable({
      read() {
        this.push(Buffer.from('awal'))
        this.destroy(new Error('koneksi putus'))
      },
    })
    await expect(t.deps.store.put(key, 'private', failing)).rejects.toThrow('koneksi putus')
    expect(await t.deps.store.head(key, 'private')).toBeUndefined()
    expect(fs.readdirSync(path.join(t.dataDir, 'storage', 'tmp'))).toEqual([])
  })
  it('refuses keys that are not {uuid}.{ext}, so no key walks out of the store', async () => {
    for (const key of ['../berkas.sqlite', '/etc/passwd', 'a/b.txt', 'x.png', `${newBlobKey('png')}/..`]) {
      await expect(t.deps.store.get(key, 'public'), key).rejects.toThrow('invalid blob key')
      await expect(t.deps.store.delete(key, 'public'), key).rejects.toThrow('invalid blob key')
    }
  })
})

describe('GET /storage/{key}', () => {
  it('serves a public blob with its type, length, ranges and forever-caching headers', async () => {
    const key = await putPublic('webp')
    const res = await t.app.request(`/storage/${key}`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(DIGITS)
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/webp',
      'content-length': '20',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'last-modified': expect.any(String),
    })
    for (const [ext, type] of [
      ['jpg', 'image/jpeg'],
      ['png', 'image/png'],
      ['pdf', 'application/pdf'],
      ['svg', 'application/octet-stream'],
    ]) {
      const r = await t.app.request(`/storage/${await putPublic(ext)}`)
      expect(r.headers.get('content-type'), ext).toBe(type)
    }
  })
  it('answers ranges with 206 and Content-Range', async () => {
    const key = await putPublic('jpg')
    for (const [range, body, contentRange] of [
      ['bytes=0-3', '0123', 'bytes 0-3/20'],
      ['bytes=15-', 'fghij', 'bytes 15-19/20'],
      ['bytes=-4', 'ghij', 'bytes 16-19/20'],
      ['bytes=18-99', 'ij', 'bytes 18-19/20'],
    ]) {
      const res = await t.app.request(`/storage/${key}`, { headers: { range } })
      expect(res.status, range).toBe(206)
      expect(await res.text(), range).toBe(body)
      expect(res.headers.get('content-range'), range).toBe(contentRange)
      expect(res.headers.get('content-length'), range).toBe(String(body.length))
    }
  })
  it('answers 416 for a range past the end, and ignores ranges it does not take', async () => {
    const key = await putPublic('jpg')
    const past = await t.app.request(`/storage/${key}`, { headers: { range: 'bytes=20-' } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe('bytes */20')
    expect((await past.json()).success).toBe(false)
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=5-2', 'bytes=abc']) {
      const res = await t.app.request(`/storage/${key}`, { headers: { range } })
      expect(res.status, range).toBe(200)
      expect(await res.text()).toBe(DIGITS)
    }
  })
  it('answers HEAD with the size and no body', async () => {
    const key = await putPublic('png')
    const res = await t.app.request(`/storage/${key}`, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('20')
    expect(await res.text()).toBe('')
  })
  it("answers 404 'File tidak ditemukan' for absent, private and malformed names", async () => {
    const priv = newBlobKey('pdf')
    await t.deps.store.put(priv, 'private', Readable.from([Buffer.from('rahasia')]))
    for (const url of [
      `/storage/${newBlobKey('webp')}`,
      `/storage/${priv}`,
      '/storage/..%2Fprivate%2Fx.pdf',
      '/storage/berkas.sqlite',
      '/storage/',
      '/storage/a/b',
    ]) {
      const res = await t.app.request(url)
      expect(res.status, url).toBe(404)
      expect(await res.json(), url).toEqual({ success: false, message: 'File tidak ditemukan' })
    }
  })
})

describe('parseRange', () => {
  it('reads one bytes range and nothing else', () => {
    expect(parseRange('bytes=0-0')).toEqual({ start: 0, end: 0 })
    expect(parseRange('bytes=7-')).toEqual({ start: 7 })
    expect(parseRange('bytes=-7')).toEqual({ suffix: 7 })
    expect(parseRange('bytes=-')).toBeUndefined()
    expect(parseRange(undefined)).toBeUndefined()
    expect(parseRange('bytes=99999999999999999999-')).toBeUndefined()
  })
})
