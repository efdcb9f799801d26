import { describe, expect, it } from 'vitest'
import { OUTBOX_KINDS, refreshTargets } from './outbox-kinds'
import type { OutboxItem } from './outbox-types'
import { docKeys, PROJECT_COUNTS } from './query-keys'

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

  it('likes coalesce per item; uploads give the created uuid to what is queued on them', () => {
    const scope = { slug: 'jembatan', doc: 'd-1' }
    expect(OUTBOX_KINDS['doc.like'].coalesce?.(scope)).toBe('like:jembatan:d-1')
    expect(OUTBOX_KINDS['doc.upload'].coalesce).toBeUndefined()
    expect(OUTBOX_KINDS['doc.upload'].refPath).toEqual(['docs', 0, 'uuid'])
  })
})
