import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HistoryEntry, historyActionLabel, historyDiaryDay } from '../../../src/contracts/history'
import { entryDetailLines } from '../../../src/contracts/history-detail'
import { PUBLIC_PAGE_PREFIXES } from '../../../src/contracts/public-paths'
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness'
import { historyCsv } from '../project-download/history-csv'
import { TINY_PNG_URL } from './diary-fixtures'

/*
 * Laporan Harian in Riwayat (issue 34, decision 0089) on this database: every step of a day is an entry
 * of kind 'diary' read through GET /api/project/{id}/history, with the action that says what happened
 * (saved, submitted, signed as whom, returned with the note, revised with the reason), the contractor
 * named as typed, and the wording the screen and riwayat.csv show.
 */

type Account = Awaited<ReturnType<TestApp['user']>>
let t: TestApp
let admin: Account
let pengawas: Account
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.user('admin')
  pengawas = await t.user('pengawasan')
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Gedung Sekolah Dasar', description: 'Rehabilitasi ruang kelas' },
  })
  project = res.json.data
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [pengawas.id] },
  })
})
afterAll(() => t.close())

const dayPath = (day: string) => `/api/diary/${project.slug}/day/${day}`
const tokenOf = (url: string) => url.split(PUBLIC_PAGE_PREFIXES.sign)[1] as string
const CONTRACTOR = { name: 'Ir. Budi Santoso', position: 'Site Manager' }

async function ok(res: Promise<{ status: number; text: string; json: { data: unknown } }>, status = 200) {
  const r = await res
  expect(r.status, r.text).toBe(status)
  return r.json.data as Record<string, unknown>
}
const save = (day: string, base: number, sections: unknown) =>
  ok(t.request('PUT', dayPath(day), { token: pengawas.token, json: { base_version: base, sections } }))
const submit = async (day: string) =>
  tokenOf(
    (await ok(t.request('POST', `${dayPath(day)}/submit`, { token: pengawas.token, json: {} }), 201))
      .url as string,
  )
const signAs = (who: Account, day: string, json: object = {}) =>
  ok(
    t.request('POST', `${dayPath(day)}/sign`, {
      token: who.token,
      json: { name: who.name, position: 'Pengawas Lapangan', signature: TINY_PNG_URL, ...json },
    }),
  )
const answer = (token: string, json: object) =>
  ok(t.request('POST', `/api/public/sign/${token}`, { json: { ...CONTRACTOR, ...json } }))

/** The project's Riwayat as the screen reads it, oldest first, only this day's entries. */
async function riwayat(day: string): Promise<HistoryEntry[]> {
  const res = await t.request('GET', `/api/project/${project.id}/history`, { token: admin.token })
  expect(res.status, res.text).toBe(200)
  return (res.json.data as HistoryEntry[]).filter((e) => e.object.id === `diary:${day}`).reverse()
}

describe(`Laporan Harian in Riwayat (${TEST_DB})`, () => {
  it('every step is a diary entry whose action says what happened, the contractor named as typed', async () => {
    const day = '2025-08-04'
    await save(day, 0, { manpower: [{ trade: 'Tukang batu', count: 4 }] })
    const first = await submit(day)
    await answer(first, { decision: 'kembalikan', note: 'Jumlah tukang salah' })
    const back = await ok(t.request('GET', dayPath(day), { token: pengawas.token }))
    await save(day, back.version as number, { manpower: [{ trade: 'Tukang batu', count: 5 }] })
    const second = await submit(day)
    await answer(second, { decision: 'setuju', signature: TINY_PNG_URL })
    await signAs(pengawas, day)
    await signAs(admin, day, { role: 'mengetahui', name: 'Kepala Dinas' })
    await ok(
      t.request('POST', `${dayPath(day)}/revise`, {
        token: pengawas.token,
        json: { reason: 'Volume salah ketik' },
      }),
    )

    const entries = await riwayat(day)
    expect(entries.map((e) => e.object)).toEqual(
      entries.map(() => ({ kind: 'diary', id: `diary:${day}`, name: '4 Agustus 2025' })),
    )
    expect(entries.map((e) => e.action)).toEqual([
      'edit',
      'submit',
      'reject',
      'edit',
      'submit',
      'sign',
      'sign',
      'sign',
      'revise',
    ])
    expect(entries.map((e) => historyActionLabel(e))).toEqual([
      'Mengubah laporan harian',
      'Mengajukan tanda tangan',
      'Mengembalikan laporan harian',
      'Mengubah laporan harian',
      'Mengajukan tanda tangan',
      'Menandatangani sebagai Kontraktor Pelaksana',
      'Menandatangani sebagai Konsultan Pengawas',
      'Menandatangani sebagai Mengetahui',
      'Merevisi laporan harian',
    ])
    const [saved, , returned, , , contractor, signed, , revised] = entries as HistoryEntry[] & { length: 9 }
    expect(saved?.actor).toMatchObject({ id: pengawas.id, role: 'pengawasan' })
    expect(entryDetailLines(saved as HistoryEntry)).toEqual([
      ['Bagian', 'Tenaga kerja'],
      ['Versi', '1'],
    ])
    // The contractor has no account: the entry names them as typed, under the link sender's role.
    for (const e of [returned, contractor]) {
      expect(e?.actor).toEqual({
        id: null,
        name: 'Ir. Budi Santoso (Site Manager), Kontraktor via tautan',
        role: 'pengawasan',
      })
    }
    expect(entryDetailLines(returned as HistoryEntry)).toEqual(
      expect.arrayContaining([
        ['Nama', 'Ir. Budi Santoso'],
        ['Jabatan', 'Site Manager'],
        ['Alasan', 'Jumlah tukang salah'],
      ]),
    )
    expect(contractor?.detail).toMatchObject({ signer: 'kontraktor', ...CONTRACTOR, status: 'submitted' })
    expect(entryDetailLines(signed as HistoryEntry)).toEqual(
      expect.arrayContaining([
        ['Jabatan', 'Pengawas Lapangan'],
        ['Status', 'Ditandatangani'],
      ]),
    )
    expect(entryDetailLines(revised as HistoryEntry)).toEqual(
      expect.arrayContaining([
        ['Alasan', 'Volume salah ketik'],
        ['Menggantikan revisi', '1'],
        ['Revisi', '2'],
      ]),
    )
    // The screen's link opens the day; no entry says 'step' any more (the action does).
    expect(historyDiaryDay(revised?.object as HistoryEntry['object'])).toBe(day)
    for (const e of entries) expect(e.detail).not.toHaveProperty('step')
  })

  it("riwayat.csv calls the entries 'Laporan Harian' with the same words", async () => {
    const day = '2025-08-05'
    await save(day, 0, { notes: { visitors: 'PPK' } })
    await submit(day)
    const csv = historyCsv(await riwayat(day), 'Asia/Jakarta')
    const lines = csv.split('\r\n')
    expect(lines[1]).toContain(
      ';Mengubah laporan harian;Laporan Harian;5 Agustus 2025;"Bagian: Catatan; Versi: 1"',
    )
    expect(lines[2]).toContain(';Mengajukan tanda tangan;Laporan Harian;5 Agustus 2025;')
  })

  it('a history entry of another kind keeps its generic wording', () => {
    const e = { action: 'edit', object: { kind: 'project', id: '1', name: 'X' }, detail: null } as const
    expect(historyActionLabel(e)).toBe('Ubah project')
    expect(historyDiaryDay({ kind: 'report', id: 'diary:2025-08-05' })).toBeNull()
  })
})
