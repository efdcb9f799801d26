import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../src/contracts/history'
import { TEST_DB } from '../../test/harness'
import { detailText, historyCsv } from './history-csv'

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-24T02:14:05.000Z',
  actor: { id: 7, name: 'Budi', role: 'pengawasan' },
  action: 'upload',
  object: { kind: 'file', id: 'u', name: 'denah.pdf' },
  detail: null,
  ...over,
})

describe(`riwayat.csv (${TEST_DB})`, () => {
  it('writes firm time, Indonesian labels, escapes quotes, commas and line breaks, and defuses formulas', () => {
    const csv = historyCsv(
      [
        entry({}),
        entry({
          id: 2,
          action: 'reject',
          object: { kind: 'doc', id: 'd', name: '=HYPERLINK("http://x")' },
          detail: { note: 'Foto buram, ulangi\nsisi "timur"' },
        }),
        entry({
          id: 3,
          actor: { id: null, name: 'Sistem (sampah 30 hari)', role: 'admin' },
          action: 'purge',
          object: { kind: 'folder', id: 'f', name: '-lama' },
        }),
      ],
      'Asia/Jakarta',
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Waktu,Pengguna,Peran,Aksi,Objek,Nama,Detail',
      '2026-11-24 09.14.05,Budi,Tim Pengawasan,Unggah,File,denah.pdf,',
      `2026-11-24 09.14.05,Budi,Tim Pengawasan,Revisi,Dokumentasi,"'=HYPERLINK(""http://x"")","Catatan: Foto buram, ulangi\nsisi ""timur"""`,
      "2026-11-24 09.14.05,Sistem (sampah 30 hari),Administrator,Hapus permanen,Folder,'-lama,",
      '',
    ])
  })

  it('reads a detail as a person would', () => {
    expect(
      detailText({ before: { name: 'A', description: 'x' }, after: { name: 'B', description: 'x' } }),
    ).toBe('Nama: A → B')
    expect(detailText({ area: 'pengawasan', before: 'Lama', after: 'Baru' })).toBe(
      'Area: pengawasan; Lama → Baru',
    )
    expect(detailText({ added: ['Ani', 'Budi'], removed: [] })).toBe('Ditambahkan: Ani, Budi')
    expect(detailText({ area: 'perencanaan', folder: null, to_root: true })).toBe(
      'Area: perencanaan; dipulihkan ke akar area',
    )
  })
})
