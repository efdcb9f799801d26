import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import { DirectoryNames, safeSegment } from './zip-names'
import { planZip, type ZipEntry, ZipSourceMismatch, zipStream } from './zip-writer'

/*
 * The writer checked by other programs: Info-ZIP's `unzip -t` (every CRC, every header) and Python's
 * zipfile (sizes, names, bytes), including the ZIP64 paths, without ever writing gigabytes: the huge
 * entry is a virtual source of zeros and the archive lands in a sparse file (zero runs are skipped).
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-zip-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const WHEN = new Date('2025-03-05T14:30:08Z')
const bytesOf = (data: Buffer) => () => Promise.resolve(Readable.from([data]))
const file = (name: string, data: Buffer): ZipEntry => ({
  name,
  size: data.length,
  modified: WHEN,
  open: bytesOf(data),
})
const folder = (name: string): ZipEntry => ({ name, size: 0, modified: WHEN })

const ZERO = Buffer.alloc(1024 * 1024)
/** `size` zero bytes in 1 MiB chunks, made on the fly. */
function zeros(size: number) {
  return () =>
    Promise.resolve(
      Readable.from(
        (function* () {
          for (let left = size; left > 0; left -= ZERO.length)
            yield ZERO.subarray(0, Math.min(left, ZERO.length))
        })(),
      ),
    )
}

/** Writes the stream to `target`, leaving all-zero megabyte chunks as holes; returns the bytes written. */
async function toSparseFile(stream: Readable, target: string): Promise<number> {
  const fd = fs.openSync(target, 'w')
  let position = 0
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer
      const hole = buf.length >= 65536 && buf.equals(ZERO.subarray(0, buf.length))
      if (!hole) fs.writeSync(fd, buf, 0, buf.length, position)
      position += buf.length
    }
    fs.ftruncateSync(fd, position)
  } finally {
    fs.closeSync(fd)
  }
  return position
}

