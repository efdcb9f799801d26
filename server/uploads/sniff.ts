import fs from 'node:fs'
// The kinds with their extension and type are the blob store's table (it serves blobs by extension).
import { type FileKind, KINDS } from '../storage/kinds'

/**
 * What a file is, decided by its bytes (magic numbers and container contents), never by the name or the
 * Content-Type the client sent: both are the client's word, and a '.png' that is really an HTML page
 * served from /storage would be a stored XSS.
 */
export { type FileKind, KINDS }

export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp', 'gif', 'heic', 'avif']
export const OFFICE_KINDS: readonly FileKind[] = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt']
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', ...OFFICE_KINDS]
/**
 * Any bytes at all (the perencanaan and pengawasan areas): the known kinds are still recognised and
 * recorded, everything else is 'other' and only ever served as an attachment, never rendered.
 */
export const ANY_KIND: readonly FileKind[] = Object.keys(KINDS) as FileKind[]
const ZIP_KINDS: readonly FileKind[] = ['docx', 'xlsx', 'pptx']
const OLE_KINDS: readonly FileKind[] = ['doc', 'xls', 'ppt']

/** How many leading bytes sniffHead() wants. */
export const HEAD_BYTES = 4096

/** What the first bytes say: a kind, or a container (zip, OLE2) whose kind needs the whole file. */
export type HeadVerdict = FileKind | 'zip' | 'ole' | undefined

export function sniffHead(head: Buffer): HeadVerdict {
  const at = (offset: number, text: string) => head.toString('latin1', offset, offset + text.length) === text
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'png'
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'gif'
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp'
  if (at(4, 'ftyp')) return isoBrand(head)
  if (at(0, 'PK\x03\x04')) return 'zip'
  if (at(0, '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1')) return 'ole'
  // Readers tolerate a header up to 1 KB in, which let an HTML page that mentions '%PDF-' pass as a PDF:
  // the header must open the file (and resolveKind wants the trailer at its end).
  if (at(0, '%PDF-')) return 'pdf'
  return undefined
}

/** Whether a file with this head may still turn out to be one of `accept` once complete. */
export function couldBe(verdict: HeadVerdict, accept: readonly FileKind[]): boolean {
  if (accept.includes('other')) return true
  if (verdict === 'zip') return ZIP_KINDS.some((k) => accept.includes(k))
  if (verdict === 'ole') return OLE_KINDS.some((k) => accept.includes(k))
  return verdict !== undefined && accept.includes(verdict)
}

/** A PDF ends with '%%EOF' (then at most a line end or some padding): the last KB must hold it. */
const PDF_TAIL_BYTES = 1024

async function hasPdfTrailer(read: Read, size: number): Promise<boolean> {
  const start = Math.max(0, size - PDF_TAIL_BYTES)
  return (await read(start, size - start)).includes('%%EOF', 0, 'latin1')
}

/** The final kind of a complete file whose head gave `verdict`. */
export async function resolveKind(
  verdict: HeadVerdict,
  file: string | { read: Read; size: number },
): Promise<FileKind | undefined> {
  if (verdict !== 'zip' && verdict !== 'ole' && verdict !== 'pdf') return verdict
  // Bytes staged in the object store (receive.ts): read by ranges from there.
  if (typeof file !== 'string') {
    try {
      if (verdict === 'pdf') return (await hasPdfTrailer(file.read, file.size)) ? 'pdf' : undefined
      return verdict === 'zip'
        ? await officeOpenXmlKind(file.read, file.size)
        : await compoundFileKind(file.read)
    } catch {
      return undefined
    }
  }
  const handle = await fs.promises.open(file, 'r')
  try {
    const size = (await handle.stat()).size
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - position)))
      const { bytesRead } = await handle.read(buf, 0, buf.length, position)
      return buf.subarray(0, bytesRead)
    }
    if (verdict === 'pdf') return (await hasPdfTrailer(read, size)) ? 'pdf' : undefined
    return verdict === 'zip' ? await officeOpenXmlKind(read, size) : await compoundFileKind(read)
  } catch {
    return undefined
  } finally {
    await handle.close()
  }
}

export async function sniffFile(file: string): Promise<FileKind | undefined> {
  const handle = await fs.promises.open(file, 'r')
  const head = Buffer.alloc(HEAD_BYTES)
  let bytesRead: number
  try {
    ;({ bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0))
  } finally {
    await handle.close()
  }
  return resolveKind(sniffHead(head.subarray(0, bytesRead)), file)
}

export type Read = (position: number, length: number) => Promise<Buffer>

