import { periodLabel } from '../../src/contracts/days'
import { type ReportVerification, VERIFY_MSG } from '../../src/contracts/shares'
import { formatMoment } from '../base/firm-clock'
import { esc } from './page-shell'
import { ICONS, notFoundPageHtml, page } from './public-frame'

/* The HTML of a report's verification page (/v/{code}); what it shows is read by reports/verify.service.ts. */

export function verifyPageHtml(firm: string, v: ReportVerification, timeZone: string): string {
  if (v.diary) return diaryVerifyHtml(firm, v, v.diary, timeZone)
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
<span class="when">${p.taken_at ? `Diambil ${esc(formatMoment(p.taken_at, timeZone))}` : 'Waktu pengambilan tidak tercatat'}</span>${evidence(p)}</div>
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

/** The site and device clock words of a photo (issue 34), never its coordinates (decision 0072). */
function evidence(p: ReportVerification['photos'][number]): string {
  const words = [p.site, p.clock].filter((x): x is string => Boolean(x))
  return words.length > 0 ? `<span class="when">${words.map(esc).join(' · ')}</span>` : ''
}

export function verifyNotFoundHtml(firm: string): string {
  return notFoundPageHtml(
    firm,
    VERIFY_MSG.notFound,
    'Periksa lagi kode yang tercetak di bagian bawah halaman laporan.',
  )
}

/** A printed diary day's code (issue 34, decision 0091): signed and current, superseded, changed or unsigned. */
function diaryVerifyHtml(
  firm: string,
  v: ReportVerification,
  d: NonNullable<ReportVerification['diary']>,
  timeZone: string,
): string {
  const heading = {
    signed: 'Laporan harian sah',
    superseded: 'Versi ini sudah diganti',
    changed: 'Isi laporan harian sudah berubah',
    unsigned: 'Belum ditandatangani',
  }[d.state]
  const status = `<div class="status ${v.valid ? 'good' : 'bad'}">${v.valid ? ICONS.check(28) : ICONS.cross(28)}<div><strong>${heading}</strong><p>${esc(v.reason ?? d.message)}</p></div></div>`
  const meta = `<dl class="meta">
<div class="wide"><dt>Judul</dt><dd>${esc(v.title)}</dd></div>
<div><dt>Proyek</dt><dd>${esc(v.project)}</dd></div>
<div><dt>Revisi</dt><dd>${d.revision}</dd></div>
<div><dt>Dicetak</dt><dd>${esc(formatMoment(v.created_at, timeZone))}</dd></div>
<div><dt>Kode</dt><dd>${esc(v.code)}</dd></div>
</dl>`
  // The meta list's look (label above, value below), one signer per line: no photo grid here.
  const rows = d.signatures
    .map(
      (s) =>
        `<div class="wide"><dt>${esc(s.label)}</dt><dd>${esc(s.name)}<br><span class="when">${esc(s.position)} · ${esc(formatMoment(s.signed_at, timeZone))}</span></dd></div>`,
    )
    .join('')
  const signed = rows
    ? `<section class="card"><dl class="meta">${rows}</dl></section>`
    : '<section class="card"><p>Belum ada tanda tangan pada versi ini.</p></section>'
  const body = `<section class="card">${status}${meta}</section>
<h2>Tanda tangan <span>${d.signatures.length} orang</span></h2>
${signed}
<p class="foot">Cocokkan nama dan waktu tanda tangan di atas dengan laporan harian cetak.<br>Verifikasi oleh ${esc(firm)} melalui Berkas.</p>`
  return page({
    title: `Verifikasi ${v.code}`,
    firm,
    heading: 'Verifikasi Laporan Harian',
    sub: v.title,
    body,
  })
}
