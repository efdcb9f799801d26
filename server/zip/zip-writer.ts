import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'

/*
 * A streaming zip writer whose exact length is known before the first byte (so the download carries a
 * true Content-Length and the browser's progress is real), for archives of files that are already
 * compressed (photos, office files, PDFs): every entry is STORED, never deflated.
 *
 * Why data descriptors: a stored entry's local header wants its CRC-32 before its bytes, and the rows
 * know sizes but not CRCs. Reading each file twice (once for the CRC, once to send) would double the
 * disk work of a multi-gigabyte export, and CRCs kept at upload would need every upload path (and every
 * old row) to carry one. With general purpose bit 3 the CRC travels in a data descriptor after the
 * bytes, computed while they pass; everything else is sized from the declared lengths alone, so the
 * whole archive's length is a sum known up front. Readers that use the central directory (Info-ZIP
 * unzip, 7-Zip, Windows Explorer, macOS Archive Utility, Python zipfile) read these archives as usual.
 *
 * ZIP64 (APPNOTE 4.5.3) where the classic fields overflow: an entry of 4 GiB or more gets a ZIP64 extra
 * field in both headers and 8-byte sizes in its descriptor; an entry whose local header starts at or past
 * 4 GiB gets its offset in a ZIP64 extra of its central record; and the archive ends with a ZIP64 end
 * record and locator once it holds 65,535 entries or more, or its directory sits or reaches past 4 GiB.
 */

/** One entry: a file whose bytes come from `open`, opened only when its turn comes, or a directory. */
export type ZipEntry = {
  /** The path inside the archive, '/'-separated, already safe (see zip-names.ts); directories end in '/'. */
  name: string
  /** The exact byte count `open` will give; the writer fails the stream when the source disagrees. */
  size: number
  modified: Date
  /** Absent for directories. */
  open?: () => Promise<Readable>
}

const U32_MAX = 0xffffffff
const U16_MAX = 0xffff

const SIG_LOCAL = 0x04034b50
const SIG_DESCRIPTOR = 0x08074b50
const SIG_CENTRAL = 0x02014b50
const SIG_ZIP64_END = 0x06064b50
const SIG_ZIP64_LOCATOR = 0x07064b50
const SIG_END = 0x06054b50

const FLAG_DESCRIPTOR = 0x0008
const FLAG_UTF8 = 0x0800
/** 4.5 (ZIP64) where needed, else 2.0; the "made by" side says Unix so the mode bits below are read. */
const VERSION_ZIP64 = 45
const VERSION_DEFAULT = 20
const MADE_BY_UNIX = 3 << 8

const EXTRA_ZIP64 = 0x0001
/** Info-ZIP extended timestamp: the modification time in UTC, which the DOS fields cannot say. */
const EXTRA_TIME = 0x5455
const TIME_EXTRA_BYTES = 9

const LOCAL_FIXED = 30
const CENTRAL_FIXED = 46
const ZIP64_END_BYTES = 56
const ZIP64_LOCATOR_BYTES = 20
const END_BYTES = 22

const MODE_FILE = 0o100644
const MODE_DIR = 0o040755
const DOS_DIRECTORY = 0x10

/** Where each entry lands, computed once from the declared sizes; the stream and the length share it. */
type Planned = {
  entry: ZipEntry
  name: Buffer
  /** The DOS date and time of `entry.modified`, as wall-clock time in the plan's time zone. */
  dos: { date: number; time: number }
  isDir: boolean
  /** The entry's own sizes need ZIP64 (4 GiB or more). */
  big: boolean
  offset: number
}

export type ZipPlan = {
  entries: readonly Planned[]
  /** Bytes before the central directory. */
  centralOffset: number
  centralSize: number
  zip64End: boolean
  /** The archive's exact length. */
  length: number
}

const isDirectory = (e: ZipEntry) => e.name.endsWith('/')

function localHeaderSize(p: Pick<Planned, 'name' | 'big'>) {
  return LOCAL_FIXED + p.name.length + TIME_EXTRA_BYTES + (p.big ? 20 : 0)
}

function descriptorSize(p: Pick<Planned, 'isDir' | 'big'>) {
  if (p.isDir) return 0
  return p.big ? 24 : 16
}

