import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { AdminCreateSchema } from '../../../contracts/admins'
import { errorMessage } from '../../../lib/api'
import { type FieldErrors, serverFieldErrors, validate, withoutError } from '../../../lib/form'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { TextField } from '../../../ui/field'
import { notify } from '../../../ui/toaster'
import { useCreateAdmin } from '../queries'

const empty = { name: '', password: '', email: '', phone: '' }
type Field = keyof typeof empty

export function AddAdminDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<FieldErrors>({})
  const createMutation = useCreateAdmin()

  function close(next: boolean) {
    onOpenChange(next)
    if (!next) {
      setValues(empty)
      setErrors({})
    }
  }

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const result = validate(AdminCreateSchema, values)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    try {
      await createMutation.mutateAsync(result.output)
      notify('success', 'Admin berhasil ditambahkan')
      close(false)
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) setErrors(fields)
      notify('error', errorMessage(err, 'Gagal menambahkan admin'))
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Tambah Admin Baru"
      description="Admin dapat mengelola project, karyawan dan review file."
      locked={createMutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={createMutation.isPending}>
            Batal
          </Button>
          <Button type="submit" form="add-admin-form" loading={createMutation.isPending}>
            Tambah Admin
          </Button>
        </>
      }
    >
      <form
        id="add-admin-form"
        onSubmit={onSubmit}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <TextField
          label="Nama Lengkap"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
          error={errors.password}
          hint="Password minimal 8 karakter"
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label="Nomor Telepon"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => update('phone', e.target.value)}
          error={errors.phone}
          required
        />
      </form>
    </Dialog>
  )
}
