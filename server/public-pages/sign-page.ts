import { indonesianDayName } from '../../src/contracts/days'
import {
  DIARY_SECTIONS,
  type DiarySections,
  EQUIPMENT_LABELS,
  type PublicDiary,
  SECTION_LABELS,
  WEATHER_LABELS,
} from '../../src/contracts/diary'
import { pathTo } from '../../src/contracts/endpoint'
import { signPage } from '../../src/contracts/public.endpoints'
import { formatMoment } from '../base/firm-clock'
import { esc, htmlDocument, pageCsp } from './page-shell'
import { ICONS, messagePage, PAGE_CSS } from './public-frame'
import { SIGN_JS } from './sign-page-script'

/*
 * The contractor's signing page, /t/{token} (issue 34): the day read-only, every section as a table, and
 * a form for name, position and a drawn signature with 'Setuju' and 'Kembalikan'. What it shows is read
 * by modules/diary/diary-public.ts; the form posts back to the same address (public-pages.routes.ts).
 * Its own stylesheet (the frame's plus tables and the canvas) and one small script, both by hash.
 */

const SIGN_CSS = `${PAGE_CSS}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:8px 6px;border-top:1px solid #e2e8f0;vertical-align:top;overflow-wrap:anywhere}
th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#64748b;border-top:0}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.sec{margin-top:14px}.sec h3{margin-top:0}
.none{color:#64748b;font-size:14px;margin:0}
.field{display:block;width:100%;padding:12px;border:2px solid #cbd5e1;border-radius:12px;font:inherit}
.field:focus{outline:none;border-color:#1d4ed8;box-shadow:0 0 0 4px #dbeafe}
#sigbox .pad{display:none}#sigbox.on .pad{display:block}#sigbox.on .noscript{display:none}
#sig{display:block;width:100%;aspect-ratio:3/1;border:2px dashed #94a3b8;border-radius:12px;background:#fff;touch-action:none}
.link{background:none;border:0;color:#1d4ed8;font:inherit;font-size:14px;padding:6px 0;cursor:pointer;text-decoration:underline}
.btn.alt{background:#fff;color:#b91c1c;border:2px solid #fecaca;box-shadow:none}.btn.alt:hover{background:#fef2f2}
.two{display:grid;gap:10px}@media (min-width:640px){.two{grid-template-columns:1fr 1fr}.two .btn{width:100%}}`

export const SIGN_PAGE_CSP = pageCsp({ css: SIGN_CSS, js: SIGN_JS }, [
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
])

const num = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString('id-ID'))

function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly number[] = [],
) {
  if (rows.length === 0) return '<p class="none">Tidak ada.</p>'
  const th = head.map((h) => `<th>${esc(h)}</th>`).join('')
  const tr = rows
    .map(
      (r) =>
        `<tr>${r.map((cell, i) => `<td${numeric.includes(i) ? ' class="n"' : ''}>${esc(cell)}</td>`).join('')}</tr>`,
    )
    .join('')
  return `<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`
}

/** Each section of the day as a table (read-only). */
export function sectionsHtml(s: DiarySections): string {
  const parts: Record<(typeof DIARY_SECTIONS)[number], () => string> = {
    weather: () =>
      s.weather
        ? `${table(
            ['Jam', 'Cuaca'],
            s.weather.blocks.map((b) => [`${b.from}–${b.to}`, WEATHER_LABELS[b.condition]]),
          )}
<p class="none">Jam hilang karena hujan: ${num(s.weather.lost_hours)}</p>`
        : '<p class="none">Tidak diisi.</p>',
    manpower: () => {
      const rows = (s.manpower ?? []).map((m) => [m.trade, num(m.count)])
      const total = (s.manpower ?? []).reduce((sum, m) => sum + m.count, 0)
      return table(['Keahlian', 'Jumlah'], rows.length ? [...rows, ['Total', num(total)]] : [], [1])
    },
    equipment: () =>
      table(
        ['Alat', 'Jumlah', 'Kondisi', 'Jam kerja'],
        (s.equipment ?? []).map((e) => [e.name, num(e.count), EQUIPMENT_LABELS[e.condition], num(e.hours)]),
        [1, 3],
      ),
    materials: () =>
      table(
        ['Bahan', 'Jumlah', 'Satuan', 'Diterima', 'Catatan'],
        (s.materials ?? []).map((m) => [
          m.name,
          num(m.quantity),
          m.unit,
          m.accepted ? 'Diterima' : 'Ditolak',
          m.note ?? '',
        ]),
        [1],
      ),
    work: () =>
      table(
        ['Pekerjaan', 'Volume', 'Satuan', 'Progres'],
        (s.work ?? []).map((w) => [
          w.description,
          num(w.volume),
          w.unit ?? '',
          w.progress === undefined ? '-' : `${num(w.progress)}%`,
        ]),
        [1, 3],
      ),
    notes: () => {
      const n = s.notes ?? {}
      return table(
        ['Catatan', 'Isi'],
        (
          [
            ['Masalah dan penyebab', n.problems],
            ['Instruksi', n.instructions],
            ['K3', n.safety],
            ['Tamu', n.visitors],
          ] as const
        )
          .filter(([, text]) => text)
          .map(([label, text]) => [label, text ?? '']),
      )
    },
  }
  return DIARY_SECTIONS.map(
    (k) => `<section class="card sec"><h3>${esc(SECTION_LABELS[k])}</h3>${parts[k]()}</section>`,
  ).join('\n')
}

