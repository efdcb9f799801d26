/**
 * XMP can repeat a photo's place as text ('exif:GPSLatitude="6,12.5S"', or an element of that name;
 * drones write 'drone-dji:GpsLatitude'). This overwrites every property whose local name starts with
 * 'GPS' (any case, any namespace) with spaces, in place: the packet keeps its length, so nothing around
 * it moves (a WebP chunk, a HEIF item), and the XML stays well formed (spaces between attributes, or
 * whitespace in element content). Used where dropping the whole packet would mean rewriting the
 * container; JPEG and PNG drop their XMP packets instead (strip-gps.ts).
 *
 * Bounded: at most MAX_PROPERTIES properties, each end found with one indexOf; a property whose end is
 * missing (a cut or hostile packet) blanks everything after it, which errs on the side of privacy.
 */

const MAX_PROPERTIES = 4096
// '<ns:GPSName' (an element) or 'ns:GPSName =' followed by a quote (an attribute).
const PROPERTY = /<([\w.-]+:gps[\w.-]*)|([\w.-]+:gps[\w.-]*)\s*=\s*(["'])/gi

/** True when something was blanked. */
export function blankXmpGps(buf: Buffer): boolean {
  // latin1: one character per byte, so string indexes are byte offsets (UTF-8 text is several chars).
  const text = buf.toString('latin1')
  PROPERTY.lastIndex = 0
  let changed = false
  for (let n = 0; n < MAX_PROPERTIES; n++) {
    const m = PROPERTY.exec(text)
    if (!m) break
    let end: number
    if (m[1] !== undefined) {
      const gt = text.indexOf('>', m.index)
      if (gt < 0) end = text.length
      else if (text[gt - 1] === '/') end = gt + 1
      else {
        const close = text.indexOf(`</${m[1]}`, gt)
        const closeGt = close < 0 ? -1 : text.indexOf('>', close)
        end = closeGt < 0 ? text.length : closeGt + 1
      }
    } else {
      const quote = text.indexOf(m[3], m.index + m[0].length)
      end = quote < 0 ? text.length : quote + 1
    }
    buf.fill(0x20, m.index, end)
    changed = true
    PROPERTY.lastIndex = end
  }
  return changed
}

/** Whether a text still names a GPS property (the check after stripping). */
export function mentionsXmpGps(buf: Buffer | undefined): boolean {
  if (!buf) return false
  PROPERTY.lastIndex = 0
  const found = PROPERTY.test(buf.toString('latin1'))
  PROPERTY.lastIndex = 0
  return found
}
