import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { User } from '../../../contracts/auth'
import { useCurrentUser } from '../../../lib/current-user'
import { needsSignalTo } from '../../../lib/use-online'
import { useUserSearch } from '../../../lib/user-search'
import { Button } from '../../../ui/button'
import { cardGrid } from '../../../ui/card'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconPlus, IconSearchX, IconUsers } from '../../../ui/icons'
import { ListStates } from '../../../ui/list-states'
import { ListToolbar, PageHeader, SearchBox } from '../../../ui/page-header'
import { PasswordResetDialog } from '../../../ui/password-reset-dialog'
import { resetEmployeePassword } from '../api'
import { employeeListQueryOptions } from '../queries'
import { EmployeeCard } from './employee-card'
import { EmployeeFormDialog } from './employee-form-dialog'
import { useEmployeeActions } from './use-employee-actions'

type FormState = { mode: 'create' } | { mode: 'edit'; employee: User } | null

export function EmployeesPage() {
  const me = useCurrentUser()
  const employees = useQuery(employeeListQueryOptions())
  const [form, setForm] = useState<FormState>(null)
  const [toReset, setToReset] = useState<User | null>(null)
  const { toggle, togglingId, toDelete, setToDelete, confirmDelete, deleting } = useEmployeeActions()

  const list = employees.data ?? []
  const { search, setSearch, filtered } = useUserSearch(list)
  const activeCount = list.filter((e) => e.is_active).length

  return (
    <div>
      <PageHeader
        title="Manajemen Karyawan"
        subtitle="Kelola data karyawan dan akses sistem"
        actions={
          <Button
            onClick={() => setForm({ mode: 'create' })}
            needsSignal={needsSignalTo('menambah karyawan')}
          >
            <IconPlus /> Tambah Karyawan
          </Button>
        }
      />

      <ListToolbar
        search={
          <SearchBox
            value={search}
            onChange={setSearch}
            label="Cari karyawan"
            placeholder="Cari nama, email atau peran..."
          />
        }
        count={
          list.length > 0 ? (
            <>
              {activeCount} aktif dari {list.length} karyawan
            </>
          ) : null
        }
      />

      <ListStates
        query={employees}
        errorIcon={<IconUsers />}
        empty={
          <EmptyState
            icon={<IconUsers />}
            title="Belum ada karyawan"
            description="Tambahkan karyawan agar mereka dapat masuk dan bekerja di project."
            action={
              <Button
                onClick={() => setForm({ mode: 'create' })}
                needsSignal={needsSignalTo('menambah karyawan')}
              >
                <IconPlus /> Tambah Karyawan
              </Button>
            }
          />
        }
        shown={filtered.length}
        noMatch={
          <EmptyState
            icon={<IconSearchX />}
            title="Tidak ada karyawan yang ditemukan"
            description="Coba kata kunci lain."
          />
        }
      >
        <ul className={cardGrid}>
          {filtered.map((employee) => (
            <li key={employee.id}>
              <EmployeeCard
                employee={employee}
                toggling={togglingId === employee.id}
                toggleDisabled={togglingId !== null}
                onToggle={(active) => toggle(employee, active)}
                onEdit={() => setForm({ mode: 'edit', employee })}
                onResetPassword={() => setToReset(employee)}
                onDelete={() => setToDelete(employee)}
              />
            </li>
          ))}
        </ul>
      </ListStates>

      <EmployeeFormDialog adminId={me.id} state={form} onClose={() => setForm(null)} />
      <PasswordResetDialog
        account={toReset}
        onClose={() => setToReset(null)}
        reset={(via) => resetEmployeePassword((toReset as User).id, via)}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Konfirmasi Hapus"
        description={
          <>
            Apakah Anda yakin ingin menghapus karyawan <strong>{toDelete?.name}</strong>? Tindakan ini tidak
            dapat dibatalkan.
          </>
        }
        confirmLabel="Hapus"
        onConfirm={confirmDelete}
        loading={deleting}
        needsSignal={needsSignalTo('menghapus')}
      />
    </div>
  )
}
