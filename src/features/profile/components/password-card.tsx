import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import { flex, grid, hstack } from 'styled-system/patterns'
import { PasswordChangeSchema } from '../../../contracts/users'
import { errorMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { TextField } from '../../../ui/field'
import { IconTile } from '../../../ui/icon-tile'
import { IconKey } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { useUpdatePassword } from '../queries'

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' }
type FormField = keyof typeof empty

/** Form field -> wire field (SPEC section 3). */
const WIRE: Record<FormField, 'current_password' | 'new_password' | 'confirm_new_password'> = {
  currentPassword: 'current_password',
  newPassword: 'new_password',
  confirmPassword: 'confirm_new_password',
}

export function PasswordCard() {
  const { values, field, reset, check, showServerErrors } = useValidatedForm(empty)
  const mutation = useUpdatePassword()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const input = check(PasswordChangeSchema, {
      current_password: values.currentPassword,
      new_password: values.newPassword,
      confirm_new_password: values.confirmPassword,
    })
    if (!input) return
    try {
      await mutation.mutateAsync(input)
      notify('success', 'Password berhasil diperbarui')
      reset(empty)
    } catch (err) {
      showServerErrors(err)
      notify('error', errorMessage(err, 'Gagal memperbarui password'))
    }
  }

  return (
    <Card padding="lg">
      <div className={hstack({ gap: '3', mb: '5' })}>
        <IconTile size="md" fit={false} className={css({ flexShrink: 1, bg: 'brand.soft', color: 'brand' })}>
          <IconKey size={18} />
        </IconTile>
        <div>
          <h2 className={css({ textStyle: 'sectionTitle' })}>Ubah Password</h2>
          <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
            Setelah diubah, sesi di perangkat lain akan keluar.
          </p>
        </div>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className={grid({ gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}
      >
        <TextField
          fieldClassName={css({ gridColumn: { md: '1 / -1' } })}
          label="Password Saat Ini"
          {...field('currentPassword', WIRE.currentPassword)}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          label="Password Baru"
          {...field('newPassword', WIRE.newPassword)}
          type="password"
          autoComplete="new-password"
          hint="Password minimal 8 karakter"
        />
        <TextField
          label="Konfirmasi Password"
          {...field('confirmPassword', WIRE.confirmPassword)}
          type="password"
          autoComplete="new-password"
        />
        <div
          className={flex({
            gridColumn: { md: '1 / -1' },

            justify: 'flex-end',
            pt: '2',
          })}
        >
          <Button type="submit" loading={mutation.isPending} needsSignal={needsSignalTo('mengubah password')}>
            Ubah Password
          </Button>
        </div>
      </form>
    </Card>
  )
}
