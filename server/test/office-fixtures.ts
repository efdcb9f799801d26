import { ZipFile } from 'yazl'

/** Small but real-shaped PDF and Office files, recognised by their bytes (server/uploads/sniff.ts). */

export const pdf = (text = 'rekap') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${text}) >> endobj\ntrailer <<>>\n%%EOF\n`)

/** A zip of text entries, by name. */
export function zipOf(parts: Record<string, string>): Promise<Buffer> {
  const z = new ZipFile()
  for (const [name, text] of Object.entries(parts)) z.addBuffer(Buffer.from(text), name)
  z.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    z.outputStream.on('data', (c: Buffer) => chunks.push(c))
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    z.outputStream.on('error', reject)
  })
}

const CT = '[Content_Types].xml'
export const docx = (text = 'rekap') => zipOf({ [CT]: '<Types/>', 'word/document.xml': `<w>${text}</w>` })
export const xlsx = (text = 'rekap') => zipOf({ [CT]: '<Types/>', 'xl/workbook.xml': `<x>${text}</x>` })
export const pptx = (text = 'rekap') => zipOf({ [CT]: '<Types/>', 'ppt/presentation.xml': `<p>${text}</p>` })
/** A zip that is no Office document. */
export const plainZip = () => zipOf({ 'foto.jpg': 'x', 'catatan.txt': 'y' })

const FREE = 0xffffffff
const END = 0xfffffffe
/**
 * A minimal OLE2 compound file (512-byte sectors): sector 0 is the FAT, the directory takes the next
 * sectors (four entries each, chained through the FAT), so the sniffer has to follow the chain.
 */
export function compoundFile(streams: string[]) {
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
export const doc = () => compoundFile(['WordDocument'])
export const xls = () => compoundFile(['Workbook'])
export const ppt = () => compoundFile(['PowerPoint Document'])

/** A Windows program's first bytes (MZ header and DOS stub), for "renamed .exe" cases. */
export const exe = () =>
  Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    Buffer.alloc(120),
    Buffer.from('This program cannot be run in DOS mode.'),
  ])
