import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { compoundFile, zipOf } from '../test/office-fixtures'
import { couldBe, DOCUMENT_KINDS, IMAGE_KINDS, sniffFile, sniffHead } from './sniff'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-sniff-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

let n = 0
function file(data: Buffer) {
  n += 1
  const p = path.join(dir, `f${n}`)
  fs.writeFileSync(p, data)
  return p
}

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#3070c0' } })
    .toFormat(format)
    .toBuffer()

/** An ISO-BMFF head: an 'ftyp' box with a major brand and compatible brands. */
function ftyp(major: string, ...compatible: string[]) {
  const box = Buffer.alloc(16 + compatible.length * 4)
  box.writeUInt32BE(box.length, 0)
  box.write(`ftyp${major}`, 4, 'latin1')
  for (const [i, b] of compatible.entries()) box.write(b, 16 + i * 4, 'latin1')
  return Buffer.concat([box, Buffer.alloc(64)])
}

/** A zip whose entries have these names (each a tiny XML part). */
const zip = (names: string[]) => zipOf(Object.fromEntries(names.map((name) => [name, `<x>${name}</x>`])))

describe('sniffing by magic bytes', () => {
  it('recognises the images', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      expect(await sniffFile(file(await image(format))), format).toBe(format)
    }
    expect(sniffHead(ftyp('heic', 'mif1', 'heic'))).toBe('heic')
    expect(sniffHead(ftyp('mif1', 'heic'))).toBe('heic')
    expect(sniffHead(ftyp('mif1', 'avif'))).toBe('avif')
    expect(sniffHead(ftyp('isom', 'mp41'))).toBeUndefined() // an MP4 video is no image
  })
  it('recognises a PDF by its header at the start and its %%EOF trailer, nothing less', async () => {
    expect(await sniffFile(file(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n')))).toBe('pdf')
    // An HTML page that mentions '%PDF-' near its top, as the probe uploaded it as a recap file.
    const html = Buffer.from('<!doctype html><html><body><pre>%PDF-1.4</pre></body></html>\n%%EOF')
    expect(await sniffFile(file(html))).toBeUndefined()
    expect(
      await sniffFile(file(Buffer.concat([Buffer.alloc(100, 32), Buffer.from('%PDF-1.4\n%%EOF')]))),
    ).toBeUndefined()
    // Header but no trailer: cut off, or not a PDF.
    expect(await sniffFile(file(Buffer.from('%PDF-1.7\n...')))).toBeUndefined()
  })
  it('tells docx, xlsx and pptx apart by their parts, wherever the writer put them', async () => {
    const ct = '[Content_Types].xml'
    expect(await sniffFile(file(await zip([ct, '_rels/.rels', 'word/document.xml'])))).toBe('docx')
    expect(await sniffFile(file(await zip(['xl/styles.xml', 'xl/workbook.xml', ct])))).toBe('xlsx')
    expect(await sniffFile(file(await zip(['ppt/slides/slide1.xml', 'ppt/presentation.xml', ct])))).toBe(
      'pptx',
    )
    expect(await sniffFile(file(await zip(['foto.jpg', 'catatan.txt'])))).toBeUndefined() // a plain zip
    expect(await sniffFile(file(await zip(['word/document.xml'])))).toBeUndefined()
  })
  it('tells doc, xls and ppt apart by their main stream, following the directory chain', async () => {
    expect(await sniffFile(file(compoundFile(['\u0001CompObj', 'WordDocument', '1Table'])))).toBe('doc')
    expect(await sniffFile(file(compoundFile(['SummaryInformation', 'a', 'b', 'c', 'd', 'Workbook'])))).toBe(
      'xls',
    )
    expect(await sniffFile(file(compoundFile(['Current User', 'PowerPoint Document'])))).toBe('ppt')
    expect(await sniffFile(file(compoundFile(['__substg1.0_0037001F'])))).toBeUndefined() // an Outlook .msg
  })
  it('gives up on anything else, broken containers included, without throwing', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>')
    expect(await sniffFile(file(html))).toBeUndefined()
    expect(await sniffFile(file(Buffer.alloc(0)))).toBeUndefined()
    expect(await sniffFile(file(Buffer.from('PK\x03\x04 truncated')))).toBeUndefined()
    const ole = compoundFile(['WordDocument'])
    expect(await sniffFile(file(ole.subarray(0, 700)))).toBeUndefined()
    // A directory chain that loops forever ends at the sector bound.
    const looping = Buffer.from(ole)
    looping.writeUInt32LE(1, 512 + 4)
    expect(await sniffFile(file(looping))).toBe('doc')
  })
})

describe('couldBe: the early refusal from the first bytes', () => {
  it('keeps containers open only for routes that take their kinds', () => {
    expect(couldBe('zip', DOCUMENT_KINDS)).toBe(true)
    expect(couldBe('zip', IMAGE_KINDS)).toBe(false)
    expect(couldBe('ole', ['doc'])).toBe(true)
    expect(couldBe('png', IMAGE_KINDS)).toBe(true)
    expect(couldBe('pdf', IMAGE_KINDS)).toBe(false)
    expect(couldBe(undefined, DOCUMENT_KINDS)).toBe(false)
  })
})
