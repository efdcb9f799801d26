import type { FormEvent } from 'react'
import { AdminCreateSchema } from '../../../contracts/admins'
import { errorMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { FormDialog } from '../../../ui/dialog'
import { TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useCreateAdmin } from '../queries'

const empty = { name: '', password: '', email: '', phone: '' }

export function AddAdminDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { field, reset, check, showServerErrors } = useValidatedForm(empty)
  const createMutation = useCreateAdmin()

  function close(next: boolean) {
    onOpenChange(next)
    if (!next) reset(empty)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const input = check(AdminCreateSchema)
    if (!input) return
    try {
      await createMutation.mutateAsync(input)
      notify('success', 'Admin berhasil ditambahkan')
      close(false)
    } catch (err) {
      showServerErrors(err)
      notify('error', errorMessage(err, 'Gagal menambahkan admin'))
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Tambah Admin Baru"
      description="Admin dapat mengelola project, karyawan dan review file."
      pending={createMutation.isPending}
      onSubmit={onSubmit}
      submitLabel="Tambah Admin"
    >
      <TextField label="Nama Lengkap" {...field('name')} autoComplete="name" required />
      <TextField
        label="Password"
        {...field('password')}
        type="password"
        autoComplete="new-password"
        hint="Password minimal 8 karakter"
        required
      />
      <TextField label="Email" {...field('email')} type="email" autoComplete="email" required />
      <TextField label="Nomor Telepon" {...field('phone')} type="tel" autoComplete="tel" required />
    </FormDialog>
  )
}
