import fs from 'node:fs'
import { Hono } from 'hono'
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPE_MESSAGE,
  PasswordChangeSchema,
  ProfileUpdateSchema,
} from '../../../src/contracts/users'
import type { AppEnv, Deps } from '../../deps'
import { AppError, jsonBody, ok } from '../../http'
import { renderAvatar } from '../../images'
import { receiveMultipart } from '../../multipart'
import { changePassword, updateProfile } from './profile.service'
import { toUser } from './user-view'

export function userRoutes(deps: Deps) {
  const { db, store } = deps
  const app = new Hono<AppEnv>()

  app.get('/me', (c) => ok(c, 'Data pengguna', toUser(c.var.user)))

  app.put('/update', async (c) => {
    const row = await updateProfile(deps, c.var.user, () => jsonBody(c, ProfileUpdateSchema))
    return ok(c, 'Profil berhasil diperbarui', toUser(row))
  })

  app.patch('/update-avatar', async (c) => {
    const upload = await receiveMultipart(c, {
      store,
      maxFileBytes: AVATAR_MAX_BYTES,
      maxFiles: 1,
      fileFields: ['avatar'],
    })
    const rendered = store.tempPath()
    try {
      const file = upload.files[0]
      if (!file || file.size === 0)
        throw new AppError(422, 'Silakan pilih foto profil', { avatar: 'Silakan pilih foto profil' })
      if (!file.mime.startsWith('image/'))
        throw new AppError(415, AVATAR_TYPE_MESSAGE, { avatar: AVATAR_TYPE_MESSAGE })
      try {
        await renderAvatar(file.tempPath, rendered)
      } catch {
        throw new AppError(415, AVATAR_TYPE_MESSAGE, { avatar: AVATAR_TYPE_MESSAGE })
      }
      const key = await store.adopt(rendered, 'webp', 'public')
      const avatar = `/storage/${key}`
      const previous = c.var.user.avatar
      const row = await db
        .updateTable('users')
        .set({ avatar })
        .where('id', '=', c.var.user.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      if (previous?.startsWith('/storage/'))
        await store.remove(previous.slice('/storage/'.length), 'public').catch(() => {})
      return ok(c, 'Foto profil berhasil diperbarui', { ...toUser(row), avatar })
    } finally {
      await upload.cleanup()
      await fs.promises.rm(rendered, { force: true })
    }
  })

  app.patch('/update-password', async (c) => {
    const token = await changePassword(deps, c.var.user, () => jsonBody(c, PasswordChangeSchema))
    return ok(c, 'Password berhasil diperbarui', { token })
  })

  return app
}
