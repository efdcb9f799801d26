import * as endpoints from '../../../src/contracts/users.endpoints'
import { access } from '../../access'
import { ok } from '../../http'
import type { Routes } from '../../route'
import { runUpload } from '../../uploads/upload-service'
import { avatarUpload } from './avatar.service'
import { changePassword, updateProfile } from './profile.service'
import { toUser } from './user-view'

export const userRoutes: Routes = (deps, on) => {
  on(endpoints.me, (c) => ok(c, 'Data pengguna', { ...toUser(c.var.user), can: access.userCan(c.var.user) }))

  on(endpoints.update, async (c, body) => {
    const row = await updateProfile(deps, c.var.user, body)
    return ok(c, 'Profil berhasil diperbarui', toUser(row))
  })

  on(endpoints.avatar, (c) => runUpload(c, deps, avatarUpload, {}))

  on(endpoints.password, async (c, body) => {
    const token = await changePassword(deps, c.var.user, body)
    return ok(c, 'Password berhasil diperbarui', { token })
  })
}
