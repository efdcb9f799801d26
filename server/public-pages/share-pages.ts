import { periodLabel } from '../../src/contracts/days'
import { pathTo } from '../../src/contracts/endpoint'
import { sharePagePin, verifyPage } from '../../src/contracts/public.endpoints'
import { type FirmContact, type PublicShare, SHARE_MSG } from '../../src/contracts/shares'
import { formatMoment } from '../base/firm-clock'
import { esc } from './page-shell'
import { ICONS, messagePage, page } from './public-frame'
import { cardId, lightboxes, photoFacts, viewerId } from './share-lightbox'

/* The HTML of a share link's pages (/s/{token}); what they show is read by shares/public-share.ts. */

export function sharePageHtml(s: PublicShare, timeZone: string): string {
  const r = s.report
  const facts = r
    ? [
        `PDF${r.pages ? ` · ${r.pages} halaman` : ''}${r.size_bytes ? ` · ${formatSize(r.size_bytes)}` : ''}`,
        `${ICONS.shield(14)} Kode verifikasi <a href="${esc(pathTo(verifyPage, { code: r.code }))}">${esc(r.code)}</a>`,
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

/**
 * The PIN form: posts to the same address, works without JavaScript; `error` under the field. No browser
 * validation (novalidate): its message for the pattern is the browser's, in English; a PIN that is not
 * 6 digits is answered by the server in Indonesian instead (422, costs no try).
 */
export function pinPageHtml(firm: FirmContact, token: string, error?: string): string {
  const extra = `<form method="post" action="${esc(pathTo(sharePagePin, { token }))}" autocomplete="off" novalidate>
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

/** 1.4 MB, 820 KB. */
function formatSize(bytes: number | null): string {
  if (bytes === null) return ''
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
