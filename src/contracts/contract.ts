import * as v from 'valibot'
import { MSG, ordered, singleLine } from './common'
import { DAY_MSG, isCalendarDay } from './days'

/*
 * A project's contract and site (issue 34, decision 0088): the contract number, the contractor, the owner
 * or PPK, the value in rupiah, the start day (SPMK: the project's own `start_day`, one column for this
 * and the project edit), the duration in calendar days and the site (a point and a radius) that each
 * documentation photo's place is measured against.
 */

export const CONTRACT_TEXT_MAX = { number: 100, contractor: 200, owner: 200 } as const
/** Rp 1.000 triliun: above any construction contract, far below 2^53 and PostgreSQL's bigint. */
export const CONTRACT_VALUE_MAX = 1_000_000_000_000_000
export const CONTRACT_DURATION_MAX = 3650
export const SITE_RADIUS_MIN = 10
export const SITE_RADIUS_MAX = 50_000

export const CONTRACT_MSG = {
  loaded: 'Kontrak proyek',
  saved: 'Kontrak proyek disimpan',
  numberLong: 'Nomor kontrak terlalu panjang (maks. 100 karakter)',
  contractorLong: 'Nama kontraktor terlalu panjang (maks. 200 karakter)',
  ownerLong: 'Nama pemilik / PPK terlalu panjang (maks. 200 karakter)',
  text: 'Isian harus berupa teks',
  value: 'Nilai kontrak harus bilangan bulat rupiah, 0 sampai Rp 1.000 triliun',
  duration: 'Durasi harus bilangan bulat 1 sampai 3.650 hari kalender',
  startDay: DAY_MSG,
  site: 'Lokasi proyek harus berisi lintang, bujur dan radius',
  lat: 'Lintang harus angka antara -90 dan 90',
  lng: 'Bujur harus angka antara -180 dan 180',
  radius: 'Radius harus bilangan bulat 10 sampai 50.000 meter',
  noSite: 'Lokasi proyek belum diatur',
} as const

/** A one-line text of at most `max` characters; empty (after trimming) is null. */
const text = (max: number, long: string) =>
  v.optional(
    v.nullable(
      ordered(
        v.pipe(
          v.string(CONTRACT_MSG.text),
          v.trim(),
          v.maxLength(max, long),
          singleLine(),
          v.transform((s) => (s === '' ? null : s)),
        ),
      ),
    ),
  )

const whole = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message))

const degrees = (limit: number, message: string) =>
  v.pipe(v.number(message), v.finite(message), v.minValue(-limit, message), v.maxValue(limit, message))

export const ContractSiteSchema = v.object(
  {
    lat: degrees(90, CONTRACT_MSG.lat),
    lng: degrees(180, CONTRACT_MSG.lng),
    radius_m: whole(SITE_RADIUS_MIN, SITE_RADIUS_MAX, CONTRACT_MSG.radius),
  },
  CONTRACT_MSG.site,
)
export type ContractSite = v.InferOutput<typeof ContractSiteSchema>

/**
 * PUT /api/project/{id}/contract. A key left out keeps what is stored; null clears it. `start_day` is the
 * project's start day (the same column the project edit writes).
 */
export const ContractInputSchema = v.object(
  {
    number: text(CONTRACT_TEXT_MAX.number, CONTRACT_MSG.numberLong),
    contractor: text(CONTRACT_TEXT_MAX.contractor, CONTRACT_MSG.contractorLong),
    owner: text(CONTRACT_TEXT_MAX.owner, CONTRACT_MSG.ownerLong),
    value: v.optional(v.nullable(whole(0, CONTRACT_VALUE_MAX, CONTRACT_MSG.value))),
    start_day: v.optional(
      v.nullable(v.pipe(v.string(CONTRACT_MSG.startDay), v.check(isCalendarDay, CONTRACT_MSG.startDay))),
    ),
    duration_days: v.optional(v.nullable(whole(1, CONTRACT_DURATION_MAX, CONTRACT_MSG.duration))),
    site: v.optional(v.nullable(ContractSiteSchema)),
  },
  MSG.validation,
)
export type ContractInput = v.InferInput<typeof ContractInputSchema>

export const ContractSchema = v.object({
  number: v.nullable(v.string()),
  contractor: v.nullable(v.string()),
  owner: v.nullable(v.string()),
  /** Rupiah, whole. */
  value: v.nullable(v.number()),
  /** SPMK, YYYY-MM-DD: the project's start day. */
  start_day: v.nullable(v.string()),
  /** Calendar days. */
  duration_days: v.nullable(v.number()),
  /** The last day of the contract: start_day + duration_days - 1 (the start day is day 1); null without both. */
  end_day: v.nullable(v.string()),
  site: v.nullable(ContractSiteSchema),
  /** When the contract was last saved (ISO-8601 UTC); null never. */
  updated_at: v.nullable(v.string()),
})
export type Contract = v.InferOutput<typeof ContractSchema>

/**
 * The contract's last day: the start day counts as day 1 of the calendar days ('120 hari kalender' from
 * an SPMK of 1 Maret ends on 28 Juni), so end = start + duration - 1.
 */
export function contractEndDay(startDay: string | null, durationDays: number | null): string | null {
  if (!startDay || !durationDays || !isCalendarDay(startDay)) return null
  const [y, m, d] = startDay.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + durationDays - 1)).toISOString().slice(0, 10)
}

/** Rupiah as Indonesians write it: 'Rp 1.234.567.890'. */
export function rupiah(value: number): string {
  return `Rp ${Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`
}
