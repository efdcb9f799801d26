import * as v from 'valibot'
import { MSG, multiLine, ordered, PersonRefSchema, present, RoleSchema, requiredText } from './common'
import { DAY_MSG } from './days'
import { StatusSchema } from './projects'

/*
 * Documentation (the dokumentasi area): site photos with a description, likes, comments and review.
 * One contract for the web app, the service worker's outbox and the server: the schemas, the messages,
 * the shapes on the wire and the requests of the three writes that may be queued offline (upload,
 * comment, like), so a stored write can be sent again byte for byte by whoever replays it.
 */

export const DOC_DESCRIPTION_MIN = 10
export const DOC_DESCRIPTION_MAX = 2000
export const COMMENT_MAX = 2000
/** Photos in one upload. */
export const DOC_MAX_IMAGES = 20
/** Per photo on the wire. The app sends ~1 MB compressed JPEGs; other clients may send camera originals. */
export const DOC_IMAGE_MAX_BYTES = 25 * 1024 * 1024
/** Items per page of the list (divisible by the 1, 2 and 3 columns of the grid). */
export const DOC_PAGE_SIZE = 18
export const DOC_PAGE_MAX = 60

/** What the client compresses every photo to before it leaves the phone (docs/performance.md). */
export const PHOTO_COMPRESSION = { maxWidthOrHeight: 1920, maxSizeMB: 1, initialQuality: 0.85 } as const

export const DOC_MSG = {
  imagesOnly: 'Hanya file gambar yang diperbolehkan',
  noImages: 'Silakan pilih file gambar terlebih dahulu',
  descriptionShort: 'Deskripsi terlalu pendek (min. 10 karakter)',
  descriptionLong: 'Deskripsi terlalu panjang (maks. 2000 karakter)',
  descriptionsInvalid: 'Kolom descriptions harus berisi daftar teks dalam format JSON',
  descriptionsCount: 'Jumlah deskripsi harus sama dengan jumlah file',
  descriptionBoth: 'Kirim description atau descriptions, tidak keduanya',
  commentEmpty: 'Komentar tidak boleh kosong',
  commentLong: 'Komentar terlalu panjang (maks. 2000 karakter)',
  notFound: 'Dokumentasi tidak ditemukan',
  alreadyReviewed: 'Dokumentasi ini sudah direview',
  badCursor: 'Penanda halaman tidak valid',
  undecodable: (name: string) =>
    `File ${name} tidak dapat dibaca sebagai gambar (gunakan foto JPG, PNG atau WebP)`,
  heic: (name: string) =>
    `File ${name} berformat HEIC yang belum dapat dibaca server; unggah lewat aplikasi Berkas (otomatis menjadi JPG) atau ubah ke JPG`,
  placeKept: (name: string) =>
    `Lokasi GPS di foto ${name} tidak dapat dihapus dengan pasti, jadi foto tidak disimpan (lokasi foto hanya untuk tim project); ubah ke JPG lalu unggah lagi`,
  allFailed: 'Semua file gagal diunggah',
  uploaded: 'Dokumentasi berhasil diunggah',
  partlyUploaded: 'Dokumentasi diunggah, beberapa file gagal',
  listed: 'Daftar dokumentasi',
  approved: 'Dokumentasi berhasil disetujui',
  revision: 'Dokumentasi dikembalikan untuk revisi',
  deleted: 'Dokumentasi berhasil dihapus',
  liked: 'Suka disimpan',
  unliked: 'Suka dibatalkan',
  commented: 'Komentar berhasil dikirim',
  comments: 'Daftar komentar',
  workItemInvalid: 'Item pekerjaan tidak ditemukan di project ini',
  locationLong: 'Lokasi terlalu panjang (maks. 100 karakter)',
  locationLine: 'Lokasi harus satu baris',
  progressInvalid: 'Progres harus bilangan bulat 0 sampai 100',
  metaInvalid:
    'Kolom meta harus berisi daftar JSON, satu objek { taken_at, lat, lng, accuracy_m, source } per file',
  metaCount: 'Jumlah meta harus sama dengan jumlah file',
  metaTakenAt: 'Waktu pengambilan foto (taken_at) tidak valid',
  metaLat: 'Lintang (lat) harus antara -90 dan 90',
  metaLng: 'Bujur (lng) harus antara -180 dan 180',
  metaAccuracy: 'Akurasi lokasi (accuracy_m) harus 0 sampai 100000 meter',
  metaSource: "Sumber lokasi (source) harus 'exif' atau 'camera'",
  deviceTime: 'Jam perangkat (device_time) harus waktu ISO-8601 dengan zona, mis. 2026-03-01T07:30:00.000Z',
  badSiteFilter: "Filter lokasi (site) harus 'outside'",
  noteShort: 'Catatan revisi terlalu pendek (min. 3 karakter)',
  noteLong: 'Catatan revisi terlalu panjang (maks. 500 karakter)',
  badDate: DAY_MSG,
  badRange: 'Tanggal awal harus sebelum tanggal akhir',
  badFilter: 'Filter tidak valid',
  badStatus: 'Status harus pending, approved atau rejected',
  revised: 'Revisi dokumentasi berhasil diunggah',
  reviseForbidden: 'Hanya pengunggah atau admin yang dapat mengunggah revisi',
  reviseApproved: 'Dokumentasi ini sudah disetujui, revisi tidak diperlukan',
  reviseConflict: 'Dokumentasi ini baru saja direvisi. Muat ulang untuk melihat versi terbaru.',
} as const

