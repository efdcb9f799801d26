import { esc, htmlDocument, inlineHash, pageCsp } from './page-shell'
import { LIGHTBOX_CSS, LIGHTBOX_JS } from './share-lightbox'

/*
 * The look of the public pages (/s/{token}, /v/{code}): the firm's blue band, a card below it, the
 * icons, in the one page shell (page-shell.ts), so a page opens fast on a weak phone signal and under a
 * CSP that allows exactly this stylesheet and the photo viewer's small script (share-lightbox.ts) and
 * nothing else. Every public page uses this frame; a page with its own look would name its own CSS.
 */

export const PAGE_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f1f5f9;color:#0f172a;-webkit-text-size-adjust:100%}
a{color:#1d4ed8}
.top{background:linear-gradient(135deg,#1e3a8a 0%,#1d4ed8 100%);color:#fff;padding:18px 0 64px}
.top-in,.main{max-width:1080px;margin:0 auto;padding:0 16px}
.firm{display:flex;align-items:center;gap:8px;font-size:13px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;opacity:.9}
.firm svg{flex:none}
.top h1{font-size:22px;line-height:1.25;margin:16px 0 4px;font-weight:700;letter-spacing:-.01em}
.top .sub{margin:0;font-size:15px;color:#dbeafe}
.main{margin-top:-44px;padding-bottom:40px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(15,23,42,.06),0 10px 30px rgba(15,23,42,.08);padding:20px}
.meta{display:grid;grid-template-columns:1fr 1fr;gap:14px 20px;margin:0}
.meta div{min-width:0}
.meta dt{font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#64748b}
.meta dd{margin:2px 0 0;font-weight:600;overflow-wrap:anywhere}
.meta .wide{grid-column:1/-1}
.btn{display:flex;align-items:center;justify-content:center;gap:10px;width:100%;min-height:54px;margin-top:18px;padding:14px 20px;border:0;border-radius:12px;background:#1d4ed8;color:#fff;font:inherit;font-size:17px;font-weight:700;text-decoration:none;cursor:pointer;box-shadow:0 4px 14px rgba(29,78,216,.35)}
.btn:hover{background:#1e40af}.btn:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.actions{margin-top:18px;padding-top:18px;border-top:1px solid #e2e8f0}
.actions .btn{margin-top:0}
.facts{margin:10px 0 0;font-size:13px;color:#64748b;display:flex;flex-wrap:wrap;gap:4px 14px;justify-content:center}
.facts span{display:inline-flex;align-items:center;gap:5px}
.note{margin:12px 0 0;font-size:13px;color:#64748b;text-align:center}
h2{font-size:18px;margin:28px 4px 12px;display:flex;align-items:baseline;gap:8px}
h2 span{font-size:14px;font-weight:500;color:#64748b}
h3{font-size:15px;margin:20px 4px 10px;color:#1e3a8a;display:flex;align-items:baseline;gap:8px}
h3 span{font-size:13px;font-weight:500;color:#64748b}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px;list-style:none;margin:0;padding:0}
.photo{background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 1px 2px rgba(15,23,42,.08);display:flex;flex-direction:column}
.photo a{display:block;background:#e2e8f0}
.photo img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover}
.cap{padding:10px 12px 12px;font-size:13px;line-height:1.4}
.cap p{margin:0 0 6px;font-weight:600;font-size:14px;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.cap ul{list-style:none;margin:0;padding:0;color:#475569}
.cap li{overflow-wrap:anywhere}
.tag{display:inline-block;margin:0 0 6px;padding:2px 8px;border-radius:999px;background:#eff6ff;color:#1e40af;font-size:12px;font-weight:600}
.empty{text-align:center;color:#64748b;padding:32px 16px}
.foot{margin:32px 0 0;text-align:center;font-size:13px;color:#64748b}
.center{max-width:440px;margin:0 auto;text-align:center}
.icon{width:64px;height:64px;margin:4px auto 12px;border-radius:50%;display:flex;align-items:center;justify-content:center;background:#eff6ff;color:#1d4ed8}
.icon.bad{background:#fef2f2;color:#b91c1c}.icon.good{background:#f0fdf4;color:#15803d}
.center h1{font-size:21px;margin:0 0 6px}.center p{margin:0;color:#475569}
.center .err{margin:12px 0 0;color:#b91c1c}.center .note{margin-top:12px;color:#64748b}
.narrow .top-in{max-width:472px;text-align:center}.narrow .firm{justify-content:center}
label{display:block;font-weight:600;margin:18px 0 8px;text-align:left}
.pin{display:block;width:100%;padding:14px;border:2px solid #cbd5e1;border-radius:12px;font:inherit;font-size:28px;letter-spacing:.5em;text-align:center;font-variant-numeric:tabular-nums}
.pin:focus{outline:none;border-color:#1d4ed8;box-shadow:0 0 0 4px #dbeafe}
.err{margin:14px 0 0;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#b91c1c;font-weight:600;font-size:14px;text-align:left}
.status{display:flex;gap:14px;align-items:flex-start;padding:16px;border-radius:12px;margin-bottom:18px}
.status.good{background:#f0fdf4;color:#14532d;border:1px solid #bbf7d0}.status.bad{background:#fef2f2;color:#7f1d1d;border:1px solid #fecaca}
.status svg{flex:none;margin-top:2px}.status strong{display:block;font-size:17px}.status p{margin:2px 0 0}
.rows{list-style:none;margin:0;padding:0}
.num{width:32px;height:32px;border-radius:8px;background:#f1f5f9;color:#334155;font-weight:700;font-size:14px;display:flex;align-items:center;justify-content:center}
.vrow p{margin:0;font-weight:600;overflow-wrap:anywhere}.vrow .when{color:#475569;font-size:14px;font-weight:400}
.hash{grid-column:2;font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#334155;background:#f8fafc;border:1px solid #e2e8f0;border-radius:8px;padding:6px 8px;word-break:break-all}
.mark{grid-column:2;font-size:13px;font-weight:700}.mark.good{color:#15803d}.mark.bad{color:#b91c1c}
@media (min-width:640px){.top{padding:24px 0 72px}.top-in,.main{padding-left:24px;padding-right:24px}.top h1{font-size:30px}.main{padding-bottom:48px}.card{padding:28px}
.meta{grid-template-columns:repeat(4,minmax(0,1fr))}.meta .wide{grid-column:span 2}
.actions{display:flex;align-items:center;gap:20px}.facts{margin:0;justify-content:flex-start;flex-direction:column;align-items:flex-start}.grid{grid-template-columns:repeat(3,minmax(0,1fr));gap:16px}
.btn{width:auto;display:inline-flex;padding:14px 28px}.cap{padding:12px 14px 14px}}
@media (min-width:1024px){.grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
@media (min-width:640px){.center .btn{width:100%;display:flex}}
.vrow{display:grid;grid-template-columns:32px 88px minmax(0,1fr);gap:6px 12px;padding:14px 0;border-top:1px solid #e2e8f0;align-items:start}
.vrow:first-child{border-top:0}
.vrow .hash,.vrow .mark{grid-column:2/-1}
.thumb{width:88px;height:66px;border-radius:8px;object-fit:cover;background:#e2e8f0;display:block}
.nothumb{width:88px;height:66px;border-radius:8px;background:#f1f5f9;border:1px dashed #cbd5e1;color:#64748b;font-size:11px;line-height:1.3;display:flex;align-items:center;justify-content:center;text-align:center;padding:4px}
@media (min-width:640px){.vrow{grid-template-columns:36px 132px minmax(0,1fr);align-content:start}.thumb,.nothumb{width:132px;height:99px;grid-row:span 3}.vrow .hash,.vrow .mark{grid-column:3}}
${LIGHTBOX_CSS}`

export const PAGE_CSS_HASH = inlineHash(PAGE_CSS)

/**
 * The pages' own policy: this stylesheet, the photo viewer's script, images of this origin, the PIN
 * form posting here; nothing else.
 */
export const PAGE_CSP = pageCsp({ css: PAGE_CSS, js: LIGHTBOX_JS }, [
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
])

const svg = (size: number, body: string) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`

export const ICONS = {
  building: (n = 18) =>
    svg(n, '<path d="M3 21h18M5 21V7l7-4 7 4v14M9 9h.01M15 9h.01M9 13h.01M15 13h.01M10 21v-4h4v4"/>'),
  download: (n = 22) => svg(n, '<path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16"/>'),
  lock: (n = 30) =>
    svg(n, '<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>'),
  clock: (n = 30) => svg(n, '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 3"/>'),
  search: (n = 30) => svg(n, '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>'),
  check: (n = 24) => svg(n, '<circle cx="12" cy="12" r="9"/><path d="m8 12 3 3 5-6"/>'),
  cross: (n = 24) => svg(n, '<circle cx="12" cy="12" r="9"/><path d="m9 9 6 6m0-6-6 6"/>'),
  shield: (n = 18) =>
    svg(n, '<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3z"/><path d="m9 12 2 2 4-4"/>'),
}

/** A whole page: the blue band (firm, heading, a line under it) and the content below it. */
export function page(opts: {
  title: string
  firm: string
  heading: string
  sub?: string
  body: string
  /** A one-card page: the band's text centred above the card. */
  narrow?: boolean
  /** The photo viewer's script (share-lightbox.ts), on a page that has photos to view. */
  viewer?: boolean
}) {
  const head = `
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="#1d4ed8">
<meta property="og:title" content="${esc(opts.title)}">
<meta property="og:description" content="${esc(opts.sub ? `${opts.sub} · ${opts.firm}` : opts.firm)}">
<meta property="og:type" content="website">`
  const body = `<header class="top${opts.narrow ? ' narrow' : ''}"><div class="top-in"><div class="firm">${ICONS.building()}<span>${esc(opts.firm)}</span></div>
<h1>${esc(opts.heading)}</h1>${opts.sub ? `<p class="sub">${esc(opts.sub)}</p>` : ''}</div></header>
<main class="main">${opts.body}</main>`
  return htmlDocument({
    title: opts.title,
    css: PAGE_CSS,
    head,
    body,
    script: opts.viewer ? LIGHTBOX_JS : undefined,
  })
}

/** A short message page: one card with an icon, a heading and a line of text (errors, the PIN form). */
export function messagePage(opts: {
  title: string
  firm: string
  icon: string
  tone?: 'bad' | 'good'
  heading: string
  text: string
  extra?: string
}) {
  const body = `<section class="card center"><div class="icon${opts.tone ? ` ${opts.tone}` : ''}">${opts.icon}</div>
<h1>${esc(opts.heading)}</h1><p>${esc(opts.text)}</p>${opts.extra ?? ''}</section>`
  return page({ title: opts.title, firm: opts.firm, heading: opts.title, body, narrow: true })
}

/** A page that names nothing (an unknown link or code): 404. */
export function notFoundPageHtml(firm: string, heading: string, text: string): string {
  return messagePage({ title: heading, firm, icon: ICONS.search(), tone: 'bad', heading, text })
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
