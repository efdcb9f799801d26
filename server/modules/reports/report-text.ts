/*
 * The words of a report: text made safe for the PDF's built-in Helvetica (WinAnsi only; see
 * docs/decisions/0065). Its dates come from the firm's clock (server/base/firm-clock.ts) and
 * src/contracts/days.ts.
 */

/** WinAnsi's characters above Latin-1 (as pdfkit maps them). */
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710,
  8482, 338, 339, 732, 352, 353, 376, 381, 382,
])
const showable = (cp: number) =>
  (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp)
/** Emoji and their joiners and selectors: dropped (a '?' for each would say nothing). */
const PICTOGRAPH =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u200d\ufe0e\ufe0f\u20e3]|[\u{e0020}-\u{e007f}])$/u

/** Letters and signs without a decomposition that WinAnsi has no room for, by their plain look-alike. */
const LOOK_ALIKE: Record<string, string> = {
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
}

/**
 * Text the built-in fonts can show: letters with accents they lack lose the accent (ă -> a), common
 * punctuation gets its WinAnsi look-alike, emoji are dropped, and anything else (CJK, Arabic...) becomes
 * one '?' per run, so a reader sees that something was there. Whitespace runs become one space.
 */
export function pdfSafe(text: string): string {
  let out = ''
  let unknown = false
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number
    let piece: string | undefined
    if (/\s/u.test(ch)) piece = ' '
    else if (showable(cp)) piece = ch
    else if (PICTOGRAPH.test(ch)) piece = ''
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '')
      if (bare && [...bare].every((c) => showable(c.codePointAt(0) as number))) piece = bare
      else piece = LOOK_ALIKE[ch]
    }
    if (piece === undefined) {
      if (!unknown) out += '?'
      unknown = true
      continue
    }
    unknown = false
    out += piece
  }
  return out.replace(/ {2,}/g, ' ').trim()
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `width` (by `measure`), at spaces where it
 * can; a word longer than a line is cut. What does not fit ends the last line with an ellipsis.
 */
export function wrapLines(
  text: string,
  width: number,
  maxLines: number,
  measure: (s: string) => number,
): string[] {
  const lines: string[] = []
  let rest = text.trim()
  while (rest && lines.length < maxLines) {
    if (measure(rest) <= width) {
      lines.push(rest)
      rest = ''
      break
    }
    let fit = longestFitting(rest, width, measure)
    const space = rest.lastIndexOf(' ', fit)
    if (space > 0 && rest[fit] !== ' ') fit = space
    lines.push(rest.slice(0, fit).trimEnd())
    rest = rest.slice(fit).trimStart()
  }
  if (rest && lines.length > 0)
    lines[lines.length - 1] = withEllipsis(lines[lines.length - 1], width, measure)
  return lines
}

/** One line: `text` as is when it fits, else cut with an ellipsis. */
export function fitLine(text: string, width: number, measure: (s: string) => number): string {
  return measure(text) <= width ? text : withEllipsis(text, width, measure)
}

function withEllipsis(line: string, width: number, measure: (s: string) => number): string {
  const room = width - measure('…')
  const cut = longestFitting(line, room, measure)
  return `${line.slice(0, cut).trimEnd()}…`
}

/** The longest prefix length of `text` that fits `width` (at least 1 character when any). */
function longestFitting(text: string, width: number, measure: (s: string) => number): number {
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (measure(text.slice(0, mid)) <= width) lo = mid
    else hi = mid - 1
  }
  return Math.max(lo, Math.min(1, text.length))
}

/**
 * A title's lines: whole phrases (the parts between ' - ') joined while they fit, so 'Laporan
 * Dokumentasi Mingguan - Gedung A - Minggu ke-3' never breaks inside 'Minggu ke-3'; a phrase wider than a
 * line wraps at its spaces. At most `maxLines`, the last one ending with an ellipsis when text is left.
 */
export function phraseLines(
  text: string,
  width: number,
  maxLines: number,
  measure: (s: string) => number,
): string[] {
  const out: string[] = []
  let current = ''
  for (const phrase of text
    .split(' - ')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const joined = current ? `${current} - ${phrase}` : phrase
    if (measure(joined) <= width) {
      current = joined
      continue
    }
    if (current) out.push(`${current} -`)
    if (measure(phrase) <= width) current = phrase
    else {
      const wrapped = wrapLines(phrase, width, 50, measure)
      out.push(...wrapped.slice(0, -1))
      current = wrapped[wrapped.length - 1] ?? ''
    }
  }
  if (current) out.push(current)
  if (out.length <= maxLines) return out
  const kept = out.slice(0, maxLines)
  kept[maxLines - 1] = fitLine(`${kept[maxLines - 1]} ${out.slice(maxLines).join(' ')}`, width, measure)
  return kept
}
