import * as v from 'valibot'
import { multiLine, ordered, requiredText, singleLine } from './common'
import { DAY_MSG, isCalendarDay } from './days'

/*
 * Laporan Harian (issue 34, docs/decisions/0089-daily-diary-server.md): one diary per project per firm
 * day, in sections a PUT replaces one by one. Each section keeps the day's version at which it last
 * changed, so two people writing different sections offline both land, and the same section changed on
 * both sides is a 409 carrying both copies for the second writer to choose.
 */

export const WEATHER_CONDITIONS = ['cerah', 'berawan', 'gerimis', 'hujan', 'hujan_lebat'] as const
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number]
export const WEATHER_LABELS: Record<WeatherCondition, string> = {
  cerah: 'Cerah',
  berawan: 'Berawan',
  gerimis: 'Gerimis',
  hujan: 'Hujan',
  hujan_lebat: 'Hujan lebat',
}

export const EQUIPMENT_CONDITIONS = ['baik', 'rusak'] as const
export const EQUIPMENT_LABELS: Record<(typeof EQUIPMENT_CONDITIONS)[number], string> = {
  baik: 'Baik',
  rusak: 'Rusak',
}

/** The weather's time blocks a new day starts with (the supervisor may change them). */
export const DEFAULT_WEATHER_BLOCKS = [
  { from: '07:00', to: '10:00' },
  { from: '10:00', to: '13:00' },
  { from: '13:00', to: '16:00' },
  { from: '16:00', to: '18:00' },
] as const

/** The trades the manpower section offers first (free names are allowed too). */
export const DEFAULT_TRADES = [
  'Mandor',
  'Kepala tukang',
  'Tukang batu',
  'Tukang besi',
  'Tukang kayu',
  'Tukang las',
  'Tukang cat',
  'Tukang listrik',
  'Tukang pipa',
  'Pekerja',
  'Operator',
  'Sopir',
  'Pelaksana',
  'Petugas K3',
] as const

export const DIARY_LIMITS = {
  count: 10_000,
  rows: 100,
  name: 100,
  unit: 20,
  note: 2000,
  quantity: 1_000_000_000,
  hours: 24,
  signatureBytes: 200 * 1024,
} as const

export const DIARY_MSG = {
  loaded: 'Laporan harian',
  listed: 'Daftar laporan harian',
  saved: 'Laporan harian tersimpan',
  submitted: 'Tautan tanda tangan dibuat',
  signed: 'Laporan harian ditandatangani',
  returned: 'Laporan harian dikembalikan',
  revised: 'Revisi laporan harian dibuat',
  future: 'Laporan harian tidak dapat dibuat untuk hari yang belum tiba',
  beforeStart: (start: string) => `Laporan harian tidak dapat dibuat sebelum tanggal mulai proyek (${start})`,
  locked: 'Laporan harian sudah ditandatangani; buat revisi untuk mengubahnya',
  submittedLocked:
    'Laporan harian sedang menunggu tanda tangan; tunggu atau minta dikembalikan untuk mengubahnya',
  conflict: 'Bagian yang sama sudah diubah orang lain. Pilih isi yang dipakai.',
  notSubmitted: 'Laporan harian belum diajukan untuk ditandatangani',
  notSigned: 'Hanya laporan harian yang sudah ditandatangani yang dapat direvisi',
  alreadySigned: 'Laporan harian ini sudah Anda tandatangani sebagai peran ini',
  empty: 'Laporan harian masih kosong',
  linkNotFound: 'Tautan tanda tangan tidak ditemukan',
  linkGone: 'Tautan ini sudah tidak berlaku.',
  count: `Jumlah harus bilangan bulat 0 sampai ${DIARY_LIMITS.count.toLocaleString('id-ID')}`,
  time: 'Jam harus berformat JJ:MM (00:00-23:59)',
  timeOrder: 'Jam selesai harus sesudah jam mulai',
  hours: `Jam harus 0 sampai ${DIARY_LIMITS.hours}`,
  quantity: 'Jumlah harus angka 0 atau lebih',
  progress: 'Progres harus 0 sampai 100',
  condition: 'Pilih kondisi yang tersedia',
  weather: 'Pilih cuaca yang tersedia',
  tooMany: `Maksimal ${DIARY_LIMITS.rows} baris`,
  name: 'Nama harus diisi',
  nameLong: `Maksimal ${DIARY_LIMITS.name} karakter`,
  unit: 'Satuan harus diisi',
  unitLong: `Satuan maksimal ${DIARY_LIMITS.unit} karakter`,
  description: 'Uraian pekerjaan harus diisi',
  noteLong: `Maksimal ${DIARY_LIMITS.note} karakter`,
  version: 'Versi harus bilangan bulat 0 atau lebih',
  signature: 'Tanda tangan harus berupa gambar PNG atau JPEG',
  signatureLarge: 'Gambar tanda tangan maksimal 200 KB',
  position: 'Jabatan harus diisi',
  decision: "Pilih 'setuju' atau 'kembalikan'",
  returnNote: 'Tuliskan alasan pengembalian',
  reason: 'Alasan revisi harus diisi',
  phone: 'Nomor WhatsApp tidak valid (contoh: 081234567890)',
  role: 'Peran tanda tangan tidak dikenal',
  day: DAY_MSG,
} as const