/** The ZIP64 extra of a central record: only the fields whose classic slot overflows, in APPNOTE order. */
function centralZip64Fields(p: Planned): bigint[] {
  const fields: bigint[] = []
  if (p.big) fields.push(BigInt(p.entry.size), BigInt(p.entry.size))
  if (p.offset >= U32_MAX) fields.push(BigInt(p.offset))
  return fields
}

function centralHeaderSize(p: Planned) {
  const zip64 = centralZip64Fields(p).length
  return CENTRAL_FIXED + p.name.length + TIME_EXTRA_BYTES + (zip64 ? 4 + zip64 * 8 : 0)
}

/**
 * Lays out the archive: every offset and the total length, from names and declared sizes alone. The DOS
 * times carry no zone and every unzip tool shows them as they are: they are written as wall-clock time
 * in `timeZone` (the firm's, not the server's, which is usually UTC: 7 hours early in Jakarta).
 */
export function planZip(entries: readonly ZipEntry[], timeZone: string): ZipPlan {
  const wallClock = wallClockIn(timeZone)
  const planned: Planned[] = []
  let offset = 0
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new Error(`zip: bad size for ${entry.name}`)
    const isDir = isDirectory(entry)
    if (isDir && entry.size !== 0) throw new Error(`zip: directory ${entry.name} with bytes`)
    if (!isDir && !entry.open) throw new Error(`zip: file ${entry.name} without a source`)
    const name = Buffer.from(entry.name, 'utf8')
    if (name.length > U16_MAX) throw new Error(`zip: name too long: ${entry.name.slice(0, 80)}`)
    const p: Planned = {
      entry,
      name,
      dos: dosDateTime(wallClock(entry.modified)),
      isDir,
      big: entry.size >= U32_MAX,
      offset,
    }
    planned.push(p)
    offset += localHeaderSize(p) + entry.size + descriptorSize(p)
  }
  const centralOffset = offset
  let centralSize = 0
  for (const p of planned) centralSize += centralHeaderSize(p)
  const zip64End = planned.length >= U16_MAX || centralOffset >= U32_MAX || centralSize >= U32_MAX
  const length =
    centralOffset + centralSize + (zip64End ? ZIP64_END_BYTES + ZIP64_LOCATOR_BYTES : 0) + END_BYTES
  return { entries: planned, centralOffset, centralSize, zip64End, length }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The calendar fields of an instant as a clock in `timeZone` shows them. */
function wallClockIn(timeZone: string): (d: Date) => WallClock | undefined {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
  return (d) => {
    if (Number.isNaN(d.getTime())) return undefined
    const f: Record<string, number> = {}
    for (const part of format.formatToParts(d)) if (part.type !== 'literal') f[part.type] = Number(part.value)
    return { year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, second: f.second }
  }
}

/** MS-DOS date and time (wall-clock, 2-second steps, 1980-2107), as every zip reader expects. */
function dosDateTime(w: WallClock | undefined): { date: number; time: number } {
  if (!w || Number.isNaN(w.year) || w.year < 1980) return { date: (1 << 5) | 1, time: 0 }
  const y = Math.min(w.year, 2107)
  return {
    date: ((y - 1980) << 9) | (w.month << 5) | w.day,
    time: (w.hour << 11) | (w.minute << 5) | Math.floor(w.second / 2),
  }
}

function unixSeconds(d: Date): number {
  const s = Math.floor(d.getTime() / 1000)
  return Number.isFinite(s) ? Math.max(0, Math.min(s, U32_MAX)) : 0
}

