import {
  DEFAULT_WEATHER_BLOCKS,
  DIARY_SECTIONS,
  type DiaryClash,
  type DiaryDay,
  type DiarySection,
  type DiarySections,
} from '../../contracts/diary'

/*
 * The diary on the phone (issue 34, decision 0090), pure so it is tested without a browser: the firm's
 * day, the days kept offline, the day as the writer sees it (the server's copy with the saves still in the
 * Kotak Keluar laid over it, section by section), the base each save sends, and a clash kept on a refused
 * outbox item.
 */

/** The firm's clock (Asia/Jakarta, like every day the server counts: src/contracts/days.ts). */
const FIRM_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today in the firm's time zone, YYYY-MM-DD, whatever the phone's zone. */
export const firmToday = (now: Date = new Date()): string => FIRM_DAY.format(now)

/** 'HH.mm' of an ISO time on the firm's clock. */
export function firmClock(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${get('hour')}.${get('minute')}`
}

/** The calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** How many days back the phone keeps (the persisted cache and 'Simpan offline'). */
export const OFFLINE_DAYS = 14
/** How long the diary's answers stay on the phone. */
export const DIARY_KEEP_MS = OFFLINE_DAYS * 24 * 60 * 60 * 1000

/** Today and the days before it, newest first. */
export function recentDays(today: string, count = OFFLINE_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, -i))
}

/** A save waiting in the Kotak Keluar: one section of one day, as the outbox item's scope holds it. */
export type QueuedSave = { section: DiarySection; value: unknown; status: string; order: number }

export type DayView = {
  sections: DiarySections
  /** Sections with a change still on the phone (waiting or being sent). */
  pending: Set<DiarySection>
}

/**
 * The day as its writer sees it: the server's sections, each replaced by the newest save of it that has
 * not landed. A refused save (a clash) is not laid over: the screen asks which copy stays.
 */
export function dayView(server: DiaryDay, queued: QueuedSave[]): DayView {
  const sections: DiarySections = { ...server.sections }
  const pending = new Set<DiarySection>()
  for (const save of [...queued].sort((a, b) => a.order - b.order)) {
    if (save.status !== 'waiting' && save.status !== 'sending') continue
    ;(sections as Record<string, unknown>)[save.section] = save.value
    pending.add(save.section)
  }
  return { sections, pending }
}

/**
 * The section's base a save sends: the newest section version this phone has seen, from the day's copy
 * or from the answer of its own save that landed since (so a second save after the first landed, before
 * the day was fetched again, does not clash with itself).
 */
export function sectionBase(server: DiaryDay, section: DiarySection, landed: unknown[]): number {
  let base = server.section_versions[section] ?? 0
  for (const answer of landed) {
    const v = (answer as Partial<DiaryDay> | undefined)?.section_versions?.[section]
    if (typeof v === 'number' && v > base && (answer as DiaryDay).day === server.day) base = v
  }
  return base
}

/** The PUT body of one section's save. */
export function saveBody(server: DiaryDay, section: DiarySection, value: unknown, landed: unknown[]) {
  return {
    base_version: server.version,
    base_versions: { [section]: sectionBase(server, section, landed) },
    sections: { [section]: value },
  }
}

/** What 'Salin dari kemarin' takes: the manpower and equipment of the day before (empty: nothing). */
export function copyFromDayBefore(
  before: DiarySections,
): Partial<Pick<DiarySections, 'manpower' | 'equipment'>> {
  const out: Partial<Pick<DiarySections, 'manpower' | 'equipment'>> = {}
  if (before.manpower?.length) out.manpower = before.manpower.map((r) => ({ ...r }))
  if (before.equipment?.length) out.equipment = before.equipment.map((r) => ({ ...r }))
  return out
}

/** The weather a day starts with: the firm's four blocks, none chosen yet. */
export const defaultWeatherBlocks = () => DEFAULT_WEATHER_BLOCKS.map((b) => ({ ...b }))

/** A refused save's clash as the replay kept it (`result` of the failed outbox item), or null. */
export function clashOf(result: unknown): { clashes: DiaryClash[]; day?: DiaryDay } | null {
  const r = result as { clashes?: unknown; day?: unknown } | undefined
  if (!r || !Array.isArray(r.clashes)) return null
  const clashes = r.clashes.filter(
    (c): c is DiaryClash =>
      typeof c === 'object' && c !== null && DIARY_SECTIONS.includes((c as DiaryClash).section),
  )
  return clashes.length ? { clashes, day: r.day as DiaryDay | undefined } : null
}

/**
 * The body that settles a clash: the chosen copy of each clashing section, based on the stored version,
 * so it lands (the writer has now seen what the other side wrote).
 */
export function resolveBody(
  clashes: DiaryClash[],
  choice: 'mine' | 'theirs',
  stored: DiaryDay | undefined,
): { base_version: number; base_versions: Record<string, number>; sections: Record<string, unknown> } {
  const sections: Record<string, unknown> = {}
  const base_versions: Record<string, number> = {}
  for (const c of clashes) {
    sections[c.section] = choice === 'mine' ? c.theirs : c.stored
    base_versions[c.section] = c.stored_version
  }
  return {
    base_version: stored?.version ?? Math.max(0, ...clashes.map((c) => c.stored_version)),
    base_versions,
    sections,
  }
}

/** Is anything written in this section? (The list's 'kosong' and the reminder's idea of empty.) */
export function sectionFilled(sections: DiarySections, section: DiarySection): boolean {
  const value = sections[section]
  if (value === undefined || value === null) return false
  if (Array.isArray(value)) return value.length > 0
  if (section === 'weather') return (sections.weather?.blocks.length ?? 0) > 0
  return Object.values(value as Record<string, unknown>).some((x) => typeof x === 'string' && x.trim() !== '')
}
