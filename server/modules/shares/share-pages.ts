import { periodLabel } from '../../../src/contracts/days'
import {
  type PublicShare,
  type ReportVerification,
  SHARE_MSG,
  VERIFY_MSG,
} from '../../../src/contracts/shares'
import { ICONS, messagePage, page } from './page-shell'
import { esc, formatMoment, formatSize } from './share-format'
import { cardId, lightboxes, photoFacts, viewerId } from './share-lightbox'

/* The HTML of the public pages; what they show is read by public-share.ts and verify.service.ts. */

export function sharePageHtml(s: PublicShare, timeZone: string): string {
  const r = s.report
  const facts = r
    ? [
        `PDF${r.pages ? ` · ${r.pages} halaman` : ''}${r.size_bytes ? ` · ${formatSize(r.size_bytes)}` : ''}`,
        `${ICONS.shield(14)} Kode verifikasi <a href="/v/${esc(r.code)}">${esc(r.code)}</a>`,
      ]
    : []
  const download = r
    ? `<div class="actions"><a class="btn" href="${esc(r.download_url)}" download>${ICONS.download()}<span>Unduh Laporan (PDF)</span></a>
<p class="facts">${facts.map((f) => `<span>${f}</span>`).join('')}</p></div>`
    : ''
  const meta = `<dl class="meta">
<div class="wide"><dt>Proyek</dt><dd>${esc(s.project.name)}</dd></div>
<div><dt>Periode</dt><dd>${esc(periodLabel(s.period_from, s.period_to))}</dd></div>
<div><dt>Jumlah foto</dt><dd>${s.photos.length}</dd></div>
<div class="wide"><dt>Berlaku sampai</dt><dd>${esc(formatMoment(s.expires_at, timeZone))}</dd></div>
</dl>`
  // Photos are numbered over the whole page, so the viewer's previous and next cross work items.
  const number = new Map(s.photos.map((p, i) => [p, i + 1]))
  const photos = s.photos.length
    ? groups(s.photos)
        .map(
          (g) =>
            `${g.name === undefined ? '' : `<h3>${esc(g.name ?? 'Tanpa item pekerjaan')} <span>${g.photos.length} foto</span></h3>`}<ul class="grid">${g.photos.map((p) => photoCard(p, number.get(p) ?? 0, timeZone, g.name === undefined)).join('')}</ul>`,
        )
        .join('')
    : `<div class="card empty">Belum ada foto dokumentasi yang disetujui pada periode ini.</div>`
  const body = `<section class="card">${meta}${download}</section>
<h2>Foto Dokumentasi <span>${s.photos.length} foto</span></h2>${photos}
<p class="foot">Halaman ini hanya untuk dilihat, dibagikan oleh ${esc(s.firm)} melalui Berkas.<br>Ketuk foto untuk melihatnya lebih besar beserta keterangannya.</p>
${lightboxes(s.photos, timeZone)}`
  return page({
    title: s.title,
    firm: s.firm,
    heading: s.title,
    sub: s.project.name,
    body,
    viewer: s.photos.length > 0,
  })
}

type Photo = PublicShare['photos'][number]

/**
 * The photos under their work item's heading, in the order given (a report's: by work item); one group
 * without a heading when no photo names a work item.
 */
function groups(photos: Photo[]): { name?: string | null; photos: Photo[] }[] {
  if (photos.every((p) => p.work_item === null)) return [{ photos }]
  const out: { name: string | null; photos: Photo[] }[] = []
  for (const p of photos) {
    const last = out[out.length - 1]
    if (last && last.name === p.work_item) last.photos.push(p)
    else out.push({ name: p.work_item, photos: [p] })
  }
  return out
}

/** A photo and its caption; `n`: its number on the page; `tag`: its work item on the card (no headings). */
function photoCard(p: Photo, n: number, timeZone: string, tag: boolean): string {
  return `<li class="photo" id="${cardId(n)}"><a href="#${viewerId(n)}" aria-label="Lihat foto ${n}: ${esc(p.description)}"><img src="${esc(p.thumb_url)}" alt="${esc(p.description)}" loading="lazy" width="480" height="360"></a>
<div class="cap">${tag && p.work_item ? `<span class="tag">${esc(p.work_item)}</span>` : ''}<p>${esc(p.description)}</p><ul>${photoFacts(
    p,
    timeZone,
  )
    .map((f) => `<li>${esc(f)}</li>`)
    .join('')}</ul></div></li>`
}

/** Whom a visitor asks for the PIN or a new link: the firm's name and phone (firm settings). */
export type FirmContact = { name: string; phone: string | null }

/**
 * The PIN form: posts to the same address, works without JavaScript; `error` under the field. No browser
 * validation (novalidate): its message for the pattern is the browser's, in English; a PIN that is not
 * 6 digits is answered by the server in Indonesian instead (422, costs no try).
 */
