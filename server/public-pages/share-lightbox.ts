import type { PublicPhoto } from '../../src/contracts/shares'
import { formatMoment } from '../base/firm-clock'
import { esc, inlineHash } from './page-shell'

/*
 * The share page's photo viewer (issue 30): a photo used to open as a bare image in a new tab, without
 * its caption and with no way to the next one. Now each photo has a lightbox, opened by its card's link
 * to '#foto-N' and shown by CSS ':target', so it works with no script at all: the full photo, its
 * caption (work item, description, time taken, status, place, progress, uploader) and links to the
 * previous and next photo and back to the card. A small inline script, allowed by its hash like the
 * stylesheet, adds what links cannot: Esc, the arrow keys, swipe, focus kept inside the viewer, browsing
 * without a history entry per photo, and the neighbours loaded ahead. The viewer takes horizontal
 * gestures for itself (touch-action, overscroll-behavior): a swipe to the previous photo must not be
 * the browser's swipe back to the previous page.
 */

export const LIGHTBOX_CSS = `.lb{display:none;position:fixed;inset:0;z-index:50;flex-direction:column;background:#0b1120;color:#e2e8f0}
.lb:target{display:flex}
html:has(.lb:target){overscroll-behavior:none}body:has(.lb:target){overflow:hidden;overscroll-behavior:none}
.lb{touch-action:pan-y pinch-zoom;overscroll-behavior:none}
.lb a{color:#fff;text-decoration:none}
.lb a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.lb-bar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:8px 8px 8px 16px;font-size:14px;font-weight:600;color:#cbd5e1}
.lb-close{display:flex;align-items:center;justify-content:center;flex:none;width:44px;height:44px;border-radius:50%;background:rgba(255,255,255,.12)}
.lb-stage{position:relative;flex:1;min-height:0;display:flex;align-items:center;justify-content:center;padding:0 8px}
.lb-stage img{display:block;max-width:100%;max-height:100%;width:auto;height:auto;object-fit:contain;border-radius:4px;background:#1e293b}
.lb-prev,.lb-next{position:absolute;top:50%;transform:translateY(-50%);display:flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:50%;background:rgba(15,23,42,.65)}
.lb-prev{left:8px}.lb-next{right:8px}
.lb-cap{padding:12px 16px calc(16px + env(safe-area-inset-bottom));background:#0f172a;font-size:14px;line-height:1.45;max-height:42vh;overflow:auto}
.lb-cap p{margin:0 0 6px;font-size:15px;font-weight:600;color:#fff;overflow-wrap:anywhere}
.lb-cap ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:2px 14px;color:#cbd5e1}
.lb-cap .tag{margin-right:6px}
.st{display:inline-block;margin:0 0 6px;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:700}
.st.approved{background:#dcfce7;color:#166534}.st.pending{background:#fef9c3;color:#854d0e}.st.rejected{background:#fee2e2;color:#991b1b}
.lb-hint{display:none}
@media (min-width:640px){.lb-stage{padding:0 84px}.lb-prev,.lb-next{width:52px;height:52px}.lb-prev{left:20px}.lb-next{right:20px}
.lb-cap{text-align:center}.lb-cap ul{justify-content:center}.lb-hint{display:inline;font-weight:400;color:#94a3b8}}`

