/*
 * Dates as SPEC section 9 writes them, in Indonesian. The signed-in layout and the dashboard show dates,
 * so these few patterns are written here instead of loading dayjs with the first screen (decision 0061);
 * they read and print a date exactly as dayjs with its `id` locale does (format.test.ts holds them to
 * it). Screens with other patterns use dayjs from ./dayjs.
 */

type DateInput = string | number | Date | null | undefined

// dayjs's `id` locale: 'Agt', not Intl's 'Agu'.
const MONTHS = 'Januari_Februari_Maret_April_Mei_Juni_Juli_Agustus_September_Oktober_November_Desember'.split(
  '_',
)
const MONTHS_SHORT = 'Jan_Feb_Mar_Apr_Mei_Jun_Jul_Agt_Sep_Okt_Nov_Des'.split('_')

/** dayjs's reading of a string without a time zone: local time, so '2025-03-05' is that day everywhere. */
const LOCAL_DATE_TIME =
  /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/

/** The date dayjs(input) would hold, or null where dayjs would call it invalid. */
function toDate(input: DateInput): Date | null {
  if (input === null) return null
  let d: Date
  if (input === undefined) d = new Date()
  else if (typeof input === 'string' && !/Z$/i.test(input)) {
    const m = input.match(LOCAL_DATE_TIME)
    d = m
      ? new Date(
          Number(m[1]),
          Number(m[2]) - 1 || 0,
          Number(m[3] || 1),
          Number(m[4] || 0),
          Number(m[5] || 0),
          Number(m[6] || 0),
          Number((m[7] || '0').substring(0, 3)),
        )
      : new Date(input)
  } else d = new Date(input)
  return Number.isNaN(d.getTime()) ? null : d
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
/** 'D MMM YYYY' or, long, 'D MMMM YYYY'. */
const dayMonthYear = (d: Date, long: boolean) =>
  `${d.getDate()} ${(long ? MONTHS : MONTHS_SHORT)[d.getMonth()]} ${pad(d.getFullYear(), 4)}`

/** 'Baru saja', '{n} menit yang lalu', '{n} jam yang lalu', '{n} hari yang lalu', else 'D MMM YYYY'. */
export function formatRelativeTime(input: DateInput, now: Date = new Date()): string {
  if (input === null || input === undefined || input === '') return ''
  const d = toDate(input)
  if (!d) return ''
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000))
  if (seconds < 60) return 'Baru saja'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} menit yang lalu`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} jam yang lalu`
  const days = Math.floor(hours / 24)
  if (days < 7) return `${days} hari yang lalu`
  return dayMonthYear(d, false)
}

/** '5 Mar 2025' */
export function formatDate(input: DateInput): string {
  const d = input ? toDate(input) : null
  return d ? dayMonthYear(d, false) : '-'
}

/** '5 Maret 2025' */
export function formatDateLong(input: DateInput): string {
  const d = input ? toDate(input) : null
  return d ? dayMonthYear(d, true) : '-'
}

/** '5 Maret 2025, 14.30' */
export function formatDateTime(input: DateInput): string {
  const d = input ? toDate(input) : null
  return d ? `${dayMonthYear(d, true)}, ${pad(d.getHours())}.${pad(d.getMinutes())}` : '-'
}

/** Year-month-day (SPEC section 9), e.g. for download file names. */
export function formatYmd(input: DateInput = new Date()): string {
  const d = toDate(input ?? undefined)
  return d ? `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : 'Tanggal tidak valid'
}

/**
 * File size from a value in KB (SPEC section 9): >= 1048576 as GB, >= 1024 as MB, otherwise KB,
 * always two decimals. (Recap files pass size_kb * 1024 as bytes to `formatBytes`.)
 */
export function formatFileSize(kb: number): string {
  const n = Number.isFinite(kb) ? kb : 0
  if (n >= 1048576) return `${(n / 1048576).toFixed(2)} GB`
  if (n >= 1024) return `${(n / 1024).toFixed(2)} MB`
  return `${n.toFixed(2)} KB`
}

/** File size from a byte count, same display rules. */
export function formatBytes(bytes: number): string {
  return formatFileSize((Number.isFinite(bytes) ? bytes : 0) / 1024)
}

/**
 * A count with Indonesian digit groups ('1.591', '-12.345.678'; a fraction after a comma, at most three
 * digits), as `Intl.NumberFormat('id-ID')` prints it. Not through Intl: a renderer's first Indonesian
 * number format loads ICU's locale data, a long task on the dashboard's first screen (decision 0086).
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞'
  const [whole, fraction = ''] = Math.abs(value)
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  const sign = value < 0 && (whole !== '0' || fraction !== '') ? '-' : ''
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`
}

/** Uppercase text after the last dot ('laporan.final.pdf' -> 'PDF'); '' without an extension. */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.')
  return i > 0 && i < name.length - 1 ? name.slice(i + 1).toUpperCase() : ''
}
