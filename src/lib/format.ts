import dayjs from 'dayjs'
import 'dayjs/locale/id'

// Indonesian locale; its weekStart is 1, so weeks start on Monday (SPEC section 9).
dayjs.locale('id')

export { dayjs }

type DateInput = string | number | Date | null | undefined

/** 'Baru saja', '{n} menit yang lalu', '{n} jam yang lalu', '{n} hari yang lalu', else 'D MMM YYYY'. */
export function formatRelativeTime(input: DateInput, now: Date = new Date()): string {
  if (input === null || input === undefined || input === '') return ''
  const d = dayjs(input)
  if (!d.isValid()) return ''
  const seconds = Math.max(0, Math.floor((now.getTime() - d.valueOf()) / 1000))
  if (seconds < 60) return 'Baru saja'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} menit yang lalu`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} jam yang lalu`
  const days = Math.floor(hours / 24)
  if (days < 7) return `${days} hari yang lalu`
  return d.format('D MMM YYYY')
}

/** '5 Mar 2025' */
export function formatDate(input: DateInput): string {
  if (!input) return '-'
  const d = dayjs(input)
  return d.isValid() ? d.format('D MMM YYYY') : '-'
}

/** '5 Maret 2025' */
export function formatDateLong(input: DateInput): string {
  if (!input) return '-'
  const d = dayjs(input)
  return d.isValid() ? d.format('D MMMM YYYY') : '-'
}

/** '5 Maret 2025, 14.30' */
export function formatDateTime(input: DateInput): string {
  if (!input) return '-'
  const d = dayjs(input)
  return d.isValid() ? d.format('D MMMM YYYY, HH.mm') : '-'
}

/** Year-month-day (SPEC section 9), e.g. for download file names. */
export function formatYmd(input: DateInput = new Date()): string {
  return dayjs(input ?? undefined).format('YYYY-MM-DD')
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

/** Uppercase text after the last dot ('laporan.final.pdf' -> 'PDF'); '' without an extension. */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.')
  return i > 0 && i < name.length - 1 ? name.slice(i + 1).toUpperCase() : ''
}
