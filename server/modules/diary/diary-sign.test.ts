import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIARY_MSG } from '../../../src/contracts/diary'
import { PUBLIC_PAGE_PREFIXES } from '../../../src/contracts/public-paths'
import { inlineHash } from '../../public-pages/page-shell'
import { SIGN_JS } from '../../public-pages/sign-page-script'
import { createTestApp, samplePng, TEST_DB, type TestApp } from '../../test/harness'
import { writeState } from '../whatsapp/state'
import { TINY_PNG_URL } from './diary-fixtures'

/*
 * Laporan Harian, signing (issue 34) on this database: 'Ajukan tanda tangan' and its link, the public
 * page and answer ('Setuju', 'Kembalikan'), the pengawas' and 'Mengetahui' signatures, the lock of a
 * signed day, a revision keeping the signed version, and Riwayat for each step.
 */

type Account = Awaited<ReturnType<TestApp['user']>>
let t: TestApp
let admin: Account
let pengawas: Account
let planner: Account
let project: { id: number; slug: string }

beforeAll(async () => {
  t = await createTestApp({ whatsappDriver: 'simulated' })
  admin = await t.user('admin')
  pengawas = await t.user('pengawasan')
  planner = await t.user('perencanaan')
  const res = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Gedung Puskesmas Kecamatan', description: 'Pembangunan puskesmas' },
  })
  project = res.json.data
  await t.request('PUT', `/api/project/${project.id}/members`, {
    token: admin.token,
    json: { user_ids: [pengawas.id, planner.id] },
  })
})
afterAll(() => t.close())

const dayPath = (day: string) => `/api/diary/${project.slug}/day/${day}`
const SECTIONS = {
  weather: { blocks: [{ from: '07:00', to: '10:00', condition: 'cerah' }], lost_hours: 0 },
  manpower: [{ trade: 'Tukang batu', count: 4 }],
  materials: [{ name: 'Semen', quantity: 50, unit: 'zak', accepted: true }],
  work: [{ description: 'Pasangan bata lantai 1', volume: 12.5, unit: 'm2', progress: 40 }],
  notes: { visitors: 'Direksi teknis <b>PPK</b>' },
}
const tokenOf = (url: string) => url.split(PUBLIC_PAGE_PREFIXES.sign)[1] as string

async function written(day: string) {
  const res = await t.request('PUT', dayPath(day), {
    token: pengawas.token,
    json: { base_version: 0, sections: SECTIONS },
  })
  expect(res.status, res.text).toBe(200)
}
async function submit(day: string, json: unknown = {}, who: Account = pengawas) {
  const res = await t.request('POST', `${dayPath(day)}/submit`, { token: who.token, json })
  expect(res.status, res.text).toBe(201)
  return {
    ...(res.json.data as { url: string; expires_at: string; whatsapp?: string }),
    token: tokenOf(res.json.data.url),
  }
}
const publicSign = (token: string, json: unknown) => t.request('POST', `/api/public/sign/${token}`, { json })
const SETUJU = {
  decision: 'setuju',
  name: 'Ir. Budi Santoso',
  position: 'Site Manager',
  signature: TINY_PNG_URL,
}
const signAs = (who: Account, day: string, json: unknown = {}) =>
  t.request('POST', `${dayPath(day)}/sign`, {
    token: who.token,
    json: { name: who.name, position: 'Pengawas Lapangan', signature: TINY_PNG_URL, ...(json as object) },
  })
const getDay = async (day: string) =>
  (await t.request('GET', dayPath(day), { token: planner.token })).json.data
const history = (day: string) =>
  t.db
    .selectFrom('history')
    .select(['action', 'detail', 'actor_id', 'actor_name'])
    .where('object_id', '=', `diary:${day}`)
    .orderBy('id')
    .execute()

