import { type FormEvent, useEffect } from 'react'
import type { User } from '../../../contracts/auth'
import { ROLE_LABELS } from '../../../contracts/common'
import { EmployeeCreateSchema, EmployeeUpdateSchema } from '../../../contracts/employees'
import { failureMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { FormDialog } from '../../../ui/dialog'
import { SelectField, TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useCreateEmployee, useUpdateEmployee } from '../queries'

type State = { mode: 'create' } | { mode: 'edit'; employee: User } | null
type Values = { name: string; email: string; password: string; phone: string; role: string }

const ROLE_OPTIONS = [
  { value: 'perencanaan', label: ROLE_LABELS.perencanaan },
  { value: 'pengawasan', label: ROLE_LABELS.pengawasan },
] as const

function initialValues(state: State): Values {
  if (state?.mode === 'edit') {
    const e = state.employee
    // An existing admin role is shown as perencanaan (SPEC section 5).
    const role = e.role === 'pengawasan' ? 'pengawasan' : 'perencanaan'
    return { name: e.name, email: e.email, password: '', phone: e.phone ?? '', role }
  }
  return { name: '', email: '', password: '', phone: '', role: '' }
}

export function EmployeeFormDialog({
  adminId,
  state,
  onClose,
}: {
  adminId: number
  state: State
  onClose: () => void
}) {
  const { values, field, reset, check, showServerErrors } = useValidatedForm(() => initialValues(state))
  const createMutation = useCreateEmployee(adminId)
  const updateMutation = useUpdateEmployee()
  const isEdit = state?.mode === 'edit'
  const pending = createMutation.isPending || updateMutation.isPending

  useEffect(() => {
    reset(initialValues(state))
  }, [state, reset])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!state) return
    try {
      if (state.mode === 'edit') {
        // The password is never sent on edit.
        const { password: _omit, ...rest } = values
        const input = check(EmployeeUpdateSchema, rest)
        if (!input) return
        await updateMutation.mutateAsync({ id: state.employee.id, input })
        notify('success', 'Karyawan berhasil diperbarui')
      } else {
        const input = check(EmployeeCreateSchema)
        if (!input) return
        await createMutation.mutateAsync(input)
        notify('success', 'Karyawan berhasil ditambahkan')
      }
      onClose()
    } catch (err) {
      showServerErrors(err)
      notify(
        'error',
        failureMessage(
          err,
          isEdit
            ? { failed: 'Gagal memperbarui karyawan', thrown: 'Terjadi kesalahan saat memperbarui karyawan' }
            : { failed: 'Gagal menambahkan karyawan', thrown: 'Terjadi kesalahan saat menambahkan karyawan' },
        ),
      )
    }
  }

  return (
    <FormDialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={isEdit ? 'Edit Karyawan' : 'Tambah Karyawan'}
      description={
        isEdit
          ? 'Perbarui data dan peran karyawan.'
          : 'Karyawan baru dapat langsung masuk dengan email dan password ini.'
      }
      pending={pending}
      onSubmit={onSubmit}
      submitLabel={isEdit ? 'Simpan' : 'Tambah'}
    >
      {/* The admin dialog's order and words: Nama Lengkap, Email, Password, Nomor Telepon (issue 32). */}
      <TextField label="Nama Lengkap" {...field('name')} autoComplete="name" required />
      <TextField label="Email" {...field('email')} type="email" autoComplete="email" required />
      {!isEdit ? (
        <TextField
          label="Password"
          {...field('password')}
          type="password"
          autoComplete="new-password"
          hint="Password minimal 8 karakter"
          required
        />
      ) : null}
      <TextField label="Nomor Telepon" {...field('phone')} type="tel" autoComplete="tel" />
      <SelectField
        label="Peran"
        {...field('role')}
        options={ROLE_OPTIONS}
        placeholder="Pilih peran"
        required
      />
    </FormDialog>
  )
}