export function pinPageHtml(firm: FirmContact, token: string, error?: string): string {
  const extra = `<form method="post" action="/s/${esc(token)}" autocomplete="off" novalidate>
<label for="pin">PIN</label>
<input class="pin" id="pin" name="pin" type="password" inputmode="numeric" pattern="[0-9]{6}" title="6 angka" maxlength="6" minlength="6" autocomplete="one-time-code" required autofocus aria-describedby="pin-help">
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<button class="btn" type="submit">Buka Tautan</button>
<p class="note" id="pin-help">PIN dikirim terpisah oleh pengirim tautan ini. ${esc(SHARE_MSG.contact(firm.name, firm.phone))}</p></form>`
  return messagePage({
    title: 'Tautan dilindungi PIN',
    firm: firm.name,
    icon: ICONS.lock(),
    heading: 'Masukkan PIN',
    text: SHARE_MSG.pinRequired,
    extra,
  })
}

export function gonePageHtml(firm: string): string {
  return messagePage({
    title: 'Tautan tidak berlaku',
    firm,
    icon: ICONS.clock(),
    tone: 'bad',
    heading: SHARE_MSG.gone,
    text: 'Masa berlakunya sudah habis atau tautan sudah dicabut. Mintalah tautan baru kepada pengirimnya.',
  })
}

export function notFoundPageHtml(firm: string, heading: string, text: string): string {
  return messagePage({ title: heading, firm, icon: ICONS.search(), tone: 'bad', heading, text })
}

/** The lock after too many wrong PINs: how long, and whom to call meanwhile. */
export function throttledPageHtml(firm: FirmContact, message: string): string {
  return messagePage({
    title: 'Terlalu banyak percobaan',
    firm: firm.name,
    icon: ICONS.lock(),
    tone: 'bad',
    heading: 'Coba lagi nanti',
    text: message,
    extra: `<p class="note">${esc(SHARE_MSG.contact(firm.name, firm.phone))}</p>`,
  })
}

/** Too many requests to the public pages (issue 31's budget): when to come back, nothing else. */
export function busyPageHtml(firm: string, message: string): string {
  return messagePage({
    title: 'Terlalu banyak permintaan',
    firm,
    icon: ICONS.clock(),
    tone: 'bad',
    heading: 'Coba lagi sebentar lagi',
    text: message,
  })
}

export function verifyPageHtml(firm: string, v: ReportVerification, timeZone: string): string {
  const status = v.valid
    ? `<div class="status good">${ICONS.check(28)}<div><strong>Laporan sah</strong><p>${esc(VERIFY_MSG.valid)}</p></div></div>`
    : `<div class="status bad">${ICONS.cross(28)}<div><strong>${v.reason === VERIFY_MSG.changed ? 'Isi laporan sudah berubah' : 'Laporan tidak berlaku'}</strong><p>${esc(v.reason ?? '')}</p></div></div>`
  const meta = `<dl class="meta">
<div class="wide"><dt>Judul</dt><dd>${esc(v.title)}</dd></div>
<div><dt>Proyek</dt><dd>${esc(v.project)}</dd></div>
<div><dt>Periode</dt><dd>${esc(periodLabel(v.period_from, v.period_to))}</dd></div>
<div><dt>Dibuat</dt><dd>${esc(formatMoment(v.created_at, timeZone))}</dd></div>
<div><dt>Kode</dt><dd>${esc(v.code)}</dd></div>
</dl>`
  const rows = v.photos
    .map((p) => {
      const thumb = p.thumb_url
        ? `<img class="thumb" src="${esc(p.thumb_url)}" alt="Foto ${p.position}: ${esc(p.description || 'Foto')}" loading="lazy" width="132" height="99">`
        : `<span class="nothumb">${p.unchanged ? 'Pratinjau belum tersedia' : 'Foto tidak tersedia'}</span>`
      return `<li class="vrow"><span class="num">${p.position}</span>${thumb}<div><p>${esc(p.description || 'Foto')}</p>
<span class="when">${p.taken_at ? `Diambil ${esc(formatMoment(p.taken_at, timeZone))}` : 'Waktu pengambilan tidak tercatat'}</span></div>
<code class="hash">SHA-256 ${esc(p.sha256 ?? '-')}</code>
<span class="mark ${p.unchanged ? 'good' : 'bad'}">${p.unchanged ? '✓ Tidak berubah' : '✗ Berubah atau dihapus'}</span></li>`
    })
    .join('')
  const body = `<section class="card">${status}${meta}</section>
<h2>Foto dalam laporan <span>${v.photos.length} foto</span></h2>
<section class="card"><ol class="rows">${rows}</ol></section>
<p class="foot">Cocokkan foto di atas dengan foto pada laporan cetak, dan SHA-256-nya dengan berkas foto asli untuk memastikan keasliannya.<br>Verifikasi oleh ${esc(firm)} melalui Berkas.</p>`
  return page({ title: `Verifikasi ${v.code}`, firm, heading: 'Verifikasi Laporan', sub: v.title, body })
}

export function verifyNotFoundHtml(firm: string): string {
  return notFoundPageHtml(
    firm,
    VERIFY_MSG.notFound,
    'Periksa lagi kode yang tercetak di bagian bawah halaman laporan.',
  )
}