describe(`Laporan Harian: submit and the sign link (${TEST_DB})`, () => {
  it('a day never written cannot be submitted; a submitted day is frozen until signed or returned', async () => {
    const empty = await t.request('POST', `${dayPath('2025-07-01')}/submit`, {
      token: pengawas.token,
      json: {},
    })
    expect(empty.status).toBe(422)
    expect(empty.json.message).toBe(DIARY_MSG.empty)
    await written('2025-07-01')
    await submit('2025-07-01')
    const edit = await t.request('PUT', dayPath('2025-07-01'), {
      token: pengawas.token,
      json: { base_version: 2, sections: { notes: { safety: 'x' } } },
    })
    expect(edit.status).toBe(423)
    expect(edit.json.message).toBe(DIARY_MSG.submittedLocked)
  })

  it('the page shows the day read-only in Indonesian, escaped, with its script named by hash', async () => {
    await written('2025-07-02')
    const { token } = await submit('2025-07-02')
    const res = await t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}${token}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const text of [
      'Laporan Harian',
      'Gedung Puskesmas Kecamatan',
      'Rabu, 2 Juli 2025',
      'Tukang batu',
      'Semen',
      'Pasangan bata lantai 1',
      'Setuju',
      'Kembalikan',
      'Cerah',
    ])
      expect(html).toContain(text)
    expect(html).toContain('Direksi teknis &#60;b&#62;PPK&#60;/b&#62;')
    expect(html).not.toContain('<b>PPK</b>')
    expect(html).not.toMatch(/ style=/)
    // Without script the page still says what it is, and the form posts to itself.
    expect(html).toContain('Tanda tangan digambar memerlukan JavaScript')
    expect(html).toContain(`action="${PUBLIC_PAGE_PREFIXES.sign}${token}"`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`script-src '${inlineHash(SIGN_JS)}'`)
    expect(csp).toContain("default-src 'none'")
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    // Unknown (well-formed or not): 404 pages.
    expect((await t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}${'A'.repeat(32)}`)).status).toBe(404)
    expect((await t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}pendek`)).status).toBe(404)
    expect((await publicSign('A'.repeat(32), SETUJU)).status).toBe(404)
  })

  it('a resubmit revokes the older link (410); with a phone the link goes into the WhatsApp queue', async () => {
    await written('2025-07-03')
    const first = await submit('2025-07-03')
    const noBot = await submit('2025-07-03', { phone: '0812 3456 7890' })
    expect(noBot.whatsapp).toBe('not_linked')
    await writeState(t.db, { status: 'connected', account: '6281100000000' })
    const second = await submit('2025-07-03', { phone: '0812 3456 7890', days: 3 })
    expect(second.whatsapp).toBe('queued')
    const old = await t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}${first.token}`)
    expect(old.status).toBe(410)
    expect(await old.text()).toContain('Tautan ini sudah tidak berlaku.')
    expect((await publicSign(noBot.token, SETUJU)).status).toBe(410)
    const queued = await t.db
      .selectFrom('whatsapp_outbox')
      .selectAll()
      .where('phone', '=', '6281234567890')
      .execute()
    expect(queued).toHaveLength(1)
    expect(queued[0]?.text).toContain(second.url)
    expect(queued[0]?.text).toContain('3 Juli 2025')
    expect(Date.parse(second.expires_at) - Date.now()).toBeGreaterThan(2.9 * 86_400_000)
    const bad = await t.request('POST', `${dayPath('2025-07-03')}/submit`, {
      token: pengawas.token,
      json: { phone: 'abc' },
    })
    expect(bad.status).toBe(422)
    // The token itself is never stored, only its sha256.
    const links = await t.db.selectFrom('diary_sign_links').select('token_hash').execute()
    expect(links.some((l) => l.token_hash === second.token)).toBe(false)
  })
})

describe(`Laporan Harian: signing, the lock and a revision (${TEST_DB})`, () => {
  it('refuses a signature that is no PNG/JPEG image or over 200 KB: 422, nothing stored, the link still works', async () => {
    await written('2025-07-04')
    const { token } = await submit('2025-07-04')
    const notPng = `data:image/png;base64,${Buffer.from('bukan gambar sama sekali').toString('base64')}`
    const big = `data:image/png;base64,${Buffer.concat([(await samplePng(2, 2)).subarray(0, 33), Buffer.alloc(210 * 1024)]).toString('base64')}`
    for (const [signature, message] of [
      [notPng, DIARY_MSG.signature],
      ['data:text/html;base64,PGI+', DIARY_MSG.signature],
      [big, DIARY_MSG.signatureLarge],
    ]) {
      const res = await publicSign(token, { ...SETUJU, signature })
      expect(res.status).toBe(422)
      expect(res.json.message).toBe(message)
      const inApp = await signAs(pengawas, '2025-07-04', { signature })
      expect(inApp.status).toBe(422)
    }
    expect(await t.db.selectFrom('diary_signatures').selectAll().execute()).toHaveLength(0)
    // A return needs a note.
    expect((await publicSign(token, { decision: 'kembalikan', name: 'Budi', position: 'SM' })).status).toBe(
      422,
    )
    const jpeg = `data:image/jpeg;base64,${(
      await (await import('sharp'))
        .default({ create: { width: 4, height: 2, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer()
    ).toString('base64')}`
    const ok = await publicSign(token, { ...SETUJU, signature: jpeg })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.json.data).toEqual({ status: 'submitted', day: '2025-07-04' })
  })

  it("contractor and pengawas sign the submitted hash; then the day is 'signed' and locked; a link works once", async () => {
    const day = '2025-07-07'
    await written(day)
    const { token } = await submit(day)
    const submitted = await getDay(day)
    const signed = await publicSign(token, SETUJU)
    expect(signed.status, signed.text).toBe(200)
    const twice = await publicSign(token, SETUJU)
    expect(twice.status).toBe(410)
    expect(twice.json.message).toBe(DIARY_MSG.linkGone)
    expect((await t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}${token}`)).status).toBe(410)

    const byPengawas = await signAs(pengawas, day)
    expect(byPengawas.status, byPengawas.text).toBe(200)
    expect(byPengawas.json.data.status).toBe('signed')
    expect((await signAs(pengawas, day)).status).toBe(409)
    const d = await getDay(day)
    expect(d.signatures.map((s: { role: string }) => s.role)).toEqual(['kontraktor', 'pengawas'])
    for (const s of d.signatures) expect(s.hash).toBe(submitted.hash)
    expect(d.signatures[0]).toMatchObject({
      name: 'Ir. Budi Santoso',
      position: 'Site Manager',
      user_id: null,
    })
    expect(d.signatures[1]).toMatchObject({ user_id: pengawas.id })
    const rows = await t.db.selectFrom('diary_signatures').select(['ip', 'signed_at']).execute()
    for (const r of rows) expect(r.ip.length).toBeGreaterThan(0)

    const edit = await t.request('PUT', dayPath(day), {
      token: admin.token,
      json: { base_version: d.version, sections: { notes: { safety: 'Koreksi' } } },
    })
    expect(edit.status).toBe(423)
    expect(edit.json.message).toBe(DIARY_MSG.locked)
    expect(
      (await t.request('POST', `${dayPath(day)}/submit`, { token: pengawas.token, json: {} })).status,
    ).toBe(409)

    // 'Mengetahui' may follow, from an admin only.
    expect((await signAs(pengawas, day, { role: 'mengetahui' })).status).toBe(403)
    const ack = await signAs(admin, day, { role: 'mengetahui', name: 'Kepala Dinas' })
    expect(ack.status).toBe(200)
    expect(ack.json.data.signatures.map((s: { role: string }) => s.role)).toEqual([
      'kontraktor',
      'pengawas',
      'mengetahui',
    ])

    const list = await t.request('GET', `/api/diary/${project.slug}/days?from=${day}&to=${day}`, {
      token: planner.token,
    })
    expect(list.json.data).toEqual([
      expect.objectContaining({ day, status: 'signed', signed: ['kontraktor', 'pengawas', 'mengetahui'] }),
    ])
    const steps = (await history(day)).map((h) => `${h.action}:${JSON.parse(h.detail ?? '{}').signer ?? ''}`)
    expect(steps).toEqual(['edit:', 'submit:', 'sign:kontraktor', 'sign:pengawas', 'sign:mengetahui'])
    expect((await history(day))[2]).toMatchObject({
      actor_id: null,
      actor_name: 'Ir. Budi Santoso (Site Manager), Kontraktor via tautan',
    })
  })

  it('a correction of a signed day is a new revision: draft again, the signed version and its signatures kept', async () => {
    const day = '2025-07-08'
    await written(day)
    const { token } = await submit(day)
    await publicSign(token, SETUJU)
    await signAs(pengawas, day)
    const signedHash = (await getDay(day)).hash
    expect(
      (await t.request('POST', `${dayPath(day)}/revise`, { token: pengawas.token, json: { reason: '' } }))
        .status,
    ).toBe(422)
    const rev = await t.request('POST', `${dayPath(day)}/revise`, {
      token: pengawas.token,
      json: { reason: 'Volume pasangan bata salah ketik' },
    })
    expect(rev.status, rev.text).toBe(200)
    expect(rev.json.data).toMatchObject({
      status: 'draft',
      revision: 2,
      signatures: [],
      hash: null,
      revision_reason: 'Volume pasangan bata salah ketik',
    })
    const kept = await t.db.selectFrom('diary_versions').selectAll().execute()
    expect(kept).toEqual([
      expect.objectContaining({ revision: 1, hash: signedHash, reason: 'Volume pasangan bata salah ketik' }),
    ])
    const oldSigs = await t.db
      .selectFrom('diary_signatures')
      .select(['revision', 'role'])
      .where('hash', '=', signedHash)
      .execute()
    expect(oldSigs.map((s) => s.role).sort()).toEqual(['kontraktor', 'pengawas'])
    // Editable again, and signed again over a new hash.
    const edit = await t.request('PUT', dayPath(day), {
      token: pengawas.token,
      json: {
        base_version: rev.json.data.version,
        sections: { work: [{ description: 'Pasangan bata lantai 1', volume: 21.5, unit: 'm2' }] },
      },
    })
    expect(edit.status, edit.text).toBe(200)
    const again = await submit(day)
    const newHash = (await getDay(day)).hash
    expect(newHash).not.toBe(signedHash)
    await publicSign(again.token, SETUJU)
    expect((await signAs(pengawas, day)).json.data).toMatchObject({ status: 'signed', revision: 2 })
    // A revision of a day not signed: 409.
    await written('2025-07-09')
    expect(
      (
        await t.request('POST', `${dayPath('2025-07-09')}/revise`, {
          token: pengawas.token,
          json: { reason: 'x' },
        })
      ).status,
    ).toBe(409)
    const steps = (await history(day)).map((h) => h.action)
    expect(steps).toContain('revise')
  })

  it("'Kembalikan' returns the day with the note; it is editable again and a new submit drops old signatures", async () => {
    const day = '2025-07-10'
    await written(day)
    const { token } = await submit(day)
    await signAs(pengawas, day)
    const back = await publicSign(token, {
      decision: 'kembalikan',
      note: 'Jumlah tukang salah',
      name: 'Budi',
      position: 'SM',
    })
    expect(back.status).toBe(200)
    expect(back.json.data.status).toBe('returned')
    const d = await getDay(day)
    expect(d).toMatchObject({ status: 'returned', returned_note: 'Jumlah tukang salah' })
    const edit = await t.request('PUT', dayPath(day), {
      token: pengawas.token,
      json: { base_version: d.version, sections: { manpower: [{ trade: 'Tukang batu', count: 5 }] } },
    })
    expect(edit.status).toBe(200)
    await submit(day)
    expect((await getDay(day)).signatures).toEqual([])
    const entry = (await history(day)).find((h) => h.action === 'reject')
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      name: 'Budi',
      position: 'SM',
      note: 'Jumlah tukang salah',
    })
  })

  it('a resubmit of the same content keeps the signatures over it; the contractor cannot sign twice (409)', async () => {
    const day = '2025-07-14'
    await written(day)
    const first = await submit(day)
    expect((await publicSign(first.token, SETUJU)).status).toBe(200)
    const again = await submit(day)
    expect((await getDay(day)).signatures.map((s: { role: string }) => s.role)).toEqual(['kontraktor'])
    const twice = await publicSign(again.token, SETUJU)
    expect(twice.status).toBe(409)
    expect(twice.json.message).toBe(DIARY_MSG.alreadySigned)
    // Nothing of the refused answer stayed: the link is unused still.
    expect((await t.app.request(`${PUBLIC_PAGE_PREFIXES.sign}${again.token}`)).status).toBe(200)
  })

  it('the page form: Kembalikan without script works; a bad form answers the form again (422)', async () => {
    const day = '2025-07-11'
    await written(day)
    const { token } = await submit(day)
    const path = `${PUBLIC_PAGE_PREFIXES.sign}${token}`
    const post = (fields: Record<string, string>) =>
      t.app.request(path, { method: 'POST', body: new URLSearchParams(fields) })
    const missing = await post({ decision: 'setuju', name: 'Budi', position: 'SM' })
    expect(missing.status).toBe(422)
    expect(await missing.text()).toContain(DIARY_MSG.signature)
    const done = await post({
      decision: 'kembalikan',
      name: 'Budi',
      position: 'SM',
      note: 'Cuaca siang salah',
    })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Laporan harian dikembalikan')
    expect((await post({ decision: 'kembalikan', name: 'Budi', position: 'SM', note: 'lagi' })).status).toBe(
      410,
    )
    expect((await getDay(day)).status).toBe('returned')
  })
})
