/**
 * The kinds of file Berkas stores, with the extension a blob's key gets and the type it is served with.
 * Uploads decide a file's kind by its bytes (server/uploads/sniff.ts); the blob stores serve and label a
 * blob by its key's extension (TYPE_BY_EXT).
 */
export const KINDS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
  heic: { ext: 'heic', mime: 'image/heic' },
  avif: { ext: 'avif', mime: 'image/avif' },
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { ext: 'doc', mime: 'application/msword' },
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel' },
  ppt: { ext: 'ppt', mime: 'application/vnd.ms-powerpoint' },
  /** Bytes of no kind above (CAD drawings, archives, text...), for routes that take any file (ANY_KIND). */
  other: { ext: 'bin', mime: 'application/octet-stream' },
} as const
export type FileKind = keyof typeof KINDS

/** A blob key's extension to its Content-Type. */
export const TYPE_BY_EXT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(KINDS).map((k) => [k.ext, k.mime]),
)
