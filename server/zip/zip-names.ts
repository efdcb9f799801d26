/*
 * Paths inside an exported zip. Names come from users (folders, files, descriptions), so each path
 * segment is made safe for any extractor on any system: no separators (a '/' or '\' in a name would
 * become a directory, or a walk out of the target with '..'), no control characters, nothing Windows
 * refuses to create (<>:"|?*, trailing dots and spaces, device names such as CON or LPT1), and no
 * absolute paths (the archive's paths are always built from these segments, never taken whole).
 */

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]/g
/** Bytes per segment: most filesystems stop at 255; a little room is kept for ' (2)'. */
const MAX_SEGMENT_BYTES = 240

/** One path segment (a folder or file name) safe to extract anywhere; never empty, '.' or '..'. */
export function safeSegment(raw: string, fallback = 'tanpa nama'): string {
  let s = raw.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim()
  // Windows drops trailing dots and spaces, so 'a.' and 'a' would collide (and '..' would remain).
  s = s.replace(/[. ]+$/, '')
  s = truncateUtf8(s, MAX_SEGMENT_BYTES)
  if (s === '' || /^\.+$/.test(s)) s = fallback
  if (WINDOWS_DEVICE.test(s)) s = `_${s}`
  return s
}

function truncateUtf8(s: string, maxBytes: number): string {
  if (Buffer.byteLength(s, 'utf8') <= maxBytes) return s
  // Keep the extension: 'very long name….pdf' stays a PDF.
  const dot = s.lastIndexOf('.')
  const ext = dot > 0 && s.length - dot <= 12 ? s.slice(dot) : ''
  let stem = ext ? s.slice(0, dot) : s
  const budget = maxBytes - Buffer.byteLength(ext, 'utf8')
  // Whole code points only (Array.from), so no surrogate pair is cut in half.
  const chars = Array.from(stem)
  while (chars.length > 0 && Buffer.byteLength(chars.join(''), 'utf8') > budget) chars.pop()
  stem = chars.join('').trimEnd()
  return `${stem}${ext}`
}

/**
 * Hands out names within one directory so that none collide, compared the way Windows and macOS
 * compare them (case-insensitively): the second 'Laporan.pdf' becomes 'Laporan (2).pdf'.
 */
export class DirectoryNames {
  private readonly taken = new Set<string>()

  /** A unique name for a file (the counter goes before the extension). */
  file(name: string): string {
    return this.unique(safeSegment(name), true)
  }

  /** A unique name for a folder. */
  folder(name: string): string {
    return this.unique(safeSegment(name), false)
  }

  private unique(name: string, keepExtension: boolean): string {
    const dot = keepExtension ? name.lastIndexOf('.') : -1
    const stem = dot > 0 ? name.slice(0, dot) : name
    const ext = dot > 0 ? name.slice(dot) : ''
    let candidate = name
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`
    this.taken.add(candidate.toLowerCase())
    return candidate
  }
}

/**
 * Unique names per directory path, for building a tree entry by entry: `names.at('Rekap/').file(x)`.
 */
export class TreeNames {
  private readonly dirs = new Map<string, DirectoryNames>()

  at(dir: string): DirectoryNames {
    let names = this.dirs.get(dir)
    if (!names) {
      names = new DirectoryNames()
      this.dirs.set(dir, names)
    }
    return names
  }
}