function localHeader(p: Planned): Buffer {
  const buf = Buffer.alloc(localHeaderSize(p))
  const { date, time } = p.dos
  buf.writeUInt32LE(SIG_LOCAL, 0)
  buf.writeUInt16LE(p.big ? VERSION_ZIP64 : VERSION_DEFAULT, 4)
  buf.writeUInt16LE(FLAG_UTF8 | (p.isDir ? 0 : FLAG_DESCRIPTOR), 6)
  buf.writeUInt16LE(0, 8) // stored
  buf.writeUInt16LE(time, 10)
  buf.writeUInt16LE(date, 12)
  // CRC and sizes follow in the descriptor (bit 3); a ZIP64 entry marks its sizes as being in the extra.
  buf.writeUInt32LE(0, 14)
  buf.writeUInt32LE(p.big ? U32_MAX : 0, 18)
  buf.writeUInt32LE(p.big ? U32_MAX : 0, 22)
  buf.writeUInt16LE(p.name.length, 26)
  buf.writeUInt16LE(TIME_EXTRA_BYTES + (p.big ? 20 : 0), 28)
  let o = LOCAL_FIXED
  p.name.copy(buf, o)
  o += p.name.length
  o = writeTimeExtra(buf, o, p.entry.modified)
  if (p.big) {
    buf.writeUInt16LE(EXTRA_ZIP64, o)
    buf.writeUInt16LE(16, o + 2)
    // Zero here as the sizes are, by bit 3; the descriptor and the central record carry them.
    buf.writeBigUInt64LE(0n, o + 4)
    buf.writeBigUInt64LE(0n, o + 12)
  }
  return buf
}

function writeTimeExtra(buf: Buffer, o: number, modified: Date): number {
  buf.writeUInt16LE(EXTRA_TIME, o)
  buf.writeUInt16LE(5, o + 2)
  buf.writeUInt8(1, o + 4) // the modification time is present
  buf.writeUInt32LE(unixSeconds(modified), o + 5)
  return o + TIME_EXTRA_BYTES
}

function descriptor(p: Planned, crc: number): Buffer {
  const buf = Buffer.alloc(descriptorSize(p))
  buf.writeUInt32LE(SIG_DESCRIPTOR, 0)
  buf.writeUInt32LE(crc, 4)
  if (p.big) {
    buf.writeBigUInt64LE(BigInt(p.entry.size), 8)
    buf.writeBigUInt64LE(BigInt(p.entry.size), 16)
  } else {
    buf.writeUInt32LE(p.entry.size, 8)
    buf.writeUInt32LE(p.entry.size, 12)
  }
  return buf
}

function centralHeader(p: Planned, crc: number): Buffer {
  const zip64 = centralZip64Fields(p)
  const buf = Buffer.alloc(centralHeaderSize(p))
  const { date, time } = p.dos
  const needs64 = zip64.length > 0
  buf.writeUInt32LE(SIG_CENTRAL, 0)
  buf.writeUInt16LE(MADE_BY_UNIX | (needs64 ? VERSION_ZIP64 : VERSION_DEFAULT), 4)
  buf.writeUInt16LE(needs64 ? VERSION_ZIP64 : VERSION_DEFAULT, 6)
  buf.writeUInt16LE(FLAG_UTF8 | (p.isDir ? 0 : FLAG_DESCRIPTOR), 8)
  buf.writeUInt16LE(0, 10)
  buf.writeUInt16LE(time, 12)
  buf.writeUInt16LE(date, 14)
  buf.writeUInt32LE(crc, 16)
  buf.writeUInt32LE(p.big ? U32_MAX : p.entry.size, 20)
  buf.writeUInt32LE(p.big ? U32_MAX : p.entry.size, 24)
  buf.writeUInt16LE(p.name.length, 28)
  buf.writeUInt16LE(TIME_EXTRA_BYTES + (needs64 ? 4 + zip64.length * 8 : 0), 30)
  buf.writeUInt16LE(0, 32) // comment
  buf.writeUInt16LE(0, 34) // disk
  buf.writeUInt16LE(0, 36) // internal attributes
  buf.writeUInt32LE((((p.isDir ? MODE_DIR : MODE_FILE) << 16) | (p.isDir ? DOS_DIRECTORY : 0)) >>> 0, 38)
  buf.writeUInt32LE(p.offset >= U32_MAX ? U32_MAX : p.offset, 42)
  let o = CENTRAL_FIXED
  p.name.copy(buf, o)
  o += p.name.length
  o = writeTimeExtra(buf, o, p.entry.modified)
  if (needs64) {
    buf.writeUInt16LE(EXTRA_ZIP64, o)
    buf.writeUInt16LE(zip64.length * 8, o + 2)
    o += 4
    for (const v of zip64) {
      buf.writeBigUInt64LE(v, o)
      o += 8
    }
  }
  return buf
}