const int = (max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(max, message))
const count = () => int(DIARY_LIMITS.count, DIARY_MSG.count)
const decimal = (max: number, message: string) =>
  v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.maxValue(max, message))

const name = (required: string = DIARY_MSG.name) =>
  ordered(v.pipe(requiredText(required), v.maxLength(DIARY_LIMITS.name, DIARY_MSG.nameLong), singleLine()))
const unit = () =>
  ordered(
    v.pipe(requiredText(DIARY_MSG.unit), v.maxLength(DIARY_LIMITS.unit, DIARY_MSG.unitLong), singleLine()),
  )
const optionalUnit = () =>
  v.optional(
    ordered(v.pipe(v.string(), v.trim(), v.maxLength(DIARY_LIMITS.unit, DIARY_MSG.unitLong), singleLine())),
  )
const note = () =>
  v.optional(
    ordered(v.pipe(v.string(), v.trim(), v.maxLength(DIARY_LIMITS.note, DIARY_MSG.noteLong), multiLine())),
  )
const rows = <S extends v.GenericSchema>(row: S) =>
  v.pipe(v.array(row), v.maxLength(DIARY_LIMITS.rows, DIARY_MSG.tooMany))

/** 'HH:mm', 00:00 to 23:59 (a block ending at midnight is '24:00'). */
export const TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/
const time = () => ordered(v.pipe(v.string(DIARY_MSG.time), v.regex(TIME_PATTERN, DIARY_MSG.time)))

export const WeatherBlockSchema = v.pipe(
  v.object({
    from: time(),
    to: time(),
    condition: v.picklist(WEATHER_CONDITIONS, DIARY_MSG.weather),
  }),
  v.check((b) => b.from < b.to, DIARY_MSG.timeOrder),
)
export const WeatherSchema = v.object({
  blocks: v.pipe(v.array(WeatherBlockSchema), v.maxLength(24, DIARY_MSG.tooMany)),
  /** Hours of work lost to rain (0-24, halves allowed). */
  lost_hours: decimal(DIARY_LIMITS.hours, DIARY_MSG.hours),
})
export const ManpowerRowSchema = v.object({ trade: name(), count: count() })
export const EquipmentRowSchema = v.object({
  name: name(),
  count: count(),
  condition: v.picklist(EQUIPMENT_CONDITIONS, DIARY_MSG.condition),
  hours: v.optional(decimal(DIARY_LIMITS.hours, DIARY_MSG.hours)),
})
export const MaterialRowSchema = v.object({
  name: name(),
  quantity: decimal(DIARY_LIMITS.quantity, DIARY_MSG.quantity),
  unit: unit(),
  accepted: v.boolean('Pilih diterima atau ditolak'),
  note: note(),
})
export const WorkRowSchema = v.object({
  /** A work item of the project (Pengaturan Proyek); optional, the description is what counts. */
  work_item_id: v.optional(int(2_147_483_647, 'Item pekerjaan tidak valid')),
  description: ordered(
    v.pipe(
      requiredText(DIARY_MSG.description),
      v.maxLength(DIARY_LIMITS.note, DIARY_MSG.noteLong),
      multiLine(),
    ),
  ),
  volume: v.optional(decimal(DIARY_LIMITS.quantity, DIARY_MSG.quantity)),
  unit: optionalUnit(),
  progress: v.optional(decimal(100, DIARY_MSG.progress)),
})
export const NotesSchema = v.object({
  problems: note(),
  instructions: note(),
  safety: note(),
  visitors: note(),
})

/** Every section of a day; each optional (a PUT names the ones it replaces). */
export const DiarySectionsSchema = v.object({
  weather: v.optional(WeatherSchema),
  manpower: v.optional(rows(ManpowerRowSchema)),
  equipment: v.optional(rows(EquipmentRowSchema)),
  materials: v.optional(rows(MaterialRowSchema)),
  work: v.optional(rows(WorkRowSchema)),
  notes: v.optional(NotesSchema),
})
export type DiarySections = v.InferOutput<typeof DiarySectionsSchema>
export const DIARY_SECTIONS = ['weather', 'manpower', 'equipment', 'materials', 'work', 'notes'] as const
export type DiarySection = (typeof DIARY_SECTIONS)[number]
export const SECTION_LABELS: Record<DiarySection, string> = {
  weather: 'Cuaca',
  manpower: 'Tenaga kerja',
  equipment: 'Peralatan',
  materials: 'Bahan',
  work: 'Pekerjaan',
  notes: 'Catatan',
}

