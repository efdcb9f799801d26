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

/**
 * Splits the CSV as Excel does under Indonesian regional settings (list separator ';'): quoted cells
 * may hold the separator, doubled quotes and line breaks.
 */
function excelRows(csv: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i] as string
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ';') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && csv[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  return rows
}

describe(`riwayat.csv (${TEST_DB})`, () => {
  it('opens in columns with Indonesian Excel settings: BOM, semicolons, times Excel reads, no sep= line', () => {
    const csv = historyCsv(
      [
        entry({}),
        entry({
          id: 2,
          action: 'reject',
          object: { kind: 'doc', id: 'd', name: '=HYPERLINK("http://x")' },
          detail: { note: 'Foto buram; ulangi\nsisi "timur", kiri' },
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
    // The BOM makes Excel read UTF-8; a 'sep=' line would make it drop that, so there is none.
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1)).not.toMatch(/^sep=/)
    expect(csv.slice(1).split('\r\n')[0]).toBe('Waktu;Pengguna;Peran;Aksi;Objek;Nama;Detail')
    const rows = excelRows(csv.slice(1))
    expect(rows).toEqual([
      ['Waktu', 'Pengguna', 'Peran', 'Aksi', 'Objek', 'Nama', 'Detail'],
      ['2026-11-24 09:14:05', 'Budi', 'Tim Pengawasan', 'Unggah', 'File', 'denah.pdf', ''],
      [
        '2026-11-24 09:14:05',
        'Budi',
        'Tim Pengawasan',
        'Revisi',
        'Dokumentasi',
        `'=HYPERLINK("http://x")`,
        'Alasan: Foto buram; ulangi\nsisi "timur", kiri',
      ],
      [
        '2026-11-24 09:14:05',
        'Sistem (sampah 30 hari)',
        'Administrator',
        'Hapus permanen',
        'Folder',
        "'-lama",
        '',
      ],
    ])
    // Every row has the header's seven columns, and every time is 'YYYY-MM-DD HH:MM:SS'.
    for (const r of rows.slice(1)) {
      expect(r).toHaveLength(7)
      expect(r[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    }
  })

  it('words a detail as the Riwayat screen does: no internal names, no undefined', () => {
    expect(
      detailText({ before: { name: 'A', description: 'x' }, after: { name: 'B', description: 'x' } }),
    ).toBe('Nama: A → B')
    // A start day set for the first time: the old value is absent from the stored JSON.
    const startDay = detailText({
      before: { name: 'Gedung' },
      after: { name: 'Gedung', start_day: '2026-01-05' },
    })
    expect(startDay).toBe('Tanggal mulai: — → 5 Januari 2026')
    expect(detailText({ photos: 1, area: 'dokumentasi' })).toBe('Foto: 1; Area: Dokumentasi')
    expect(detailText({ added: ['Ani', 'Budi'], removed: [] })).toBe('Ditambahkan: Ani, Budi')
    expect(detailText({ expires_at: '2026-12-01T00:00:00.000Z', pin: true, label: 'Pak Budi' })).toBe(
      'Berlaku sampai: 1 Desember 2026 pukul 07.00 WIB; PIN: Ya; Untuk: Pak Budi',
    )
    const csv = historyCsv(
      [
        entry({
          action: 'edit',
          object: { kind: 'project', id: 'p', name: 'Gedung' },
          detail: { before: {}, after: { start_day: '2026-01-05' } },
        }),
      ],
      'Asia/Jakarta',
    )
    expect(csv).not.toMatch(/undefined|start_day|photos:/)
  })
})