function python(script: string, ...args: string[]): string {
  return execFileSync('python3', ['-c', script, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
}

/** What Python's zipfile reads: every entry's name, size, flag bits and (for files) SHA-256. */
const PY_LIST = `
import sys, zipfile, hashlib, json
out = []
with zipfile.ZipFile(sys.argv[1]) as z:
    for i in z.infolist():
        h = None if i.is_dir() else hashlib.sha256(z.read(i)).hexdigest()
        out.append([i.filename, i.file_size, i.compress_type, i.flag_bits, h])
print(json.dumps(out))
`
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

describe('zip writer', () => {
  it('writes an archive of exactly the planned length that unzip tests clean and extracts byte for byte', async () => {
    const photo = Buffer.alloc(300_000)
    for (let i = 0; i < photo.length; i++) photo[i] = (i * 7919) % 251
    const entries: ZipEntry[] = [
      folder('Perencanaan/'),
      folder('Perencanaan/Struktur Ø/'),
      file('Perencanaan/Struktur Ø/Denah lantai 2 – revisi.pdf', Buffer.from('%PDF-1.4 denah')),
      file('Perencanaan/kosong.txt', Buffer.alloc(0)),
      file('Dokumentasi/001 Pengecoran/foto 日本.jpg', photo),
      file('Rekap/Laporan akhir.xlsx', Buffer.from('PK rekap')),
    ]
    const plan = planZip(entries, 'Asia/Jakarta')
    const target = path.join(dir, 'small.zip')
    const written = await toSparseFile(zipStream(plan), target)
    expect(written).toBe(plan.length)
    expect(fs.statSync(target).size).toBe(plan.length)
    expect(plan.zip64End).toBe(false)

    // Info-ZIP checks every CRC (from the data descriptors) and every header.
    const tested = execFileSync('unzip', ['-t', target], { encoding: 'utf8' })
    expect(tested).toContain('No errors detected')

    const listed = JSON.parse(python(PY_LIST, target)) as [string, number, number, number, string | null][]
    expect(listed.map((e) => e[0])).toEqual(entries.map((e) => e.name))
    for (const [name, size, method, flags, hash] of listed) {
      const entry = entries.find((e) => e.name === name) as ZipEntry
      expect(size, name).toBe(entry.size)
      expect(method, `${name} stored, not deflated`).toBe(0)
      expect(flags & 0x0800, `${name} UTF-8 flag`).toBe(0x0800)
      if (hash !== null) {
        const source = await (entry.open as () => Promise<Readable>)()
        const chunks: Buffer[] = []
        for await (const c of source) chunks.push(c as Buffer)
        expect(hash, name).toBe(sha(Buffer.concat(chunks)))
      }
    }

    // Extracted by unzip itself: the same bytes under the same (non-ASCII) names, and the times kept.
    const out = path.join(dir, 'small-out')
    execFileSync('unzip', ['-q', target, '-d', out])
    expect(fs.readFileSync(path.join(out, 'Dokumentasi/001 Pengecoran/foto 日本.jpg')).equals(photo)).toBe(
      true,
    )
    expect(fs.readFileSync(path.join(out, 'Perencanaan/kosong.txt')).length).toBe(0)
    expect(fs.statSync(path.join(out, 'Rekap/Laporan akhir.xlsx')).mtime.getTime()).toBe(
      Math.floor(WHEN.getTime() / 1000) * 1000,
    )
  })

  it("dates entries in the firm's time zone, which the zone-less DOS fields are read in (not the server's UTC)", async () => {
    const target = path.join(dir, 'zona.zip')
    await toSparseFile(zipStream(planZip([file('a.txt', Buffer.from('x'))], 'Asia/Jakarta')), target)
    const script =
      'import sys, zipfile, json; print(json.dumps(zipfile.ZipFile(sys.argv[1]).infolist()[0].date_time))'
    // 14:30:08 UTC is 21:30:08 in Jakarta (UTC+7), what a Jakarta office's unzip tool shows.
    expect(JSON.parse(python(script, target))).toEqual([2025, 3, 5, 21, 30, 8])
    await toSparseFile(zipStream(planZip([file('a.txt', Buffer.from('x'))], 'Asia/Jayapura')), target)
    expect(JSON.parse(python(script, target))).toEqual([2025, 3, 5, 23, 30, 8])
  })

  it('lists the same entries with the same bytes as yazl does for the same files', async () => {
    const entries = [file('a/b.txt', Buffer.from('halo')), file('c.bin', Buffer.from([0, 1, 2, 255]))]
    const ours = path.join(dir, 'ours.zip')
    await toSparseFile(zipStream(planZip(entries, 'Asia/Jakarta')), ours)
    const z = new ZipFile()
    z.addBuffer(Buffer.from('halo'), 'a/b.txt', { compress: false, mtime: WHEN })
    z.addBuffer(Buffer.from([0, 1, 2, 255]), 'c.bin', { compress: false, mtime: WHEN })
    z.end()
    const theirs = path.join(dir, 'yazl.zip')
    await new Promise<void>((resolve, reject) =>
      z.outputStream.pipe(fs.createWriteStream(theirs)).on('finish', resolve).on('error', reject),
    )
    const strip = (rows: [string, number, number, number, string | null][]) =>
      rows.map(([name, size, method, , hash]) => [name, size, method, hash])
    expect(strip(JSON.parse(python(PY_LIST, ours)))).toEqual(strip(JSON.parse(python(PY_LIST, theirs))))
  })

  it('switches to a ZIP64 end record past 65,535 entries', async () => {
    const count = 70_000
    const entries: ZipEntry[] = []
    for (let i = 0; i < count; i++) entries.push(file(`f/${i}.txt`, Buffer.from(String(i % 10))))
    const plan = planZip(entries, 'Asia/Jakarta')
    expect(plan.zip64End).toBe(true)
    const target = path.join(dir, 'many.zip')
    expect(await toSparseFile(zipStream(plan), target)).toBe(plan.length)
    expect(execFileSync('unzip', ['-tq', target], { encoding: 'utf8' })).toContain('No errors detected')
    const counted = python(
      `import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
print(len(names), z.read('f/69999.txt').decode(), z.read('f/12345.txt').decode())`,
      target,
    )
    expect(counted.trim()).toBe('70000 9 5')
  })

  it('writes a ZIP64 entry past 4 GiB, and the entries after it at offsets past 4 GiB', async () => {
    const big = 2 ** 32 + 5 // one of its own sizes overflows, and so does the next entry's offset
    const entries: ZipEntry[] = [
      file('awal.txt', Buffer.from('sebelum')),
      { name: 'besar.bin', size: big, modified: WHEN, open: zeros(big) },
      file('akhir.txt', Buffer.from('sesudah yang besar')),
    ]
    const plan = planZip(entries, 'Asia/Jakarta')
    expect(plan.centralOffset).toBeGreaterThan(2 ** 32)
    const target = path.join(dir, 'big.zip')
    expect(await toSparseFile(zipStream(plan), target)).toBe(plan.length)
    const checked = python(
      `import sys, zipfile, zlib
z = zipfile.ZipFile(sys.argv[1])
info = z.getinfo('besar.bin')
crc = 0
with z.open(info) as f:  # ZipExtFile checks the CRC at the end
    while True:
        b = f.read(8 << 20)
        if not b: break
        crc = zlib.crc32(b, crc)
print(info.file_size, info.compress_type, z.read('akhir.txt').decode(), z.read('awal.txt').decode(), crc == info.CRC)`,
      target,
    )
    expect(checked.trim()).toBe(`${big} 0 sesudah yang besar sebelum True`)
    // Info-ZIP reads the ZIP64 records too (the entry past the 4 GiB offset, tested by its CRC).
    expect(execFileSync('unzip', ['-t', target, 'akhir.txt'], { encoding: 'utf8' })).toContain(
      'No errors detected',
    )
  }, 180_000)

  it('opens one source at a time, and closes the open one when the reader goes away', async () => {
    let open = 0
    let maxOpen = 0
    let opened = 0
    const closed: string[] = []
    const tracked = (name: string, size: number): ZipEntry => ({
      name,
      size,
      modified: WHEN,
      open: async () => {
        opened += 1
        open += 1
        maxOpen = Math.max(maxOpen, open)
        const source = Readable.from(
          (function* () {
            for (let left = size; left > 0; left -= 64 * 1024)
              yield Buffer.alloc(Math.min(left, 64 * 1024), 1)
          })(),
        )
        source.once('close', () => {
          open -= 1
          closed.push(name)
        })
        return source
      },
    })
    const entries = Array.from({ length: 5 }, (_, i) => tracked(`f${i}.bin`, 4 * 1024 * 1024))
    const stream = zipStream(planZip(entries, 'Asia/Jakarta'))
    let received = 0
    await new Promise<void>((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length
        // Gone half-way through the second file, as a browser tab that was closed.
        if (received > 6 * 1024 * 1024) {
          stream.destroy()
          resolve()
        }
      })
    })
    await new Promise((r) => setTimeout(r, 50))
    expect(maxOpen).toBe(1)
    expect(open).toBe(0)
    expect(opened).toBe(2)
    expect(closed).toEqual(['f0.bin', 'f1.bin'])
  })

  it('fails the stream instead of sending a wrong archive when a source disagrees with its size', async () => {
    const plan = planZip([{ ...file('x.txt', Buffer.from('pendek')), size: 10 }], 'Asia/Jakarta')
    await expect(toSparseFile(zipStream(plan), path.join(dir, 'bad.zip'))).rejects.toBeInstanceOf(
      ZipSourceMismatch,
    )
    const long = planZip([{ ...file('y.txt', Buffer.from('terlalu panjang')), size: 3 }], 'Asia/Jakarta')
    await expect(toSparseFile(zipStream(long), path.join(dir, 'bad2.zip'))).rejects.toBeInstanceOf(
      ZipSourceMismatch,
    )
  })
})