const version = () => int(2_147_483_647, DIARY_MSG.version)

export const DIARY_STATUSES = ['draft', 'submitted', 'returned', 'signed'] as const
export type DiaryStatus = (typeof DIARY_STATUSES)[number]
export const DIARY_STATUS_LABELS: Record<DiaryStatus, string> = {
  draft: 'Draf',
  submitted: 'Menunggu tanda tangan',
  returned: 'Dikembalikan',
  signed: 'Ditandatangani',
}

export const SIGNER_ROLES = ['kontraktor', 'pengawas', 'mengetahui'] as const
export type SignerRole = (typeof SIGNER_ROLES)[number]
export const SIGNER_LABELS: Record<SignerRole, string> = {
  kontraktor: 'Kontraktor Pelaksana',
  pengawas: 'Konsultan Pengawas',
  mengetahui: 'Mengetahui',
}

export const DiarySignatureSchema = v.object({
  role: v.picklist(SIGNER_ROLES),
  name: v.string(),
  position: v.string(),
  /** The signer's account; null for the contractor, who signs from the link without one. */
  user_id: v.nullable(v.number()),
  /** ISO-8601 UTC. */
  signed_at: v.string(),
  /** The sha256 (hex) of exactly what was signed: the day's submitted content. */
  hash: v.string(),
  /** The drawn signature, a data URL (PNG or JPEG). */
  image: v.string(),
})
export type DiarySignature = v.InferOutput<typeof DiarySignatureSchema>

/** GET/PUT /api/diary/{slug}/day/{day}: the day as stored (a day never written: an empty draft, version 0). */
export const DiaryDaySchema = v.object({
  day: v.string(),
  status: v.picklist(DIARY_STATUSES),
  /** Grows with every change of the day (a save, a submit, a signature, a return, a revision). */
  version: v.number(),
  /** 1 for the first signed version, +1 per revision after a signing. */
  revision: v.number(),
  sections: DiarySectionsSchema,
  /** Per section, the day's `version` at which it last changed (0: never written). */
  section_versions: v.object({
    weather: v.number(),
    manpower: v.number(),
    equipment: v.number(),
    materials: v.number(),
    work: v.number(),
    notes: v.number(),
  }),
  /** The current revision's signatures (the superseded revisions keep theirs on the server). */
  signatures: v.array(DiarySignatureSchema),
  /** The sha256 of the submitted content (null while a draft). */
  hash: v.nullable(v.string()),
  /** The note of the contractor's 'Kembalikan' (status 'returned'), or null. */
  returned_note: v.nullable(v.string()),
  /** The reason of the revision this version is (null for the first). */
  revision_reason: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
  updated_by: v.nullable(v.object({ id: v.nullable(v.number()), name: v.string() })),
})
export type DiaryDay = v.InferOutput<typeof DiaryDaySchema>

/**
 * PUT body. `base_version`: the day's version the writer last saw; `base_versions` (optional): per
 * section, the section version the writer last saw (from the day's `section_versions`), better than
 * `base_version` for a phone that saved the sections at different times. A section clashes when the
 * stored one changed after the writer's base and differs from what the writer sends.
 */
export const DiaryPutSchema = v.object({
  base_version: version(),
  base_versions: v.optional(
    v.object({
      weather: v.optional(version()),
      manpower: v.optional(version()),
      equipment: v.optional(version()),
      materials: v.optional(version()),
      work: v.optional(version()),
      notes: v.optional(version()),
    }),
  ),
  sections: DiarySectionsSchema,
})
export type DiaryPut = v.InferOutput<typeof DiaryPutSchema>

/** One clashing section of a 409: the writer's copy, the stored copy and the stored section's version. */
export const DiaryClashSchema = v.object({
  section: v.picklist(DIARY_SECTIONS),
  theirs: v.unknown(),
  stored: v.unknown(),
  /** Send this as the section's base to keep the chosen copy. */
  stored_version: v.number(),
  updated_by: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
})
export type DiaryClash = v.InferOutput<typeof DiaryClashSchema>

/**
 * The 409 of a PUT where a section changed on both sides: nothing of that PUT was stored; `clashes` has
 * both copies of each clashing section and `day` the stored day, so the writer chooses and sends again.
 */
export const DiaryConflictSchema = v.object({
  success: v.literal(false),
  message: v.string(),
  clashes: v.array(DiaryClashSchema),
  day: DiaryDaySchema,
})
export type DiaryConflict = v.InferOutput<typeof DiaryConflictSchema>