function endRecords(plan: ZipPlan): Buffer {
  const count = plan.entries.length
  const parts: Buffer[] = []
  if (plan.zip64End) {
    const end64 = Buffer.alloc(ZIP64_END_BYTES)
    end64.writeUInt32LE(SIG_ZIP64_END, 0)
    end64.writeBigUInt64LE(BigInt(ZIP64_END_BYTES - 12), 4) // size of the rest of this record
    end64.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12)
    end64.writeUInt16LE(VERSION_ZIP64, 14)
    end64.writeUInt32LE(0, 16)
    end64.writeUInt32LE(0, 20)
    end64.writeBigUInt64LE(BigInt(count), 24)
    end64.writeBigUInt64LE(BigInt(count), 32)
    end64.writeBigUInt64LE(BigInt(plan.centralSize), 40)
    end64.writeBigUInt64LE(BigInt(plan.centralOffset), 48)
    const locator = Buffer.alloc(ZIP64_LOCATOR_BYTES)
    locator.writeUInt32LE(SIG_ZIP64_LOCATOR, 0)
    locator.writeUInt32LE(0, 4)
    locator.writeBigUInt64LE(BigInt(plan.centralOffset + plan.centralSize), 8)
    locator.writeUInt32LE(1, 16)
    parts.push(end64, locator)
  }
  const end = Buffer.alloc(END_BYTES)
  end.writeUInt32LE(SIG_END, 0)
  end.writeUInt16LE(Math.min(count, U16_MAX), 8)
  end.writeUInt16LE(Math.min(count, U16_MAX), 10)
  end.writeUInt32LE(Math.min(plan.centralSize, U32_MAX), 12)
  end.writeUInt32LE(Math.min(plan.centralOffset, U32_MAX), 16)
  parts.push(end)
  return Buffer.concat(parts)
}

/** A source that gave more or fewer bytes than declared: the archive (and its length) would be wrong. */
export class ZipSourceMismatch extends Error {
  constructor(
    readonly entryName: string,
    readonly declared: number,
    readonly actual: number,
  ) {
    super(`zip: ${entryName} declared ${declared} bytes, its source gave ${actual}`)
  }
}

/**
 * Output is gathered into chunks of at least this size before it is handed on: a project of small files
 * (headers of ~100 bytes, photos of a few KB) would otherwise reach the socket as tens of thousands of
 * tiny writes. Large source chunks pass through as they are, never copied.
 */
const BATCH_BYTES = 256 * 1024

/**
 * The archive's bytes, one source open at a time. The generator is pulled by the consumer, so a slow
 * client slows the reads (no buffering of the project in memory beyond one batch); destroying the
 * stream closes the source being read.
 */
async function* zipChunks(plan: ZipPlan): AsyncGenerator<Buffer> {
  const crcs = new Uint32Array(plan.entries.length)
  let pending: Buffer[] = []
  let pendingBytes = 0
  const queue = (b: Buffer) => {
    pending.push(b)
    pendingBytes += b.length
  }
  const drain = () => {
    const out = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    return out
  }
  for (const [i, p] of plan.entries.entries()) {
    queue(localHeader(p))
    if (p.isDir) continue
    const source = await (p.entry.open as () => Promise<Readable>)()
    let crc = 0
    let read = 0
    try {
      for await (const chunk of source) {
        const buf = chunk as Buffer
        read += buf.length
        if (read > p.entry.size) throw new ZipSourceMismatch(p.entry.name, p.entry.size, read)
        crc = crc32(buf, crc)
        if (buf.length >= BATCH_BYTES) {
          if (pendingBytes > 0) yield drain()
          yield buf
        } else {
          queue(buf)
          if (pendingBytes >= BATCH_BYTES) yield drain()
        }
      }
    } finally {
      source.destroy()
    }
    if (read !== p.entry.size) throw new ZipSourceMismatch(p.entry.name, p.entry.size, read)
    crcs[i] = crc
    queue(descriptor(p, crc))
  }
  for (const [i, p] of plan.entries.entries()) {
    queue(centralHeader(p, crcs[i] as number))
    if (pendingBytes >= BATCH_BYTES) yield drain()
  }
  queue(endRecords(plan))
  yield drain()
}

/** The archive as a byte stream of exactly `plan.length` bytes (or an error, never a short archive). */
export function zipStream(plan: ZipPlan): Readable {
  return Readable.from(zipChunks(plan), { objectMode: false, highWaterMark: 1024 * 1024 })
}
