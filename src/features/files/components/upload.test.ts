import { describe, expect, it } from 'vitest'
import { matchOutcomes } from './upload-outcomes'
import { averagePercent, BEFORE_ANSWER_MAX, percentsFromBytes, tick } from './upload-progress'

describe('upload progress', () => {
  it('spreads the bytes sent over the files in the order they are sent, framing pro rata', () => {
    const sizes = [1000, 3000]
    // The body: the files plus 400 bytes of multipart framing.
    const total = 4400
    expect(percentsFromBytes(sizes, 0, total)).toEqual([0, 0])
    expect(percentsFromBytes(sizes, 550, total)).toEqual([50, 0])
    expect(percentsFromBytes(sizes, 1100, total)).toEqual([99, 0])
    expect(percentsFromBytes(sizes, 2750, total)).toEqual([99, 50])
    expect(averagePercent(percentsFromBytes(sizes, 2750, total))).toBe(75)
  })

  it('never shows 100 before the server answered, not even with every byte sent', () => {
    expect(percentsFromBytes([10, 20, 30], 5000, 5000)).toEqual([99, 99, 99])
    expect(percentsFromBytes([10], 9999, 5000)).toEqual([99])
    expect(BEFORE_ANSWER_MAX).toBeLessThan(100)
  })

  it("SPEC's ticker: every file gains 5 to 14 percent per tick, capped below 100", () => {
    expect(tick([0, 50], () => 0)).toEqual([5, 55])
    expect(tick([0, 50], () => 0.999)).toEqual([14, 64])
    let p = [0, 0, 0]
    for (let i = 0; i < 40; i++) {
      const next = tick(p)
      for (const [j, v] of next.entries()) {
        const gained = v - (p[j] as number)
        expect(gained === 0 || (gained >= 1 && gained <= 14)).toBe(true)
      }
      p = next
    }
    expect(p).toEqual([99, 99, 99])
  })
})

describe('upload outcomes', () => {
  it('matches stored and refused files by name, in order, duplicates by position', () => {
    expect(
      matchOutcomes(
        ['a.pdf', 'b.pdf', 'a.pdf', 'c.dwg'],
        [{ name: 'a.pdf' }, { name: 'c.dwg' }],
        [
          { name: 'b.pdf', message: 'terlalu besar' },
          { name: 'a.pdf', message: 'kosong' },
        ],
      ),
    ).toEqual([
      { ok: false, message: 'kosong' },
      { ok: false, message: 'terlalu besar' },
      { ok: true },
      { ok: true },
    ])
  })

  it('settles a name the server spells differently by elimination', () => {
    // The browser sent 'laporan "final".pdf' as laporan %22final%22.pdf.
    expect(
      matchOutcomes(
        ['laporan "final".pdf', 'ok.pdf'],
        [{ name: 'ok.pdf' }],
        [{ name: 'laporan %22final%22.pdf', message: 'ditolak' }],
      ),
    ).toEqual([{ ok: false, message: 'ditolak' }, { ok: true }])
    expect(matchOutcomes(['x "y".pdf'], [{ name: 'x %22y%22.pdf' }], [])).toEqual([{ ok: true }])
  })
})
