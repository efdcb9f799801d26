import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE } from '../../../src/contracts/users'
import { type Actor, access } from '../../access'
import type { UserRow } from '../../db/schema'
import type { Deps } from '../../deps'
import { AppError } from '../../http'
import { renderAvatar } from '../../images'
import { commitUpload, deleteBlobsQuietly, pendingBlob } from '../../uploads/commit'
import type { Upload, UploadOptions } from '../../uploads/receive'
import { IMAGE_KINDS } from '../../uploads/sniff'

export const AVATAR_UPLOAD: UploadOptions = {
  fileFields: ['avatar'],
  maxFiles: 1,
  maxFileBytes: AVATAR_MAX_BYTES,
  accept: IMAGE_KINDS,
  typeMessage: AVATAR_TYPE_MESSAGE,
}

const PUBLIC_PREFIX = '/storage/'

/**
 * Replaces the caller's avatar: the image (checked by its bytes) is re-encoded to a small WebP, which
 * also strips EXIF (the phone's location), and committed with the row; the previous blob goes after the
 * commit. Access is decided before `receive` reads a byte of the body.
 */
export async function updateAvatar(
  deps: Pick<Deps, 'db' | 'store' | 'logger'>,
  user: Actor,
  receive: (work: (upload: Upload) => Promise<UserRow>) => Promise<UserRow>,
): Promise<UserRow> {
  await access.require(deps, user, 'profile.edit')
  return receive(async (upload) => {
    const file = upload.files[0]
    if (!file) throw new AppError(422, 'Silakan pilih foto profil', { avatar: 'Silakan pilih foto profil' })
    const rendered = { path: upload.scratchPath('webp'), ext: 'webp' }
    try {
      await renderAvatar(file.path, rendered.path)
    } catch {
      // Image bytes sharp cannot decode (HEIC, a damaged file) are no usable image either.
      throw new AppError(415, AVATAR_TYPE_MESSAGE, { avatar: AVATAR_TYPE_MESSAGE })
    }
    const blob = pendingBlob(rendered, 'public')
    const { row, previous } = await commitUpload(deps, [blob], async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select('avatar')
        .where('id', '=', user.id)
        .executeTakeFirst()
      const row = await trx
        .updateTable('users')
        .set({ avatar: PUBLIC_PREFIX + blob.key })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return { row, previous: before?.avatar }
    })
    if (previous?.startsWith(PUBLIC_PREFIX))
      await deleteBlobsQuietly(
        deps,
        [{ key: previous.slice(PUBLIC_PREFIX.length), visibility: 'public' }],
        'of a replaced avatar',
      )
    return row
  })
}
