import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHARE_MSG } from '../../../src/contracts/shares'
import { photoFacts } from '../../public-pages/share-lightbox'
import { TEST_DB, type TestApp } from '../../test/harness'
import { photoDoc, sha256, signedPath } from '../../test/share-fixtures'

import { type Account, startShareTest, tokenOf } from '../../test/share-test-app'

/* Share links, the public side (issue 24): 410, photos and the PDF, signed URLs, period links. */

let t: TestApp
let admin: Account
let member: Account
let project: { id: number; slug: string }
let reportLink: Started['reportLink']
type Started = Awaited<ReturnType<typeof startShareTest>>

beforeAll(async () => {
  ;({ t, admin, member, project, reportLink } = await startShareTest())
})
afterAll(() => t.close())

const env = () => t.deps

describe(`the photo viewer on the share page (${TEST_DB})`, () => {
  it('each photo opens in a viewer with its caption and the next and previous; the one script is allowed by its hash', async () => {
    const link = await reportLink(3)
    const page = await t.request('GET', `/s/${link.token}`)
    expect(page.status).toBe(200)
    const html = page.text
    // The card links to its viewer (no bare image in a new tab); the viewer closes back to the card.
    expect(html).not.toContain('target="_blank"')
    for (const n of [1, 2, 3]) {
      expect(html).toContain(`<li class="photo" id="kartu-${n}"><a href="#foto-${n}"`)
      expect(html).toContain(`<div class="lb" id="foto-${n}" role="dialog" aria-modal="true"`)
      expect(html).toContain(`Foto ${n} dari 3`)
      expect(html).toContain(`<a class="lb-close" href="#kartu-${n}" data-nav aria-label="Tutup foto">`)
    }
    expect(html).toContain('<a class="lb-next" href="#foto-2" data-nav aria-label="Foto berikutnya">')
    expect(html).toContain('<a class="lb-prev" href="#foto-2" data-nav aria-label="Foto sebelumnya">')
    // No previous before the first, no next after the last.
    expect(html).not.toContain('href="#foto-0"')
    expect(html).not.toContain('href="#foto-4"')
    // The caption: status, description, time taken, place, progress, uploader.
    const viewer = html.slice(html.indexOf('id="foto-1"'), html.indexOf('id="foto-2"'))
    expect(viewer).toContain('<span class="st approved">Disetujui</span>')
    expect(viewer).toContain('<p>Pengecoran kolom lantai 2</p>')
    expect(viewer).toContain('Lokasi: As C-4')
    expect(viewer).toContain('Progres 60%')
    // The full photo loads only when its viewer opens.
    expect(viewer).toMatch(
      /<img src="\/api\/public\/share\/[^"]+size=full[^"]*" alt="Pengecoran kolom lantai 2" loading="lazy"/,
    )
    // The script on the page is exactly the one the policy allows.
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`
    expect(page.headers.get('content-security-policy')).toContain(`script-src '${hash}'`)
    expect(html.match(/<script/g)).toHaveLength(1)
  })

  it('without a capture time the caption gives the upload time, said as such', () => {
    const photo = {
      id: 1,
      description: 'Foto',
      work_item: null,
      location: null,
      taken_at: null,
      uploaded_at: '2026-11-26T01:05:00.000Z',
      uploader: 'Budi',
      progress: null,
      thumb_url: '',
      full_url: '',
      status: 'approved' as const,
      width: null,
      height: null,
    }
    expect(photoFacts(photo, 'Asia/Jakarta')[0]).toBe(
      'Diunggah 26 Nov 2026, 08.05 WIB (waktu ambil tidak tercatat)',
    )
    expect(photoFacts({ ...photo, taken_at: '2026-11-25T23:30:00.000Z' }, 'Asia/Jakarta')[0]).toBe(
      'Diambil 26 Nov 2026, 06.30 WIB',
    )
  })
})

describe(`the public side: 410, photos, signed URLs (${TEST_DB})`, () => {
  it('revoked and expired links answer 410 with the exact Indonesian text: data, page, photo and PDF', async () => {
    const revoked = await reportLink(1)
    const urls = async (link: Awaited<ReturnType<typeof reportLink>>) => {
      const data = await t.request('GET', `/api/public/share/${link.token}`)
      expect(data.status).toBe(200)
      return [
        data.json.data.photos[0].thumb_url,
        data.json.data.photos[0].full_url,
        data.json.data.report.download_url,
      ]
    }
    const signed = await urls(revoked)
    for (const url of signed) expect((await t.request('GET', url)).status).toBe(200)
    await t.request('DELETE', `/api/share/${project.slug}/revoke/${revoked.id}`, { token: admin.token })
    const expired = await reportLink(1)
    const expiredUrls = await urls(expired)
    await t.db
      .updateTable('shares')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute()
    for (const [link, links] of [
      [revoked, signed],
      [expired, expiredUrls],
    ] as const) {
      const data = await t.request('GET', `/api/public/share/${link.token}`)
      expect([data.status, data.json.message]).toEqual([410, 'Tautan ini sudah tidak berlaku.'])
      const page = await t.request('GET', `/s/${link.token}`)
      expect(page.status).toBe(410)
      expect(page.text).toContain('Tautan ini sudah tidak berlaku.')
      for (const url of links) {
        const res = await t.request('GET', url)
        expect([res.status, res.json.message]).toEqual([410, SHARE_MSG.gone])
      }
    }
    const unknown = await t.request('GET', `/api/public/share/${'A'.repeat(32)}`)
    expect([unknown.status, unknown.json.message]).toEqual([404, SHARE_MSG.notFound])
    const unknownPage = await t.request('GET', `/s/${'A'.repeat(32)}`)
    expect(unknownPage.status).toBe(404)
    expect(unknownPage.text).toContain(SHARE_MSG.notFound)
    expect((await t.request('GET', '/s/..%2f..%2fetc')).status).toBe(404)
  })

  it('photos are served through the blob store, the PDF as a download; a view counts once per page, not per photo', async () => {
    const link = await reportLink(2)
    const data = await t.request('GET', `/api/public/share/${link.token}`)
    expect(data.headers.get('x-robots-tag')).toContain('noindex')
    const share = data.json.data
    expect(share).toMatchObject({
      firm: expect.any(String),
      project: { name: 'Gedung Serbaguna' },
      title: 'Laporan Dokumentasi Mingguan - Uji - Minggu ke-2',
      report: { code: link.report.code, pages: 3 },
    })
    expect(share.photos).toHaveLength(2)
    for (const [i, p] of share.photos.entries()) {
      const full = await t.app.request(p.full_url)
      const bytes = Buffer.from(await full.arrayBuffer())
      expect(sha256(bytes)).toBe(link.photos[i]?.sha)
      expect((await t.request('GET', p.thumb_url)).status).toBe(200)
    }
    const pdf = await t.app.request(share.report.download_url)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toContain('attachment')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const row = await t.db
      .selectFrom('shares')
      .select('view_count')
      .where('id', '=', link.id)
      .executeTakeFirst()
    expect(Number(row?.view_count)).toBe(1)
    // WhatsApp drawing the link's preview card is not the client opening it.
    const preview = await t.request('GET', `/s/${link.token}`, {
      headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' },
    })
    expect(preview.status).toBe(200)
    expect(preview.text).toContain(`<meta property="og:title" content="${share.title}">`)
    await t.request('GET', `/s/${link.token}`, {
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
    })
    const after = await t.db
      .selectFrom('shares')
      .select('view_count')
      .where('id', '=', link.id)
      .executeTakeFirst()
    expect(Number(after?.view_count)).toBe(2)
  })

  it('a tampered or stale signed URL is refused with 403; a photo not of the link is 404', async () => {
    const link = await reportLink(1)
    const share = { token: link.token, signKey: '' }
    const row = await t.db
      .selectFrom('shares')
      .select('sign_key')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow()
    share.signKey = row.sign_key
    const id = String(link.photos[0]?.imageId)
    expect((await t.request('GET', signedPath(share, id, 'full'))).status).toBe(200)
    const good = signedPath(share, id, 'full')
    const tampered = [
      good.replace(/sig=(.)/, (_m, c) => `sig=${c === 'A' ? 'B' : 'A'}`),
      good.replace('size=full', 'size=thumb'),
      good.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`),
      good.replace(/&sig=.*$/, ''),
      signedPath({ ...share, signKey: 'x'.repeat(43) }, id, 'full'),
      signedPath(share, id, 'full', Math.floor(Date.now() / 1000) - 5),
    ]
    for (const url of tampered) expect((await t.request('GET', url)).status, url).toBe(403)
    const other = await photoDoc(env(), {
      projectId: project.id,
      creatorId: member.id,
      bytes: Buffer.from('lain'),
    })
    expect((await t.request('GET', signedPath(share, String(other.imageId), 'full'))).status).toBe(404)
    // The report's URL signs only the report.
    expect(
      (
        await t.request(
          'GET',
          signedPath(share, 'report', 'pdf').replace('/report?', `/photo/${id}?size=pdf&`),
        )
      ).status,
    ).toBe(404)
  })

  it('a period link holds the photos a report of that period would: approved, not trashed, taken (else uploaded) on its days', async () => {
    const p = await t.request('POST', '/api/project/create', {
      token: admin.token,
      json: { name: 'Jembatan Kali', description: 'Periode' },
    })
    const pid = p.json.data.id
    const slug = p.json.data.slug
    const mk = (
      description: string,
      times: { uploaded: string; taken?: string },
      status: 'approved' | 'pending' | 'rejected' = 'approved',
    ) =>
      photoDoc(env(), {
        projectId: pid,
        creatorId: member.id,
        bytes: Buffer.from(description),
        description,
        createdAt: times.uploaded,
        takenAt: times.taken ?? null,
        status,
      })
    // Firm days (Asia/Jakarta, UTC+7): 2026-11-02 00:30 WIB is 1 November 17:30 UTC.
    const first = await mk('Awal periode', { uploaded: '2026-11-01T17:30:00.000Z' })
    const last = await mk('Akhir periode', { uploaded: '2026-11-08T16:30:00.000Z' })
    const takenIn = await mk('Diambil di periode, diunggah sesudahnya', {
      uploaded: '2026-11-10T03:00:00.000Z',
      taken: '2026-11-05T02:00:00.000Z',
    })
    await mk('Diambil sebelum periode, diunggah di periode', {
      uploaded: '2026-11-03T03:00:00.000Z',
      taken: '2026-10-30T02:00:00.000Z',
    })
    await mk('Sebelum periode', { uploaded: '2026-11-01T16:59:00.000Z' })
    await mk('Sesudah periode', { uploaded: '2026-11-08T17:00:00.000Z' })
    await mk('Menunggu review', { uploaded: '2026-11-03T03:00:00.000Z' }, 'pending')
    await mk('Perlu revisi', { uploaded: '2026-11-03T03:00:00.000Z' }, 'rejected')
    const trashed = await mk('Di tempat sampah', { uploaded: '2026-11-04T03:00:00.000Z' })
    await t.db
      .updateTable('docs')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', trashed.docId)
      .execute()
    const res = await t.request('POST', `/api/share/${slug}/create`, {
      token: admin.token,
      json: { from: '2026-11-02', to: '2026-11-08', expires_in_days: 1 },
    })
    expect(res.status, res.text).toBe(201)
    const days = (Date.parse(res.json.data.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(0.99)
    expect(days).toBeLessThan(1.01)
    const data = await t.request('GET', `/api/public/share/${tokenOf(res.json.data.url)}`)
    expect(data.json.data.report).toBeNull()
    expect(data.json.data.photos.map((x: { id: number }) => x.id)).toEqual([
      first.imageId,
      takenIn.imageId,
      last.imageId,
    ])
    // A photo of the project outside the link is not served by it, even correctly signed.
    const row = await t.db
      .selectFrom('shares')
      .select(['sign_key', 'token'])
      .where('token', '=', tokenOf(res.json.data.url))
      .executeTakeFirstOrThrow()
    const share = { token: row.token, signKey: row.sign_key }
    expect((await t.request('GET', signedPath(share, String(first.imageId), 'full'))).status).toBe(200)
    expect((await t.request('GET', signedPath(share, String(trashed.imageId), 'full'))).status).toBe(404)
  })
})
