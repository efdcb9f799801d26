import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import { errorMessage } from '../../../lib/api'
import { userCan } from '../../../lib/can'
import { useCurrentUser } from '../../../lib/current-user'
import { needsSignalTo } from '../../../lib/use-online'
import { useUserSearch } from '../../../lib/user-search'
import { AccessDenied } from '../../../ui/access-denied'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { Card, cardGrid } from '../../../ui/card'
import { ConfirmDialog, lazyDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import { IconKey, IconPencil, IconPlus, IconSearchX, IconTrash, IconUsers } from '../../../ui/icons'
import { ListStates } from '../../../ui/list-states'
import { notify } from '../../../ui/notify'
import { ListToolbar, PageHeader, SearchBox } from '../../../ui/page-header'
import { PasswordResetDialog } from '../../../ui/password-reset-dialog'
import { RoleBadge } from '../../../ui/role-badge'
import { Tooltip } from '../../../ui/tooltip'
import { UserMeta } from '../../../ui/user-meta'
import { resetAdminPassword } from '../api'
import { adminListQueryOptions, useRemoveAdmin } from '../queries'
import type { AdminFormState } from './admin-form-dialog'

// Its code is not part of the superadmin's first load.
const AdminFormDialog = lazyDialog(
  () => import('./admin-form-dialog').then((m) => m.AdminFormDialog),
  (p) => p.state !== null,
)

export function AdminManagement() {
  const me = useCurrentUser()
  if (!userCan(me).manage_admins) return <AccessDenied />
  return <AdminManagementPage />
}

function AdminManagementPage() {
  const admins = useQuery(adminListQueryOptions())
  const removeMutation = useRemoveAdmin()
  const [form, setForm] = useState<AdminFormState>(null)
  const [toReset, setToReset] = useState<User | null>(null)
  const [toDelete, setToDelete] = useState<User | null>(null)

  const list = admins.data ?? []
  const { search, setSearch, filtered } = useUserSearch(list)

  async function confirmDelete() {
    if (!toDelete) return
    try {
      await removeMutation.mutateAsync(toDelete.id)
      notify('success', 'Admin berhasil dihapus')
      setToDelete(null)
    } catch (err) {
      notify('error', errorMessage(err, 'Gagal menghapus admin'))
    }
  }

  return (
    <div>
      <PageHeader
        title="Manajemen Admin"
        subtitle="Kelola akun administrator yang mengelola project dan karyawan"
        actions={
          <Button onClick={() => setForm({ mode: 'create' })} needsSignal={needsSignalTo('menambah admin')}>
            <IconPlus /> Tambah Admin
          </Button>
        }
      />

      <ListToolbar
        search={
          <SearchBox
            value={search}
            onChange={setSearch}
            label="Cari admin"
            placeholder="Cari nama, email atau peran..."
          />
        }
        count={<>{list.length} admin</>}
      />

      <ListStates
        query={admins}
        errorIcon={<IconUsers />}
        empty={
          <EmptyState
            icon={<IconUsers />}
            title="Belum ada admin"
            description="Tambahkan administrator pertama untuk mulai mengelola project."
          />
        }
        shown={filtered.length}
        noMatch={<EmptyState icon={<IconSearchX />} title="Tidak ada admin yang ditemukan" />}
      >
        <ul className={cardGrid}>
          {filtered.map((admin) => (
            <li key={admin.id}>
              <Card interactive className={stack({ gap: '4', h: 'full' })}>
                <div className={flex({ align: 'flex-start', gap: '3' })}>
                  <Avatar name={admin.name} src={admin.avatar} size="lg" />
                  <div className={css({ flex: '1', minW: '0' })}>
                    <p className={css({ fontWeight: '600', truncate: true })}>{admin.name}</p>
                    <RoleBadge role={admin.role} className={css({ mt: '1' })} />
                  </div>
                  <Tooltip content="Hapus admin">
                    <Button
                      variant="dangerGhost"
                      size="sm"
                      iconOnly
                      aria-label={`Hapus ${admin.name}`}
                      onClick={() => setToDelete(admin)}
                    >
                      <IconTrash />
                    </Button>
                  </Tooltip>
                </div>
                <UserMeta user={admin} />
                <div className={flex({ mt: 'auto', gap: '2', justify: 'flex-end', wrap: 'wrap' })}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setToReset(admin)}
                    aria-label={`Atur ulang password ${admin.name}`}
                  >
                    <IconKey /> Atur Ulang Password
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setForm({ mode: 'edit', admin })}
                    aria-label={`Ubah ${admin.name}`}
                  >
                    <IconPencil /> Ubah
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </ListStates>

      <AdminFormDialog state={form} onClose={() => setForm(null)} />
      <PasswordResetDialog
        account={toReset}
        onClose={() => setToReset(null)}
        reset={(via) => resetAdminPassword((toReset as User).id, via)}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Konfirmasi Hapus Admin"
        description={
          <>
            Apakah Anda yakin ingin menghapus admin <strong>{toDelete?.name}</strong>? Tindakan ini tidak
            dapat dibatalkan.
          </>
        }
        confirmLabel="Hapus"
        onConfirm={confirmDelete}
        loading={removeMutation.isPending}
        needsSignal={needsSignalTo('menghapus')}
      />
    </div>
  )
}
