import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { PasswordChangeSchema } from '../../../contracts/users'
import { errorMessage } from '../../../lib/api'
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/form'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { TextField } from '../../../ui/field'
import { IconKey } from '../../../ui/icons'
import { notify } from '../../../ui/toaster'
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
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useUpdatePassword()

  function update(field: FormField, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => {
      const next = { ...e }
      delete next[WIRE[field]]
      return next
    })
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = validate(PasswordChangeSchema, {
      current_password: values.currentPassword,
      new_password: values.newPassword,
      confirm_new_password: values.confirmPassword,
    })
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    try {
      await mutation.mutateAsync(result.output)
      notify('success', 'Password berhasil diperbarui')
      setValues(empty)
      setErrors({})
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) setErrors(fields)
      notify('error', errorMessage(err, 'Gagal memperbarui password'))
    }
  }

  return (
    <Card padding="lg">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '5' })}>
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            w: '9',
            h: '9',
            borderRadius: 'md',
            bg: 'brand.soft',
            color: 'brand',
          })}
        >
          <IconKey size={18} />
        </div>
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
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}
      >
        <TextField
          fieldClassName={css({ gridColumn: { md: '1 / -1' } })}
          label="Password Saat Ini"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => update('currentPassword', e.target.value)}
          error={errors.current_password}
        />
        <TextField
          label="Password Baru"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(e) => update('newPassword', e.target.value)}
          error={errors.new_password}
          hint="Password minimal 8 karakter"
        />
        <TextField
          label="Konfirmasi Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => update('confirmPassword', e.target.value)}
          error={errors.confirm_new_password}
        />
        <div
          className={css({
            gridColumn: { md: '1 / -1' },
            display: 'flex',
            justifyContent: 'flex-end',
            pt: '2',
          })}
        >
          <Button type="submit" loading={mutation.isPending}>
            Ubah Password
          </Button>
        </div>
      </form>
    </Card>
  )
}