describe('zip names', () => {
  it('makes every segment safe to extract anywhere', () => {
    expect(safeSegment('..')).toBe('tanpa nama')
    expect(safeSegment('../../etc/passwd')).toBe('.._.._etc_passwd')
    expect(safeSegment('C:\\Windows\\x.dll')).toBe('C__Windows_x.dll')
    expect(safeSegment('/abs/path')).toBe('_abs_path')
    expect(safeSegment('laporan.  ')).toBe('laporan')
    expect(safeSegment('CON.txt')).toBe('_CON.txt')
    expect(safeSegment('a\u0000b\nc')).toBe('a_b_c')
    expect(safeSegment('Cafe\u0301')).toBe('Café') // NFC
    const long = `${'ä'.repeat(300)}.pdf`
    const cut = safeSegment(long)
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(240)
    expect(cut.endsWith('.pdf')).toBe(true)
  })

  it('numbers duplicates within a directory, case-insensitively, before the extension', () => {
    const names = new DirectoryNames()
    expect(names.file('Laporan.pdf')).toBe('Laporan.pdf')
    expect(names.file('laporan.PDF')).toBe('laporan (2).PDF')
    expect(names.file('Laporan.pdf')).toBe('Laporan (3).pdf')
    expect(names.folder('Laporan.pdf')).toBe('Laporan.pdf (2)')
    expect(names.file('a/b')).toBe('a_b')
  })
})
