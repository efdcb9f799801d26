import { describe, expect, it } from 'vitest'
import { type DocWrite, docWriteRequest } from '../contracts/doc-writes'
import { OUTBOX_KINDS, refreshTargets } from './outbox-kinds'
import type { OutboxItem } from './outbox-types'
import { diaryKeys, docKeys, PROJECT_COUNTS } from './query-keys'

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  key: 'k',
  order: 1,
  kind: 'doc.upload',
  title: 'Foto dokumentasi (1 foto)',
  owner: { id: 1, name: 'Sari' },
  scope: { slug: 'jembatan', doc: 'd-1' },
  method: 'POST',
  url: '/api/doc/jembatan/upload',
  bytes: 1,
  status: 'done',
  attempts: 1,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
  ...over,
})

describe('outbox kinds', () => {
  it('a landed item refreshes what its kind says today, from its scope', () => {
    expect(refreshTargets(item({ kind: 'doc.upload', version: 1 }))).toEqual([
      docKeys.list('jembatan'),
      PROJECT_COUNTS,
    ])
    expect(refreshTargets(item({ kind: 'doc.comment', version: 1 }))).toEqual([
      docKeys.comments('jembatan', 'd-1'),
      docKeys.list('jembatan'),
    ])
    expect(refreshTargets(item({ kind: 'doc.like', version: 1 }))).toEqual([docKeys.list('jembatan')])
  })

  it('keys stored by an older build are ignored once the kind is versioned: a renamed key never strands it', () => {
    const stale = item({ kind: 'doc.like', version: 1, invalidate: [['dokumentasi', 'daftar', 'jembatan']] })
    expect(refreshTargets(stale)).toEqual([docKeys.list('jembatan')])
  })

  it('an item queued before the registry (no version) refreshes the keys it carries', () => {
    const old = item({ kind: 'doc.upload', invalidate: [['docs', 'list', 'jembatan'], ['projects']] })
    expect(refreshTargets(old)).toEqual([['docs', 'list', 'jembatan'], ['projects']])
    expect(refreshTargets(item({ kind: 'doc.upload' }))).toEqual([])
  })

  it('a kind this build does not know refreshes what it carries, or nothing', () => {
    expect(refreshTargets(item({ kind: 'laporan.buat', version: 3 }))).toEqual([])
  })

  it('uploads are version 2 (site fields and photo meta); an upload queued by a version 1 build still lands and refreshes', () => {
    expect(OUTBOX_KINDS['doc.upload'].version).toBe(2)
    const v1 = item({ kind: 'doc.upload', version: 1, scope: { slug: 'jembatan' } })
    const v2 = item({
      kind: 'doc.upload',
      version: 2,
      scope: { slug: 'jembatan', workItem: 'Struktur', location: 'Lantai 2 zona B', progress: '50' },
    })
    expect(refreshTargets(v1)).toEqual([docKeys.list('jembatan'), PROJECT_COUNTS])
    expect(refreshTargets(v2)).toEqual(refreshTargets(v1))
  })

  it('a write stored by the older build (no meta, no site fields) is the same request as before', async () => {
    const photo = { name: 'a.jpg', blob: new Blob(['x'], { type: 'image/jpeg' }) }
    const old = {
      kind: 'doc.upload',
      key: 'k1',
      slug: 'jembatan',
      description: 'Pengecoran kolom',
      photos: [photo],
    }
    const req = docWriteRequest(old as DocWrite)
    expect(req.url).toBe('/api/doc/jembatan/upload')
    const form = req.body as FormData
    // Plus the device's clock of this attempt (issue 34), which every upload now carries.
    expect([...form.keys()]).toEqual(['device_time', 'description', 'files'])
  })

  it("a version 2 upload sends its work item, place, progress and each photo's meta", () => {
    const photo = { name: 'a.jpg', blob: new Blob(['x'], { type: 'image/jpeg' }) }
    const meta = [{ taken_at: '2026-11-24T02:14:00.000Z', lat: -6.2, lng: 106.8, accuracy_m: 12 }]
    const req = docWriteRequest({
      kind: 'doc.upload',
      key: 'k2',
      slug: 'jembatan',
      description: 'Pengecoran kolom',
      photos: [photo],
      meta,
      site: { work_item_id: 7, location: 'Lantai 2 zona B', progress: 50 },
    })
    const form = req.body as FormData
    expect(form.get('work_item_id')).toBe('7')
    expect(form.get('location')).toBe('Lantai 2 zona B')
    expect(form.get('progress')).toBe('50')
    expect(JSON.parse(String(form.get('meta')))).toEqual(meta)
    expect(form.getAll('files')).toHaveLength(1)
    expect(req.headers['Idempotency-Key']).toBe('k2')
  })

  it('a queued revision posts to the item under its key and refreshes the list, its history and the counts', () => {
    const photo = { name: 'b.jpg', blob: new Blob(['y'], { type: 'image/jpeg' }) }
    const req = docWriteRequest({
      kind: 'doc.revise',
      key: 'k3',
      slug: 'jembatan',
      doc: 'd-1',
      description: '',
      photos: [photo],
    })
    expect(req.method).toBe('POST')
    expect(req.url).toBe('/api/doc/jembatan/revise/d-1')
    expect(req.headers['Idempotency-Key']).toBe('k3')
    // No new description: the item keeps its own.
    expect([...(req.body as FormData).keys()]).toEqual(['device_time', 'files'])
    const kind = OUTBOX_KINDS['doc.revise']
    expect(kind).toMatchObject({ label: 'Revisi dokumentasi', icon: 'photo', version: 1 })
    expect(refreshTargets(item({ kind: 'doc.revise', version: 1 }))).toEqual([
      docKeys.list('jembatan'),
      docKeys.history('jembatan', 'd-1'),
      PROJECT_COUNTS,
    ])
  })

  it('likes coalesce per item; uploads give the created uuid to what is queued on them', () => {
    const scope = { slug: 'jembatan', doc: 'd-1' }
    expect(OUTBOX_KINDS['doc.like'].coalesce?.(scope)).toBe('like:jembatan:d-1')
    expect(OUTBOX_KINDS['doc.upload'].coalesce).toBeUndefined()
    expect(OUTBOX_KINDS['doc.upload'].refPath).toEqual(['docs', 0, 'uuid'])
  })

  it('a diary save refreshes its day and the list, and coalesces per day and section', () => {
    const kind = OUTBOX_KINDS['diary.save']
    expect(kind).toMatchObject({ label: 'Laporan harian', icon: 'diary', version: 1 })
    const scope = { slug: 'jembatan', day: '2026-12-04', section: 'manpower', value: '[]' }
    expect(refreshTargets(item({ kind: 'diary.save', version: 1, scope }))).toEqual([
      diaryKeys.day('jembatan', '2026-12-04'),
      diaryKeys.days('jembatan'),
    ])
    expect(kind.coalesce?.(scope)).toBe('diary:jembatan:2026-12-04:manpower')
    expect(kind.coalesce?.({ ...scope, section: 'weather' })).not.toBe(kind.coalesce?.(scope))
    expect(kind.coalesce?.({ ...scope, day: '2026-12-03' })).not.toBe(kind.coalesce?.(scope))
  })
})
