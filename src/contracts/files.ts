import * as v from 'valibot'
import { ordered, PersonRefSchema, present, singleLine } from './common'
import { type Status, StatusSchema } from './projects'
import { MAX_FILE_NAME, UPLOAD_MSG } from './uploads'

/** The two areas with a folder and file browser (SPEC 'Perencanaan and pengawasan tabs'). */
export const FILE_AREAS = ['perencanaan', 'pengawasan'] as const
export type FileArea = (typeof FILE_AREAS)[number]
export const isFileArea = (s: string): s is FileArea => (FILE_AREAS as readonly string[]).includes(s)

export const FOLDER_NAME_MAX = 100
/** Files per upload call; the dialog says so before sending instead of the server refusing the lot. */
export const MAX_FILES_PER_UPLOAD = 100

/**
 * What the folder and file calls answer and the browser shows. The toasts of SPEC section 8 are English
 * in the SPEC and stay so, word for word (review's included: the app adds an Indonesian line under a
 * 'File rejected' toast instead of rewording it); the rest is Indonesian like the other screens.
 */
export const FILE_MSG = {
  folderNameRequired: 'Please enter a folder name',
  folderNameTooLong: `Nama folder maksimal ${FOLDER_NAME_MAX} karakter`,
  folderNameSeparator: 'Nama folder tidak boleh berisi / atau \\',
  folderNameDots: 'Nama folder tidak boleh . atau ..',
  folderNameTaken: 'Folder dengan nama ini sudah ada di lokasi ini',
  folderNotFound: 'Folder tidak ditemukan',
  fileNotFound: 'File tidak ditemukan',
  areaNotFound: 'Area tidak ditemukan',
  pickFiles: 'Silakan pilih file untuk diunggah',
  tooManyFiles: `Maksimal ${MAX_FILES_PER_UPLOAD} file dalam satu unggahan`,
  fileNameMissing: 'Nama file kosong',
  fileNameInvalid: 'Nama file tidak boleh berisi / atau \\',
  alreadyReviewed: 'File ini sudah direview',
  uploadFailed: 'Gagal mengunggah file',
  uploaded: (n: number) => `${n} file berhasil diunggah`,
  partial: (n: number, m: number) => `${n} file berhasil diunggah, ${m} file gagal`,
  folderCreated: 'Folder created successfully',
  folderCreateFailed: 'Failed to create folder',
  folderRenamed: 'Folder renamed successfully',
  folderRenameFailed: 'Failed to rename folder',
  folderDeleted: 'Folder deleted successfully',
  folderDeleteFailed: 'Failed to delete folder',
  fileApproved: 'File approved successfully',
  fileApproveFailed: 'Failed to approve file',
  fileRejected: 'File rejected',
  /** Under 'File rejected': what happened, in the app's language. */
  fileRejectedDetail: 'Alasan revisi dikirim ke pengunggah',
  fileRejectFailed: 'Failed to reject file',
  fileDeleted: 'File deleted successfully',
  fileDeleteFailed: 'Failed to delete file',
  downloadFailed: 'Gagal mengunduh file',
} as const

/** Names with a path in them would mean something else in a zip export or on anyone's disk. */
const noSeparators = (message: string) => v.check<string, string>((s) => !/[/\\]/.test(s), message)

/**
 * A folder name (SPEC section 5: not empty after trimming): one line, no path separators, not '.' or
 * '..', Unicode-normalised (NFC) so that a name typed on a Mac and on Windows is one name.
 */
export const FolderNameSchema = present(
  ordered(
    v.pipe(
      v.string(FILE_MSG.folderNameRequired),
      v.trim(),
      v.nonEmpty(FILE_MSG.folderNameRequired),
      v.transform((s: string) => s.normalize('NFC')),
      v.maxLength(FOLDER_NAME_MAX, FILE_MSG.folderNameTooLong),
      singleLine(),
      noSeparators(FILE_MSG.folderNameSeparator),
      v.check((s) => s !== '.' && s !== '..', FILE_MSG.folderNameDots),
    ),
  ),
)

/** A folder uuid as sent in `parent_slug` / `folder_slug`; '' means the area's root. */
const folderRef = present(
  ordered(v.pipe(v.string(FILE_MSG.folderNotFound), v.trim(), v.maxLength(64, FILE_MSG.folderNotFound))),
)

export const FolderCreateSchema = v.object(
  { name: FolderNameSchema, parent_slug: folderRef },
  FILE_MSG.folderNameRequired,
)
export type FolderCreateInput = v.InferInput<typeof FolderCreateSchema>
export type FolderCreateValues = v.InferOutput<typeof FolderCreateSchema>

export const FolderRenameSchema = v.object({ name: FolderNameSchema }, FILE_MSG.folderNameRequired)
export type FolderRenameInput = v.InferInput<typeof FolderRenameSchema>
export type FolderRenameValues = v.InferOutput<typeof FolderRenameSchema>