export const DOC_LOCATION_MAX = 100
export const REVIEW_NOTE_MIN = 3
export const REVIEW_NOTE_MAX = 500

/** PATCH status/{uuid}/rejected: the optional reason ('catatan'; the app requires it). */
export const DocReviewSchema = v.object(
  {
    note: v.optional(
      v.nullable(
        ordered(
          v.pipe(
            v.string(DOC_MSG.noteShort),
            v.trim(),
            v.maxLength(REVIEW_NOTE_MAX, DOC_MSG.noteLong),
            v.minLength(REVIEW_NOTE_MIN, DOC_MSG.noteShort),
            multiLine(),
          ),
        ),
      ),
    ),
  },
  MSG.validation,
)
export type DocReviewInput = v.InferInput<typeof DocReviewSchema>

/** At least 10 characters once trimmed (spaces alone are no description); line breaks are allowed. */
export const DocDescriptionSchema = ordered(
  v.pipe(
    v.string(DOC_MSG.descriptionShort),
    v.trim(),
    v.maxLength(DOC_DESCRIPTION_MAX, DOC_MSG.descriptionLong),
    v.minLength(DOC_DESCRIPTION_MIN, DOC_MSG.descriptionShort),
    multiLine(),
  ),
)

/** The text fields of an upload with one description (one documentation item holding every photo). */
export const DocUploadSchema = v.object({ description: present(DocDescriptionSchema) }, MSG.validation)
export type DocUploadInput = v.InferInput<typeof DocUploadSchema>

/** `descriptions`: a JSON array, one description per file in the order sent (one item per photo). */
export const DocDescriptionsSchema = v.pipe(
  v.array(DocDescriptionSchema, DOC_MSG.descriptionsInvalid),
  v.maxLength(DOC_MAX_IMAGES, DOC_MSG.descriptionsCount),
)

export const CommentCreateSchema = v.object(
  {
    comment: ordered(
      v.pipe(requiredText(DOC_MSG.commentEmpty), v.maxLength(COMMENT_MAX, DOC_MSG.commentLong), multiLine()),
    ),
  },
  MSG.validation,
)
export type CommentCreateInput = v.InferInput<typeof CommentCreateSchema>

export const DOC_REVIEW = ['approved', 'rejected'] as const
export type DocReview = (typeof DOC_REVIEW)[number]

export const LOCATION_SOURCES = ['exif', 'camera', 'upload'] as const
export type LocationSource = (typeof LOCATION_SOURCES)[number]

/**
 * One photo of an item. `url` is the original as uploaded (`/storage/{uuid}.{extension}`, SPEC section 3),
 * `thumb` a ~480 px WebP for grids: null while the server is still making it (a moment after the
 * upload), the original when the photo would not decode into one. Sizes are as displayed (EXIF orientation applied); `taken_at` is the
 * camera's capture time (EXIF DateTimeOriginal: UTC ('...Z') when the photo recorded its offset, else the
 * camera's wall clock without a zone), or else the moment of capture the device sent in `meta`.
 */
