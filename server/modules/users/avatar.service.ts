import { pathTo } from '../../../src/contracts/endpoint'
import { STORAGE_PREFIX, storageBlob } from '../../../src/contracts/public-paths'
import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE } from '../../../src/contracts/users'
import { type Actor, access } from '../../access'
import type { UserRow } from '../../db/schema'
import { AppError } from '../../http'
import { renderAvatar } from '../../images'
import { commitUpload, deleteBlobsQuietly, type PendingBlob, pendingBlob } from '../../uploads/commit'
import type { UploadOptions } from '../../uploads/receive'
import { IMAGE_KINDS } from '../../uploads/sniff'
import type { UploadService } from '../../uploads/upload-service'
import { toUser } from './user-view'

export const AVATAR_UPLOAD: UploadOptions = {
  fileFields: ['avatar'],
  maxFiles: 1,
  maxFileBytes: AVATAR_MAX_BYTES,
  accept: IMAGE_KINDS,
  typeMessage: AVATAR_TYPE_MESSAGE,
}

const PUBLIC_PREFIX = STORAGE_PREFIX

/**
 * Replaces the caller's avatar (an UploadService, uploads/upload-service.ts): the image (checked by its
 * bytes) is re-encoded to a small WebP, which also strips EXIF (the phone's location), and committed with
 * the row; the previous blob goes after the commit. Access is decided before a byte of the body is read.
 * The call never took an Idempotency-Key: a repeat sets the same picture again.
 */
export const avatarUpload: UploadService<Record<string, never>, Actor, PendingBlob, UserRow> = {
  idempotencyKey: 'ignored',

  async authorize(deps, user) {
    await access.require(deps, user, 'profile.edit')
    return user
  },

  options: () => AVATAR_UPLOAD,

  async prepare(_user, upload) {
    const file = upload.files[0]
    if (!file) throw new AppError(422, 'Silakan pilih foto profil', { avatar: 'Silakan pilih foto profil' })
    const rendered = { path: upload.scratchPath('webp'), ext: 'webp' }
    try {
      await renderAvatar(file.path, rendered.path)
    } catch {
      // Image bytes sharp cannot decode (HEIC, a damaged file) are no usable image either.
      throw new AppError(415, AVATAR_TYPE_MESSAGE, { avatar: AVATAR_TYPE_MESSAGE })
    }
    return { input: pendingBlob(rendered, 'public'), fingerprint: { name: file.name, sha256: file.sha256 } }
  },

  async store(deps, tx, user, blob) {
    const { row, previous } = await commitUpload(tx, deps, [blob], async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select('avatar')
        .where('id', '=', user.id)
        .executeTakeFirst()
      const row = await trx
        .updateTable('users')
        .set({ avatar: pathTo(storageBlob, { key: blob.key }) })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return { row, previous: before?.avatar }
    })
    if (previous?.startsWith(PUBLIC_PREFIX))
      tx.afterCommit(() =>
        deleteBlobsQuietly(
          deps,
          [{ key: previous.slice(PUBLIC_PREFIX.length), visibility: 'public' }],
          'of a replaced avatar',
        ),
      )
    return row
  },

  answer: (row) => ({ status: 200, message: 'Foto profil berhasil diperbarui', data: toUser(row) }),
}