/** The upload dialog's own check (the server checks each received file itself). */
export const FileUploadSchema = v.object(
  {
    files: v.pipe(
      v.array(v.unknown(), FILE_MSG.pickFiles),
      v.minLength(1, FILE_MSG.pickFiles),
      v.maxLength(MAX_FILES_PER_UPLOAD, FILE_MSG.tooManyFiles),
    ),
  },
  FILE_MSG.pickFiles,
)

/** A file's name as the server keeps it: shown and sent back in Content-Disposition, never a path. */
export const FileNameSchema = ordered(
  v.pipe(
    v.string(FILE_MSG.fileNameMissing),
    v.trim(),
    v.nonEmpty(FILE_MSG.fileNameMissing),
    v.transform((s: string) => s.normalize('NFC')),
    v.maxLength(MAX_FILE_NAME, UPLOAD_MSG.badName),
    singleLine(),
    noSeparators(FILE_MSG.fileNameInvalid),
    v.check((s) => s !== '.' && s !== '..', FILE_MSG.fileNameMissing),
  ),
)

/** SPEC section 4: the labels of a file's status. */
export const FILE_STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  approved: 'Disetujui',
  rejected: 'Ditolak',
}

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

export const FolderRefSchema = v.object({ id: v.number(), uuid: v.string(), name: v.string() })
export type FolderRef = v.InferOutput<typeof FolderRefSchema>

export const FolderEntrySchema = v.object({
  ...FolderRefSchema.entries,
  created_at: v.string(),
  creator: PersonRefSchema,
  /** Subfolders plus files directly inside. */
  items: v.number(),
})
export type FolderEntry = v.InferOutput<typeof FolderEntrySchema>

export const FileEntrySchema = v.object({
  id: v.number(),
  uuid: v.string(),
  name: v.string(),
  /** SPEC: the size in KB (two decimals); the browser shows it with formatFileSize. */
  size_kb: v.number(),
  size_bytes: v.number(),
  mime: v.string(),
  status: StatusSchema,
  creator: PersonRefSchema,
  created_at: v.string(),
  reviewer: v.nullable(PersonRefSchema),
  reviewed_at: v.nullable(v.string()),
  /** The reason given with 'Revisi' (issue 30); null for an approval, a pending file or an older review. */
  review_note: v.nullable(v.string()),
})
export type FileEntry = v.InferOutput<typeof FileEntrySchema>

/** What the caller may do here, decided by the server's policy (the browser hides what it may not). */
export const AreaPermissionsSchema = v.object({
  /** Upload, new folder, rename and delete folders, delete files. */
  write: v.boolean(),
  /** Approve and reject pending files. */
  review: v.boolean(),
})
export type AreaPermissions = v.InferOutput<typeof AreaPermissionsSchema>

/**
 * GET /api/folder/{slug}/explore/{area}?parent_slug=&cursor=&limit=. Folders come first (by name), then
 * files (by name); a page holds at most `limit` entries of both together and `next_cursor` continues
 * where it stopped (null on the last page).
 */
export const ExploreResultSchema = v.object({
  area: v.picklist(FILE_AREAS),
  /** The folder shown (null: the area's root). */
  folder: v.nullable(FolderRefSchema),
  /** The breadcrumb trail from the root's first folder down to the folder shown. */
  paths: v.array(FolderRefSchema),
  /** The same trail as text, '/' at the root: '/Gambar Kerja/Struktur'. */
  path: v.string(),
  folders: v.array(FolderEntrySchema),
  files: v.array(FileEntrySchema),
  next_cursor: v.nullable(v.string()),
  /** Entries directly inside the folder shown (subfolders and files), on every page. */
  total: v.object({ folders: v.number(), files: v.number() }),
  can: AreaPermissionsSchema,
  /** The upload limits, so the dialog can say what is too large before sending it. */
  limits: v.object({ max_file_bytes: v.number(), max_files: v.number() }),
})
export type ExploreResult = v.InferOutput<typeof ExploreResultSchema>

export const UploadErrorSchema = v.object({ name: v.string(), message: v.string() })
export type UploadError = v.InferOutput<typeof UploadErrorSchema>

/**
 * POST /api/file/{slug}/upload/{area}: the SPEC's own shape, not the envelope: `results` are the stored
 * files, `errors` one entry per refused file (the whole answer, `success` false when none was stored).
 */
export const UploadResponseSchema = v.object({
  success: v.boolean(),
  message: v.string(),
  results: v.array(FileEntrySchema),
  errors: v.array(UploadErrorSchema),
})
export type UploadResponse = v.InferOutput<typeof UploadResponseSchema>

export const EXPLORE_PAGE_MAX = 500
export const EXPLORE_PAGE_DEFAULT = 200