export type SignForm = { name?: string; position?: string; note?: string; error?: string }

export function signPageHtml(
  firm: string,
  token: string,
  d: PublicDiary,
  timeZone: string,
  form: SignForm = {},
) {
  const meta = `<dl class="meta">
<div class="wide"><dt>Proyek</dt><dd>${esc(d.project)}</dd></div>
<div><dt>Tanggal</dt><dd>${esc(indonesianDayName(d.day))}</dd></div>
<div><dt>Revisi</dt><dd>${d.revision}</dd></div>
<div class="wide"><dt>Berlaku sampai</dt><dd>${esc(formatMoment(d.expires_at, timeZone))}</dd></div>
<div class="wide"><dt>SHA-256 isi</dt><dd><code class="hash">${esc(d.hash)}</code></dd></div>
</dl>`
  const action = pathTo(signPage, { token })
  const formHtml = `<section class="card sec"><h3>Tanda tangan Kontraktor Pelaksana</h3>
<form id="signform" method="post" action="${esc(action)}">
${form.error ? `<p class="err" role="alert">${esc(form.error)}</p>` : ''}
<label for="name">Nama</label><input class="field" id="name" name="name" maxlength="100" required autocomplete="name" value="${esc(form.name)}">
<label for="position">Jabatan</label><input class="field" id="position" name="position" maxlength="100" required value="${esc(form.position)}">
<div id="sigbox"><label for="sig">Tanda tangan</label>
<p class="none noscript">Tanda tangan digambar memerlukan JavaScript. Tanpa JavaScript Anda tetap dapat mengembalikan laporan dengan catatan.</p>
<div class="pad"><canvas id="sig" width="600" height="200" aria-label="Area tanda tangan: gambar dengan jari atau mouse"></canvas>
<button type="button" class="link" id="sigclear">Hapus tanda tangan</button>
<p class="err" id="sigerr" hidden>Gambar tanda tangan Anda terlebih dahulu.</p></div></div>
<input type="hidden" id="signature" name="signature" value="">
<label for="note">Catatan (wajib bila dikembalikan)</label><textarea class="field" id="note" name="note" rows="3" maxlength="2000">${esc(form.note)}</textarea>
<div class="two actions"><button class="btn" type="submit" name="decision" value="setuju">${ICONS.check(20)}Setuju</button>
<button class="btn alt" type="submit" name="decision" value="kembalikan">Kembalikan</button></div>
</form></section>`
  const body = `<section class="card">${meta}</section>
${sectionsHtml(d.sections)}
${formHtml}
<p class="foot">Dengan menekan Setuju, Anda menandatangani isi laporan harian di atas (SHA-256 tercantum). Tautan ini hanya dapat dipakai sekali.<br>Dikirim oleh ${esc(firm)} melalui Berkas.</p>`
  const head = `
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="#1d4ed8">`
  const page = `<header class="top"><div class="top-in"><div class="firm">${ICONS.building()}<span>${esc(firm)}</span></div>
<h1>Laporan Harian</h1><p class="sub">${esc(d.project)} · ${esc(indonesianDayName(d.day))}</p></div></header>
<main class="main">${body}</main>`
  return htmlDocument({ title: `Laporan Harian ${d.day}`, css: SIGN_CSS, head, body: page, script: SIGN_JS })
}

export function signDonePageHtml(firm: string, returned: boolean): string {
  return messagePage({
    title: returned ? 'Laporan dikembalikan' : 'Laporan ditandatangani',
    firm,
    icon: ICONS.check(30),
    tone: 'good',
    heading: returned ? 'Laporan harian dikembalikan' : 'Terima kasih, laporan harian sudah ditandatangani',
    text: returned
      ? 'Catatan Anda sudah diterima konsultan pengawas. Anda akan menerima tautan baru setelah laporan diperbaiki.'
      : 'Tanda tangan Anda tersimpan bersama isi laporan yang Anda setujui.',
  })
}

export function signGonePageHtml(firm: string): string {
  return messagePage({
    title: 'Tautan tidak berlaku',
    firm,
    icon: ICONS.lock(),
    tone: 'bad',
    heading: 'Tautan ini sudah tidak berlaku.',
    text: 'Tautan tanda tangan sudah dipakai, dicabut atau kedaluwarsa. Mintalah tautan baru kepada konsultan pengawas.',
  })
}