/** GET /api/diary/{slug}/days: one entry per day that has a diary. */
export const DiaryListItemSchema = v.object({
  day: v.string(),
  status: v.picklist(DIARY_STATUSES),
  version: v.number(),
  revision: v.number(),
  /** The roles that signed the current revision. */
  signed: v.array(v.picklist(SIGNER_ROLES)),
  updated_at: v.nullable(v.string()),
})
export type DiaryListItem = v.InferOutput<typeof DiaryListItemSchema>

export const DiaryDaysQuerySchema = v.object({
  from: v.pipe(v.string(DAY_MSG), v.check(isCalendarDay, DAY_MSG)),
  to: v.pipe(v.string(DAY_MSG), v.check(isCalendarDay, DAY_MSG)),
})

/** A signature image: a data URL of a PNG or JPEG, at most 200 KB (the server checks the bytes too). */
export const SIGNATURE_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/
const signatureImage = () =>
  ordered(
    v.pipe(
      v.string(DIARY_MSG.signature),
      // base64 of 200 KB plus the prefix.
      v.maxLength(Math.ceil((DIARY_LIMITS.signatureBytes * 4) / 3) + 32, DIARY_MSG.signatureLarge),
      v.regex(SIGNATURE_PATTERN, DIARY_MSG.signature),
    ),
  )
const position = () =>
  ordered(
    v.pipe(
      requiredText(DIARY_MSG.position),
      v.maxLength(DIARY_LIMITS.name, DIARY_MSG.nameLong),
      singleLine(),
    ),
  )

/**
 * POST .../sign (signed in, `can.diary_write`): the pengawas signs; 'mengetahui' is an admin's (the
 * screens offer it where the project's `can.manage` is true; anyone else gets 403).
 */
export const DiarySignSchema = v.object({
  name: name('Nama harus diisi'),
  position: position(),
  signature: signatureImage(),
  role: v.optional(v.picklist(['pengawas', 'mengetahui'] as const, DIARY_MSG.role)),
})
export type DiarySignInput = v.InferOutput<typeof DiarySignSchema>

/** POST /api/public/sign/{token}: the contractor's answer from the link. */
export const PublicSignSchema = v.pipe(
  v.object({
    decision: v.picklist(['setuju', 'kembalikan'] as const, DIARY_MSG.decision),
    note: note(),
    name: name('Nama harus diisi'),
    position: position(),
    /** Required for 'setuju'; a return needs none. */
    signature: v.optional(signatureImage()),
  }),
  v.forward(
    v.check((b) => b.decision !== 'kembalikan' || (b.note ?? '').length > 0, DIARY_MSG.returnNote),
    ['note'],
  ),
  v.forward(
    v.check((b) => b.decision !== 'setuju' || !!b.signature, DIARY_MSG.signature),
    ['signature'],
  ),
)
export type PublicSignInput = v.InferOutput<typeof PublicSignSchema>

/** POST .../submit: optionally the contractor's WhatsApp number to send the link to. */
export const DiarySubmitSchema = v.object({
  phone: v.optional(
    ordered(v.pipe(v.string(DIARY_MSG.phone), v.trim(), v.maxLength(30, DIARY_MSG.phone), singleLine())),
  ),
  /** How long the link lives, in days (1-30; default 7). */
  days: v.optional(int(30, 'Masa berlaku 1 sampai 30 hari')),
})
export type DiarySubmitInput = v.InferOutput<typeof DiarySubmitSchema>
export const DiarySubmittedSchema = v.object({
  url: v.string(),
  expires_at: v.string(),
  /** With a phone: 'queued' (sent by the WhatsApp queue) or 'not_linked' (no bot: share the link yourself). */
  whatsapp: v.optional(v.picklist(['queued', 'not_linked'] as const)),
})

export const DiaryReviseSchema = v.object({
  reason: ordered(
    v.pipe(requiredText(DIARY_MSG.reason), v.maxLength(DIARY_LIMITS.note, DIARY_MSG.noteLong), multiLine()),
  ),
})

/** The public answer of a sign link: what the contractor signs, read-only. */
export const PublicDiarySchema = v.object({
  project: v.string(),
  day: v.string(),
  status: v.picklist(DIARY_STATUSES),
  revision: v.number(),
  hash: v.string(),
  sections: DiarySectionsSchema,
  expires_at: v.string(),
})
export type PublicDiary = v.InferOutput<typeof PublicDiarySchema>
export const PublicSignResultSchema = v.object({ status: v.picklist(DIARY_STATUSES), day: v.string() })

/** An empty day: what GET answers for a day never written. */
export function emptyDiary(day: string): DiaryDay {
  return {
    day,
    status: 'draft',
    version: 0,
    revision: 1,
    sections: {},
    section_versions: { weather: 0, manpower: 0, equipment: 0, materials: 0, work: 0, notes: 0 },
    signatures: [],
    hash: null,
    returned_note: null,
    revision_reason: null,
    updated_at: null,
    updated_by: null,
  }
}