// HEIF and AVIF are ISO-BMFF files: an 'ftyp' box names a major brand and compatible brands.
function isoBrand(head: Buffer): HeadVerdict {
  if (head.length < 16) return undefined
  const boxEnd = Math.min(head.readUInt32BE(0), head.length)
  const brands = [head.toString('latin1', 8, 12)]
  for (let o = 16; o + 4 <= boxEnd; o += 4) brands.push(head.toString('latin1', o, o + 4))
  if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif'
  const heif = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']
  if (brands.some((b) => heif.includes(b))) return 'heic'
  return undefined
}

/**
 * docx, xlsx and pptx are zip files; which one is told by the parts listed in the central directory
 * (at the end of the file, so the order in which a writer stored the entries does not matter).
 */
async function officeOpenXmlKind(read: Read, size: number): Promise<FileKind | undefined> {
  // End of central directory record: 22 bytes plus a comment of at most 65,535.
  const tailStart = Math.max(0, size - 22 - 0xffff)
  const tail = await read(tailStart, size - tailStart)
  let eocd = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return undefined
  const entries = tail.readUInt16LE(eocd + 10)
  const cdSize = tail.readUInt32LE(eocd + 12)
  const cdOffset = tail.readUInt32LE(eocd + 16)
  // An Office file's directory is a few KB; a huge one is not an Office file (and not worth reading).
  if (cdSize > 4 * 1024 * 1024 || cdOffset + cdSize > size) return undefined
  const cd = await read(cdOffset, cdSize)
  const names = new Set<string>()
  for (let o = 0, n = 0; n < entries && o + 46 <= cd.length; n++) {
    if (cd.readUInt32LE(o) !== 0x02014b50) return undefined
    const nameLength = cd.readUInt16LE(o + 28)
    names.add(cd.toString('utf8', o + 46, o + 46 + nameLength))
    o += 46 + nameLength + cd.readUInt16LE(o + 30) + cd.readUInt16LE(o + 32)
  }
  if (!names.has('[Content_Types].xml')) return undefined
  if (names.has('word/document.xml')) return 'docx'
  if (names.has('xl/workbook.xml')) return 'xlsx'
  if (names.has('ppt/presentation.xml')) return 'pptx'
  return undefined
}

const END_OF_CHAIN = 0xfffffffa // this and above: end of chain, free, FAT or DIFAT sector markers
const MAX_SECTORS = 4096 // bounds every chain walk (with loop detection): a crafted file cannot stall it

/**
 * doc, xls and ppt are OLE2 compound files (a little FAT filesystem); which one is told by the name of
 * the main stream in its directory: WordDocument, Workbook (or Book for Excel 5), PowerPoint Document.
 */
async function compoundFileKind(read: Read): Promise<FileKind | undefined> {
  const header = await read(0, 512)
  if (header.length < 512) return undefined
  const shift = header.readUInt16LE(0x1e)
  if (shift !== 9 && shift !== 12) return undefined
  const sectorSize = 1 << shift
  const sector = (n: number) => read((n + 1) * sectorSize, sectorSize)

  // Where the FAT sectors are: 109 in the header, the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = []
  for (let i = 0; i < 109; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4))
  let difat = header.readUInt32LE(0x44)
  for (let hops = 0; difat < END_OF_CHAIN && hops < MAX_SECTORS; hops++) {
    const s = await sector(difat)
    const perSector = sectorSize / 4 - 1
    for (let i = 0; i < perSector; i++) fatSectors.push(s.readUInt32LE(i * 4))
    difat = s.readUInt32LE(perSector * 4)
  }
  const next = async (n: number) => {
    const perSector = sectorSize / 4
    const fat = fatSectors[Math.floor(n / perSector)]
    if (fat === undefined || fat >= END_OF_CHAIN) return END_OF_CHAIN
    const s = await sector(fat)
    return s.length >= ((n % perSector) + 1) * 4 ? s.readUInt32LE((n % perSector) * 4) : END_OF_CHAIN
  }

  const streams = new Set<string>()
  const seen = new Set<number>()
  for (let dir = header.readUInt32LE(0x30); dir < END_OF_CHAIN && !seen.has(dir); dir = await next(dir)) {
    if (seen.add(dir).size > MAX_SECTORS) break
    const s = await sector(dir)
    for (let o = 0; o + 128 <= s.length; o += 128) {
      const nameBytes = Math.min(s.readUInt16LE(o + 0x40), 64)
      const type = s[o + 0x42]
      if (type === 2 && nameBytes >= 2) streams.add(s.toString('utf16le', o, o + nameBytes - 2))
    }
  }
  if (streams.has('WordDocument')) return 'doc'
  if (streams.has('Workbook') || streams.has('Book')) return 'xls'
  if (streams.has('PowerPoint Document')) return 'ppt'
  return undefined
}
