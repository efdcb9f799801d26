import { Hono } from 'hono'
import { PasswordChangeSchema, ProfileUpdateSchema } from '../../../src/contracts/users'
import type { AppEnv, Deps } from '../../deps'
import { jsonBody, ok } from '../../http'
import { withUpload } from '../../uploads/receive'
import { AVATAR_UPLOAD, updateAvatar } from './avatar.service'
import { changePassword, updateProfile } from './profile.service'
import { toUser } from './user-view'

export function userRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()

  app.get('/me', (c) => ok(c, 'Data pengguna', toUser(c.var.user)))

  app.put('/update', async (c) => {
    const row = await updateProfile(deps, c.var.user, () => jsonBody(c, ProfileUpdateSchema))
    return ok(c, 'Profil berhasil diperbarui', toUser(row))
  })

  app.patch('/update-avatar', async (c) => {
    const row = await updateAvatar(deps, c.var.user, (work) =>
      withUpload(c, deps.config, AVATAR_UPLOAD, work),
    )
    return ok(c, 'Foto profil berhasil diperbarui', toUser(row))
  })

  app.patch('/update-password', async (c) => {
    const token = await changePassword(deps, c.var.user, () => jsonBody(c, PasswordChangeSchema))
    return ok(c, 'Password berhasil diperbarui', { token })
  })

  return app
}
