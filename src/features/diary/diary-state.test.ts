import { describe, expect, it } from 'vitest'
import { type DiaryClash, emptyDiary } from '../../contracts/diary'
import {
  addDays,
  clashOf,
  copyFromDayBefore,
  dayView,
  firmToday,
  recentDays,
  resolveBody,
  saveBody,
  sectionBase,
  sectionFilled,
} from './diary-state'

const day = (over: Partial<ReturnType<typeof emptyDiary>> = {}) => ({ ...emptyDiary('2026-12-04'), ...over })

describe('diary on the phone', () => {
  it("today is the firm's day (Asia/Jakarta), not the phone's", () => {
    // 18:30 UTC is 01:30 the next day in Jakarta.
    expect(firmToday(new Date('2026-12-03T18:30:00Z'))).toBe('2026-12-04')
    expect(firmToday(new Date('2026-12-03T16:59:00Z'))).toBe('2026-12-03')
  })

  it('counts days across months and years; the last 14 days newest first', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    const days = recentDays('2026-12-04')
    expect(days).toHaveLength(14)
    expect(days[0]).toBe('2026-12-04')
    expect(days[13]).toBe('2026-11-21')
  })

  it('lays the waiting saves over the server copy, newest last, and not a refused one', () => {
    const server = day({ sections: { manpower: [{ trade: 'Mandor', count: 1 }], notes: { problems: 'x' } } })
    const view = dayView(server, [
      { section: 'manpower', value: [{ trade: 'Mandor', count: 3 }], status: 'waiting', order: 2 },
      { section: 'manpower', value: [{ trade: 'Mandor', count: 2 }], status: 'sending', order: 1 },
      { section: 'notes', value: { problems: 'refused' }, status: 'failed', order: 3 },
    ])
    expect(view.sections.manpower).toEqual([{ trade: 'Mandor', count: 3 }])
    expect(view.sections.notes).toEqual({ problems: 'x' })
    expect([...view.pending]).toEqual(['manpower'])
    // The server copy itself is untouched.
    expect(server.sections.manpower).toEqual([{ trade: 'Mandor', count: 1 }])
  })

  it("a save's base is the newest section version this phone saw, its own landed answers included", () => {
    const server = day({ version: 3, section_versions: { ...emptyDiary('x').section_versions, manpower: 2 } })
    expect(sectionBase(server, 'manpower', [])).toBe(2)
    const landed = [
      { day: '2026-12-04', section_versions: { manpower: 5 } },
      { day: '2026-12-03', section_versions: { manpower: 9 } },
    ]
    expect(sectionBase(server, 'manpower', landed)).toBe(5)
    expect(saveBody(server, 'manpower', [], landed)).toEqual({
      base_version: 3,
      base_versions: { manpower: 5 },
      sections: { manpower: [] },
    })
  })

  it('copies manpower and equipment from the day before, nothing else', () => {
    const before = {
      manpower: [{ trade: 'Tukang batu', count: 4 }],
      equipment: [{ name: 'Molen', count: 1, condition: 'baik' as const }],
      notes: { problems: 'hujan' },
    }
    const copy = copyFromDayBefore(before)
    expect(copy).toEqual({ manpower: before.manpower, equipment: before.equipment })
    expect(copy.manpower).not.toBe(before.manpower)
    expect(copyFromDayBefore({})).toEqual({})
  })

  it('reads a clash kept on a refused save, and settles it on the stored version', () => {
    const clash: DiaryClash = {
      section: 'manpower',
      theirs: [{ trade: 'Mandor', count: 2 }],
      stored: [{ trade: 'Mandor', count: 5 }],
      stored_version: 7,
      updated_by: 'Budi',
      updated_at: '2026-12-04T03:12:00Z',
    }
    expect(clashOf(undefined)).toBeNull()
    expect(clashOf({ clashes: [] })).toBeNull()
    expect(clashOf({ clashes: [{ section: 'nope' }] })).toBeNull()
    const kept = clashOf({ clashes: [clash], day: day({ version: 8 }) })
    expect(kept?.clashes).toEqual([clash])
    expect(resolveBody([clash], 'mine', kept?.day)).toEqual({
      base_version: 8,
      base_versions: { manpower: 7 },
      sections: { manpower: clash.theirs },
    })
    expect(resolveBody([clash], 'theirs', undefined).sections).toEqual({ manpower: clash.stored })
  })

  it('knows an empty section from a filled one', () => {
    expect(sectionFilled({}, 'manpower')).toBe(false)
    expect(sectionFilled({ manpower: [] }, 'manpower')).toBe(false)
    expect(sectionFilled({ notes: { problems: '  ' } }, 'notes')).toBe(false)
    expect(sectionFilled({ notes: { visitors: 'PPK' } }, 'notes')).toBe(true)
    expect(sectionFilled({ weather: { blocks: [], lost_hours: 0 } }, 'weather')).toBe(false)
  })
})