export const DocImageSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  extension: v.string(),
  url: v.string(),
  thumb: v.nullable(v.string()),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  thumb_width: v.nullable(v.number()),
  thumb_height: v.nullable(v.number()),
  size: v.number(),
  taken_at: v.nullable(v.string()),
  /** When the server stored it (ISO-8601 UTC). */
  received_at: v.nullable(v.string()),
  /** Hex SHA-256 of the stored bytes (GPS removed); null until a photo stored before issue 23 is processed. */
  sha256: v.nullable(v.string()),
  /** Where it was taken (see `location_source`), never in the public bytes. */
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  accuracy_m: v.nullable(v.number()),
  /**
   * Where the place comes from: 'exif' the photo's own GPS, 'camera' the device's position when it was
   * taken in the app's camera, 'upload' the phone's position when it was uploaded (photos stored before
   * issue 30: not necessarily where it was taken), null no place ('Lokasi tidak diketahui').
   */
  location_source: v.nullable(v.picklist(LOCATION_SOURCES)),
  /**
   * Metres from the project's site (issue 34), computed when read from the site as it is now: null when the
   * photo has no place or the project no site (src/contracts/geo.ts).
   */
  site_distance_m: v.nullable(v.number()),
  /** Within the site's radius: true 'Di lokasi', false 'Di luar lokasi'; null with `site_distance_m`. */
  on_site: v.nullable(v.boolean()),
  /**
   * The uploading device's clock minus the server's when the upload arrived, seconds (issue 34): a big
   * one makes a phone-given capture time doubtful. null: the client did not send its clock (older uploads).
   */
  clock_skew_s: v.nullable(v.number()),
})
export type DocImage = v.InferOutput<typeof DocImageSchema>

export const DocPersonSchema = v.object({ id: v.number(), name: v.string(), role: RoleSchema })
export type DocPerson = v.InferOutput<typeof DocPersonSchema>

export const DocSchema = v.object({
  id: v.number(),
  uuid: v.string(),
  description: v.string(),
  status: StatusSchema,
  images: v.array(DocImageSchema),
  likes: v.number(),
  is_liked: v.boolean(),
  comments: v.number(),
  creator: DocPersonSchema,
  created_at: v.string(),
  work_item: v.nullable(PersonRefSchema),
  location: v.nullable(v.string()),
  progress: v.nullable(v.number()),
  /** The reason of the current version's 'Revisi'; null once a new version is uploaded or it is approved (the history keeps every reason). */
  review_note: v.nullable(v.string()),
  /** 1 at upload, +1 per 'Unggah Revisi'; `images` are this version's. */
  version: v.number(),
  /**
   * The day-taken instant (ISO-8601 UTC): the earliest capture time of `images`, else the upload time.
   * The list's `from`/`to` filter on its day in the firm's time zone; the grid's day headings use it.
   */
  taken_at: v.string(),
  /** An earlier item of the project, not in the trash, holding a photo with the same SHA-256; else null. */
  duplicate_of: v.nullable(v.string()),
  /** When that earlier item was uploaded (null with `duplicate_of`). */
  duplicate_at: v.nullable(v.string()),
})
export type Doc = v.InferOutput<typeof DocSchema>

/** GET list: `data` is the page (newest first); `next_cursor` (beside it) asks for the next one, null at the end. */
export type DocListEnvelope = { success: boolean; message: string; data: Doc[]; next_cursor: string | null }

/** A file the server could not take, by the name the client sent. */
export const FileFailureSchema = v.object({ name: v.string(), message: v.string() })
export type FileFailure = v.InferOutput<typeof FileFailureSchema>

/** POST upload: the items created (one, or one per file with `descriptions`) and the files refused. */
export const DocUploadResultSchema = v.object({
  docs: v.array(DocSchema),
  errors: v.array(FileFailureSchema),
})
export type DocUploadResult = v.InferOutput<typeof DocUploadResultSchema>

export const DocLikeResultSchema = v.object({ uuid: v.string(), liked: v.boolean(), likes: v.number() })
export type DocLikeResult = v.InferOutput<typeof DocLikeResultSchema>

export const DocCommentSchema = v.object({
  id: v.number(),
  user: DocPersonSchema,
  content: v.string(),
  timestamp: v.string(),
})
export type DocComment = v.InferOutput<typeof DocCommentSchema>
