// Renders the PWA icons in public/icons from the logo mark. Run once: node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs'
import sharp from 'sharp'

const mark = (rx) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" fill="none">
  <defs><linearGradient id="g" x1="0" y1="0" x2="64" y2="64" gradientUnits="userSpaceOnUse">
    <stop stop-color="#3b82f6"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>
  <rect width="64" height="64" rx="${rx}" fill="url(#g)"/>
  <g transform="translate(32 32) scale(SCALE) translate(-32 -32)">
    <rect x="18" y="13" width="28" height="8" rx="3" fill="#fff" fill-opacity="0.45"/>
    <path d="M13 24a4 4 0 0 1 4-4h9.3a4 4 0 0 1 3 1.35l2.2 2.45a4 4 0 0 0 3 1.35H47a4 4 0 0 1 4 4V46a4 4 0 0 1-4 4H17a4 4 0 0 1-4-4Z" fill="#fff"/>
    <path d="M24 36.5l5.5 5.5L41 30.5" stroke="#1d4ed8" stroke-width="4.2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`

mkdirSync('public/icons', { recursive: true })
const render = (svg, size, out) =>
  sharp(Buffer.from(svg), { density: 600 }).resize(size, size).png().toFile(out)
// Regular icons: rounded tile. Maskable: full-bleed square, glyph shrunk into the 80% safe zone.
await render(mark(14).replace('SCALE', '1'), 192, 'public/icons/icon-192.png')
await render(mark(14).replace('SCALE', '1'), 512, 'public/icons/icon-512.png')
await render(mark(0).replace('SCALE', '0.78'), 512, 'public/icons/icon-maskable-512.png')
console.log('icons written')
