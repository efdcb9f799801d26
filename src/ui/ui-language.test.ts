import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALLOWED } from './ui-language-allow'
import { type Finding, scanSource } from './ui-language-scan'

/*
 * Indonesian everywhere (issue 32): no English in what the user reads, except what SPEC dictates in
 * English, API value names and the marked pending entries (ui-language-allow.ts).
 */

const root = path.resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return p.includes(`${path.sep}theme`) ? [] : sources(p)
    // Not UI: tests, the generated route tree, OpenAPI descriptions (*.endpoints.ts), this scanner.
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$|routeTree\.gen|\.endpoints\.ts$|^ui-language/.test(e.name))
      return []
    return [p]
  })
}

/** The share link's public pages are HTML written on the server; their text is UI too. */
function sharePages(): string[] {
  const dir = path.join(root, 'server/modules/shares')
  return fs
    .readdirSync(dir)
    .filter((f) => /^(share-pages|page-shell|share-lightbox)\.ts$/.test(f))
    .map((f) => path.join(dir, f))
}

function scanFiles(files: string[]): Finding[] {
  return files.flatMap((f) => scanSource(path.relative(root, f), fs.readFileSync(f, 'utf8')))
}

describe('UI language', () => {
  it('shows no English outside the allow-list', () => {
    const files = [...sources(path.join(root, 'src')), ...sharePages()]
    expect(files.length).toBeGreaterThan(100)
    const english = scanFiles(files)
      .filter((f) => !ALLOWED.has(f.text))
      .map((f) => `${f.file}:${f.line} "${f.text}" (${f.words.join(', ')})`)
    expect(english).toEqual([])
  })

  it('catches English in JSX text, shown attributes, toasts and message constants', () => {
    const source = `
      export const MSG = { saved: 'Changes saved successfully' }
      export function A() {
        notify('error', 'Upload failed, please retry')
        return <div aria-label="Close dialog" title={busy ? 'Memuat' : 'Loading data'}>Upload your photos</div>
      }`
    const texts = scanSource('injected.tsx', source).map((f) => f.text)
    expect(texts).toEqual([
      'Changes saved successfully',
      'Upload failed, please retry',
      'Close dialog',
      'Loading data',
      'Upload your photos',
    ])
  })

  it('leaves alone what the user never reads, and Indonesian with its loan words', () => {
    const source = `
      import { x } from './not-shown'
      console.error('Project detail could not be loaded', err)
      if (role === 'Not an admin') throw new Error('Something is wrong here')
      const s = css({ transition: 'all 0.2s ease-out', animation: 'fadeIn 120ms ease-in' })
      export function B() {
        return <p className="text-from-the-left" data-testid="not-stored">Menunggu File Review di Dashboard · Download Project</p>
      }`
    // 'Download' is English: only the SPEC allow-list lets 'Download Project' through, not the scanner.
    expect(scanSource('quiet.tsx', source).map((f) => f.words)).toEqual([['download']])
  })

  it('reads the share page’s HTML text, not its tag and attribute names', () => {
    const html = 'const page = `<input required autocomplete="one-time-code"><p>Tautan dibuka</p>`'
    expect(scanSource('page.ts', html)).toEqual([])
    const english = 'const page = `<dl><dt>Jumlah foto</dt><dd>Open the link</dd></dl>`'
    expect(scanSource('page.ts', english).map((f) => f.words)).toEqual([['open', 'the']])
  })
})
