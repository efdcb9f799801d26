import { type FormEvent, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { User } from '../../../contracts/auth'
import { ROLE_LABELS } from '../../../contracts/common'
import { EmployeeCreateSchema, EmployeeUpdateSchema } from '../../../contracts/employees'
import { failureMessage } from '../../../lib/api'
import { type FieldErrors, serverFieldErrors, validate, withoutError } from '../../../lib/form'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { SelectField, TextField } from '../../../ui/field'
import { notify } from '../../../ui/toaster'
import { useCreateEmployee, useUpdateEmployee } from '../queries'

type State = { mode: 'create' } | { mode: 'edit'; employee: User } | null
type Values = { name: string; email: string; password: string; phone: string; role: string }
type Field = keyof Values

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
  const [values, setValues] = useState<Values>(() => initialValues(state))
  const [errors, setErrors] = useState<FieldErrors>({})
  const createMutation = useCreateEmployee(adminId)
  const updateMutation = useUpdateEmployee()
  const isEdit = state?.mode === 'edit'
  const pending = createMutation.isPending || updateMutation.isPending

  useEffect(() => {
    setValues(initialValues(state))
    setErrors({})
  }, [state])

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!state) return
    try {
      if (state.mode === 'edit') {
        // The password is never sent on edit.
        const { password: _omit, ...rest } = values
        const result = validate(EmployeeUpdateSchema, rest)
        if (!result.ok) return setErrors(result.errors)
        await updateMutation.mutateAsync({ id: state.employee.id, input: result.output })
        notify('success', 'Karyawan berhasil diperbarui')
      } else {
        const result = validate(EmployeeCreateSchema, values)
        if (!result.ok) return setErrors(result.errors)
        await createMutation.mutateAsync(result.output)
        notify('success', 'Karyawan berhasil ditambahkan')
      }
      onClose()
    } catch (err) {
      const fields = serverFieldErrors(err)
      if (fields) setErrors(fields)
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
    <Dialog
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
      locked={pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Batal
          </Button>
          <Button type="submit" form="employee-form" loading={pending}>
            {isEdit ? 'Simpan' : 'Tambah'}
          </Button>
        </>
      }
    >
      <form
        id="employee-form"
        onSubmit={onSubmit}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <TextField
          label="Nama"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          error={errors.name}
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
        {!isEdit ? (
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
        ) : null}
        <TextField
          label="Nomor Telepon"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => update('phone', e.target.value)}
          error={errors.phone}
        />
        <SelectField
          label="Peran"
          name="role"
          value={values.role}
          onChange={(e) => update('role', e.target.value)}
          error={errors.role}
          options={ROLE_OPTIONS}
          placeholder="Pilih peran"
          required
        />
      </form>
    </Dialog>
  )
}
