import { describe, expect, it } from 'vitest'
import { detailLines } from './detail-lines'

describe("a history entry's detail", () => {
  it('shows before and after per changed field, in Indonesian', () => {
    expect(
      detailLines({
        before: { name: 'Gedung A', description: 'Sama' },
        after: { name: 'Gedung B', description: 'Sama' },
      }),
    ).toEqual([['Nama', 'Gedung A → Gedung B']])
    expect(
      detailLines({
        before: { name: 'Gedung A', description: 'Sama' },
        after: { name: 'Gedung A', description: 'Sama', start_day: '2026-01-05' },
      }),
    ).toEqual([['Tanggal mulai', '— → 5 Januari 2026']])
    expect(detailLines({ before: 'Foto lama', after: 'Foto baru' })).toEqual([
      ['Perubahan', 'Foto lama → Foto baru'],
    ])
  })
  it('names the reason, the area and the rest; leaves out empty values', () => {
    expect(detailLines({ note: 'Foto buram', area: 'pengawasan', removed: [], version: 2 })).toEqual([
      ['Alasan', 'Foto buram'],
      ['Area', 'Pengawasan'],
      ['Versi', '2'],
    ])
    expect(detailLines(null)).toEqual([])
  })
})
