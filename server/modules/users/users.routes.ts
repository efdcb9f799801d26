import { PasswordChangeSchema, ProfileUpdateSchema } from '../../../src/contracts/users'
import * as endpoints from '../../../src/contracts/users.endpoints'
import { jsonBody, ok } from '../../http'
import type { Routes } from '../../route'
import { withUpload } from '../../uploads/receive'
import { AVATAR_UPLOAD, updateAvatar } from './avatar.service'
import { changePassword, updateProfile } from './profile.service'
import { toUser } from './user-view'

export const userRoutes: Routes = (deps, on) => {
  on(endpoints.me, (c) => ok(c, 'Data pengguna', toUser(c.var.user)))

  on(endpoints.update, async (c) => {
    const row = await updateProfile(deps, c.var.user, () => jsonBody(c, ProfileUpdateSchema))
    return ok(c, 'Profil berhasil diperbarui', toUser(row))
  })

  on(endpoints.avatar, async (c) => {
    const row = await updateAvatar(deps, c.var.user, (work) =>
      withUpload(c, deps.config, AVATAR_UPLOAD, work),
    )
    return ok(c, 'Foto profil berhasil diperbarui', toUser(row))
  })

  on(endpoints.password, async (c) => {
    const token = await changePassword(deps, c.var.user, () => jsonBody(c, PasswordChangeSchema))
    return ok(c, 'Password berhasil diperbarui', { token })
  })
}
