import { useState } from 'react'
import type { User } from '../../../contracts/auth'
import { failureMessage } from '../../../lib/api'
import { notify } from '../../../ui/notify'
import { useRemoveEmployee, useSetEmployeeActive } from '../queries'

/** Switching an employee on or off (one at a time), and the delete being confirmed. */
export function useEmployeeActions() {
  const setActive = useSetEmployeeActive()
  const removeMutation = useRemoveEmployee()
  const [toDelete, setToDelete] = useState<User | null>(null)
  const [togglingId, setTogglingId] = useState<number | null>(null)

  async function toggle(employee: User, active: boolean) {
    // One change at a time: every switch is disabled until this call and the reload finish.
    if (togglingId !== null) return
    setTogglingId(employee.id)
    try {
      await setActive.mutateAsync({ id: employee.id, active })
      notify('success', active ? 'Karyawan berhasil diaktifkan' : 'Karyawan berhasil dinonaktifkan')
    } catch (err) {
      notify(
        'error',
        failureMessage(err, {
          failed: active ? 'Gagal mengaktifkan karyawan' : 'Gagal menonaktifkan karyawan',
          thrown: active
            ? 'Terjadi kesalahan saat mengaktifkan karyawan'
            : 'Terjadi kesalahan saat menonaktifkan karyawan',
        }),
      )
    } finally {
      setTogglingId(null)
    }
  }

  async function confirmDelete() {
    if (!toDelete) return
    try {
      await removeMutation.mutateAsync(toDelete.id)
      notify('success', 'Karyawan berhasil dihapus')
      setToDelete(null)
    } catch (err) {
      notify(
        'error',
        failureMessage(err, {
          failed: 'Gagal menghapus karyawan',
          thrown: 'Terjadi kesalahan saat menghapus karyawan',
        }),
      )
    }
  }

  return { toggle, togglingId, toDelete, setToDelete, confirmDelete, deleting: removeMutation.isPending }
}