export const LIGHTBOX_JS = `(function(){
function open(){var h=location.hash;return h.indexOf('#foto-')===0?document.getElementById(h.slice(1)):null}
function go(a){if(a)location.replace(a.getAttribute('href'))}
function warm(a){var el=a&&document.getElementById(a.getAttribute('href').slice(1));var i=el&&el.querySelector('img');if(i)i.loading='eager'}
function shown(){var lb=open();if(!lb)return;var c=lb.querySelector('.lb-close');if(c)c.focus({preventScroll:true});warm(lb.querySelector('.lb-next'));warm(lb.querySelector('.lb-prev'))}
addEventListener('hashchange',shown);shown();
document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[data-nav]');if(a){e.preventDefault();go(a)}});
document.addEventListener('keydown',function(e){var lb=open();if(!lb)return;
if(e.key==='Escape'){e.preventDefault();go(lb.querySelector('.lb-close'))}
else if(e.key==='ArrowRight'){e.preventDefault();go(lb.querySelector('.lb-next'))}
else if(e.key==='ArrowLeft'){e.preventDefault();go(lb.querySelector('.lb-prev'))}
else if(e.key==='Tab'){var f=lb.querySelectorAll('a[href]'),a=f[0],z=f[f.length-1];
if(e.shiftKey&&document.activeElement===a){e.preventDefault();z.focus()}else if(!e.shiftKey&&document.activeElement===z){e.preventDefault();a.focus()}}});
var x=null,y=0;
document.addEventListener('touchstart',function(e){if(open()&&e.touches.length===1){x=e.touches[0].clientX;y=e.touches[0].clientY}else x=null},{passive:true});
document.addEventListener('touchend',function(e){if(x===null)return;var t=e.changedTouches[0],dx=t.clientX-x,dy=t.clientY-y,lb=open();x=null;
if(lb&&Math.abs(dx)>=50&&Math.abs(dx)>Math.abs(dy)*1.5)go(lb.querySelector(dx<0?'.lb-next':'.lb-prev'))},{passive:true});
})();`

export const LIGHTBOX_JS_HASH = inlineHash(LIGHTBOX_JS)

const STATUS: Record<string, string> = {
  approved: 'Disetujui',
  pending: 'Menunggu review',
  rejected: 'Perlu revisi',
}

const arrow = (d: string) =>
  `<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${d}"/></svg>`
const PREV = arrow('m15 18-6-6 6-6')
const NEXT = arrow('m9 18 6-6-6-6')
const CLOSE = arrow('M18 6 6 18M6 6l12 12')

/** The card's id (where closing returns to) and the viewer's id of photo `n` (1-based). */
export const cardId = (n: number) => `kartu-${n}`
export const viewerId = (n: number) => `foto-${n}`

/** The caption's facts, the same on the card and in the viewer. */
export function photoFacts(p: PublicPhoto, timeZone: string): string[] {
  return [
    // Without a capture time, the upload time, said as such (never passed off as when it was taken).
    p.taken_at
      ? `Diambil ${formatMoment(p.taken_at, timeZone, true)}`
      : `Diunggah ${formatMoment(p.uploaded_at, timeZone, true)} (waktu ambil tidak tercatat)`,
    p.location ? `Lokasi: ${p.location}` : '',
    p.progress !== null ? `Progres ${p.progress}%` : '',
    `Oleh ${p.uploader}`,
  ].filter(Boolean)
}

/** Every photo's viewer, in page order; `n` counts from 1 over the whole page. */
export function lightboxes(photos: readonly PublicPhoto[], timeZone: string): string {
  const total = photos.length
  return photos
    .map((p, i) => {
      const n = i + 1
      const title = `${viewerId(n)}-t`
      const prev =
        n > 1
          ? `<a class="lb-prev" href="#${viewerId(n - 1)}" data-nav aria-label="Foto sebelumnya">${PREV}</a>`
          : ''
      const next =
        n < total
          ? `<a class="lb-next" href="#${viewerId(n + 1)}" data-nav aria-label="Foto berikutnya">${NEXT}</a>`
          : ''
      const size = p.width && p.height ? ` width="${p.width}" height="${p.height}"` : ''
      const status = STATUS[p.status] ?? p.status
      return `<div class="lb" id="${viewerId(n)}" role="dialog" aria-modal="true" aria-labelledby="${title}">
<div class="lb-bar"><span id="${title}">Foto ${n} dari ${total} <span class="lb-hint">· geser atau tekan ← →</span></span><a class="lb-close" href="#${cardId(n)}" data-nav aria-label="Tutup foto">${CLOSE}</a></div>
<div class="lb-stage">${prev}<img src="${esc(p.full_url)}" alt="${esc(p.description)}" loading="lazy" decoding="async"${size}>${next}</div>
<div class="lb-cap">${p.work_item ? `<span class="tag">${esc(p.work_item)}</span>` : ''}<span class="st ${esc(p.status)}">${esc(status)}</span><p>${esc(p.description)}</p><ul>${photoFacts(
        p,
        timeZone,
      )
        .map((f) => `<li>${esc(f)}</li>`)
        .join('')}</ul></div></div>`
    })
    .join('\n')
}
