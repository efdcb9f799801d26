import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
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

function zip(names: string[]): Promise<Buffer> {
  const z = new ZipFile()
  for (const name of names) z.addBuffer(Buffer.from(`<x>${name}</x>`), name)
  z.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    z.outputStream.on('data', (c: Buffer) => chunks.push(c))
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    z.outputStream.on('error', reject)
  })
}

const FREE = 0xffffffff
const END = 0xfffffffe
/**
 * A minimal OLE2 compound file (512-byte sectors): sector 0 is the FAT, the directory takes the next
 * sectors (four entries each, chained through the FAT), so the sniffer has to follow the chain.
 */
function compoundFile(streams: string[]) {
  const entries = ['Root Entry', ...streams]
  const dirSectors = Math.ceil(entries.length / 4)
  const header = Buffer.alloc(512)
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0)
  header.writeUInt16LE(0x3e, 0x18)
  header.writeUInt16LE(3, 0x1a)
  header.writeUInt16LE(0xfffe, 0x1c)
  header.writeUInt16LE(9, 0x1e)
  header.writeUInt16LE(6, 0x20)
  header.writeUInt32LE(1, 0x2c) // one FAT sector
  header.writeUInt32LE(1, 0x30) // directory starts at sector 1
  header.writeUInt32LE(4096, 0x38)
  header.writeUInt32LE(END, 0x3c)
  header.writeUInt32LE(END, 0x44) // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4)
  const fat = Buffer.alloc(512, 0xff)
  fat.writeUInt32LE(0xfffffffd, 0) // sector 0 holds the FAT itself
  for (let s = 1; s <= dirSectors; s++) fat.writeUInt32LE(s === dirSectors ? END : s + 1, s * 4)
  const directory = Buffer.alloc(dirSectors * 512)
  entries.forEach((name, i) => {
    const o = i * 128
    directory.write(name, o, 'utf16le')
    directory.writeUInt16LE((name.length + 1) * 2, o + 0x40)
    directory[o + 0x42] = i === 0 ? 5 : 2
  })
  return Buffer.concat([header, fat, directory])
}

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
