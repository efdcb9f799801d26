import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import type { User } from '../../../contracts/auth'
import { MSG, ROLE_LABELS } from '../../../contracts/common'
import { errorMessage } from '../../../lib/api'
import { useCurrentUser } from '../../../lib/current-user'
import { formatDate } from '../../../lib/format'
import { AccessDenied } from '../../../ui/access-denied'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { CardSkeletons } from '../../../ui/card-skeletons'
import { ConfirmDialog } from '../../../ui/dialog'
import { EmptyState } from '../../../ui/empty-state'
import {
  IconCalendar,
  IconMail,
  IconPhone,
  IconPlus,
  IconSearchX,
  IconTrash,
  IconUsers,
} from '../../../ui/icons'
import { PageHeader, SearchBox } from '../../../ui/page-header'
import { RoleBadge } from '../../../ui/role-badge'
import { notify } from '../../../ui/toaster'
import { Tooltip } from '../../../ui/tooltip'
import { adminListQueryOptions, useRemoveAdmin } from '../queries'
import { AddAdminDialog } from './add-admin-dialog'

function matches(admin: User, q: string) {
  if (!q) return true
  const needle = q.toLowerCase()
  return [admin.name, admin.email, admin.role, ROLE_LABELS[admin.role]].some((s) =>
    s?.toLowerCase().includes(needle),
  )
}

const metaRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  color: 'fgMuted',
  minW: '0',
  '& svg': { color: 'fgSubtle', flexShrink: 0 },
})

export function AdminManagement() {
  const me = useCurrentUser()
  if (me.role !== 'superadmin') return <AccessDenied />
  return <AdminManagementPage />
}

function AdminManagementPage() {
  const admins = useQuery(adminListQueryOptions())
  const removeMutation = useRemoveAdmin()
  const [search, setSearch] = useState('')
  const [addOpen, setAddOpen] = useState(false)
  const [toDelete, setToDelete] = useState<User | null>(null)

  const list = admins.data ?? []
  const filtered = useMemo(() => list.filter((a) => matches(a, search.trim())), [list, search])

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
          <Button onClick={() => setAddOpen(true)}>
            <IconPlus /> Tambah Admin
          </Button>
        }
      />

      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '4',
          mb: '5',
        })}
      >
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Cari admin"
          placeholder="Cari nama, email atau peran..."
        />
        <p
          className={css({
            fontSize: 'sm',
            color: 'fgSubtle',
            whiteSpace: 'nowrap',
            display: { base: 'none', sm: 'block' },
          })}
        >
          {list.length} admin
        </p>
      </div>

      {admins.isError && !admins.data ? (
        <EmptyState
          icon={<IconUsers />}
          title={errorMessage(admins.error, MSG.loadFailed)}
          action={
            <Button variant="secondary" onClick={() => admins.refetch()}>
              Coba lagi
            </Button>
          }
        />
      ) : admins.isPending ? (
        <CardSkeletons />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<IconUsers />}
          title="Belum ada admin"
          description="Tambahkan administrator pertama untuk mulai mengelola project."
        />
      ) : filtered.length === 0 ? (
        <EmptyState icon={<IconSearchX />} title="Tidak ada admin yang ditemukan" />
      ) : (
        <ul
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
            gap: '4',
          })}
        >
          {filtered.map((admin) => (
            <li key={admin.id}>
              <Card
                interactive
                className={css({ display: 'flex', flexDirection: 'column', gap: '4', h: 'full' })}
              >
                <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3' })}>
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
                <div
                  className={css({
                    display: 'flex',
                    flexDirection: 'column',
                    gap: '2',
                    pt: '3',
                    borderTopWidth: '1px',
                    borderColor: 'border',
                  })}
                >
                  <span className={metaRow}>
                    <IconMail /> <span className={css({ truncate: true })}>{admin.email}</span>
                  </span>
                  <span className={metaRow}>
                    <IconPhone /> {admin.phone || '-'}
                  </span>
                  <span className={metaRow}>
                    <IconCalendar /> Bergabung {formatDate(admin.created_at)}
                  </span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <AddAdminDialog open={addOpen} onOpenChange={setAddOpen} />

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
      />
    </div>
  )
}
