import fs from 'node:fs'
import sharp from 'sharp'
import { type FirmSettings, LOGO_MAX_BYTES, SETTINGS_MSG } from '../../../src/contracts/settings'
import { type Actor, access } from '../../access'
import { AppError } from '../../http'
import { commitUpload, deleteBlobsQuietly, type PendingBlob, pendingBlob } from '../../uploads/commit'
import type { UploadService } from '../../uploads/upload-service'
import { readFirmSettings } from './firm-settings'
import { setLogoKey, toView } from './settings.service'

/** Large enough for a crisp cover at print size, small enough to keep every report light. */
const LOGO_BOX = { width: 900, height: 450 }

/**
 * The firm's logo (PNG or JPEG by its bytes, at most 1 MB; an UploadService, uploads/upload-service.ts):
 * re-encoded to a bounded PNG, which keeps a transparent background and drops whatever metadata the
 * file carried, stored as a public blob (it is printed on reports anyone with a link may open), the
 * previous one deleted after the commit. A repeat sets the same logo again: no Idempotency-Key.
 */
export const logoUpload: UploadService<Record<string, never>, Actor, PendingBlob, FirmSettings> = {
  idempotencyKey: 'ignored',

  async authorize(deps, user) {
    await access.require(deps, user, 'settings.write')
    return user
  },

  options: () => ({
    fileFields: ['logo'],
    maxFiles: 1,
    maxFileBytes: LOGO_MAX_BYTES,
    accept: ['png', 'jpeg'],
    typeMessage: SETTINGS_MSG.logoType,
  }),

  async prepare(_user, upload) {
    const file = upload.files[0]
    if (!file) throw new AppError(422, SETTINGS_MSG.logoMissing, { logo: SETTINGS_MSG.logoMissing })
    const out = upload.scratchPath('png')
    try {
      await sharp(file.path, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toFile(out)
    } catch {
      await fs.promises.rm(out, { force: true })
      // A damaged file with a PNG or JPEG header is no usable logo either.
      throw new AppError(415, SETTINGS_MSG.logoType, { logo: SETTINGS_MSG.logoType })
    }
    return {
      input: pendingBlob({ path: out, ext: 'png' }, 'public'),
      fingerprint: { name: file.name, sha256: file.sha256 },
    }
  },

  async store(deps, tx, user, blob) {
    const previous = await commitUpload(tx, deps, [blob], (trx) => setLogoKey(trx, deps, user, blob.key))
    if (previous)
      tx.afterCommit(() =>
        deleteBlobsQuietly(deps, [{ key: previous, visibility: 'public' }], 'of a replaced logo'),
      )
    return toView(await readFirmSettings({ db: tx.trx, config: deps.config }))
  },

  answer: (settings) => ({ status: 200, message: SETTINGS_MSG.logoSaved, data: settings }),
}
