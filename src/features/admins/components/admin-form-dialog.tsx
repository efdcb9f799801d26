import { type FormEvent, useEffect } from 'react'
import { AdminCreateSchema, AdminUpdateSchema } from '../../../contracts/admins'
import type { User } from '../../../contracts/auth'
import { errorMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { FormDialog } from '../../../ui/dialog'
import { TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useCreateAdmin, useUpdateAdmin } from '../queries'

export type AdminFormState = { mode: 'create' } | { mode: 'edit'; admin: User } | null

function initialValues(state: AdminFormState) {
  if (state?.mode === 'edit') {
    const a = state.admin
    return { name: a.name, email: a.email, password: '', phone: a.phone ?? '' }
  }
  return { name: '', email: '', password: '', phone: '' }
}

/**
 * 'Tambah Admin Baru' and 'Ubah Admin' (issue 32: the superadmin edits name, email and phone). The fields
 * come in the order of the employee dialog: Nama Lengkap, Email, Password, Nomor Telepon. An edit never
 * sends a password: it changes only by 'Atur Ulang Password'.
 */
export function AdminFormDialog({ state, onClose }: { state: AdminFormState; onClose: () => void }) {
  const { values, field, reset, check, showServerErrors } = useValidatedForm(() => initialValues(state))
  const createMutation = useCreateAdmin()
  const updateMutation = useUpdateAdmin()
  const isEdit = state?.mode === 'edit'

  useEffect(() => {
    reset(initialValues(state))
  }, [state, reset])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!state) return
    try {
      if (state.mode === 'edit') {
        const { password: _never, ...rest } = values
        const input = check(AdminUpdateSchema, rest)
        if (!input) return
        await updateMutation.mutateAsync({ id: state.admin.id, input })
        notify('success', 'Admin berhasil diperbarui')
      } else {
        const input = check(AdminCreateSchema)
        if (!input) return
        await createMutation.mutateAsync(input)
        notify('success', 'Admin berhasil ditambahkan')
      }
      onClose()
    } catch (err) {
      showServerErrors(err)
      notify('error', errorMessage(err, isEdit ? 'Gagal memperbarui admin' : 'Gagal menambahkan admin'))
    }
  }

  return (
    <FormDialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={isEdit ? 'Ubah Admin' : 'Tambah Admin Baru'}
      description={
        isEdit
          ? 'Perbarui nama, email dan nomor telepon admin.'
          : 'Admin dapat mengelola project, karyawan dan review file.'
      }
      pending={createMutation.isPending || updateMutation.isPending}
      onSubmit={onSubmit}
      submitLabel={isEdit ? 'Simpan' : 'Tambah Admin'}
    >
      <TextField label="Nama Lengkap" {...field('name')} autoComplete="name" required />
      <TextField label="Email" {...field('email')} type="email" autoComplete="email" required />
      {isEdit ? null : (
        <TextField
          label="Password"
          {...field('password')}
          type="password"
          autoComplete="new-password"
          hint="Password minimal 8 karakter"
          required
        />
      )}
      <TextField label="Nomor Telepon" {...field('phone')} type="tel" autoComplete="tel" required />
    </FormDialog>
  )
}
