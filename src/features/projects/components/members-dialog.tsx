import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, vstack } from 'styled-system/patterns'
import type { User } from '../../../contracts/auth'
import { EMPLOYEE_ROLES, type EmployeeRole, MSG, ROLE_LABELS } from '../../../contracts/common'
import type { Project } from '../../../contracts/projects'
import { failureMessage } from '../../../lib/api'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { CheckMark, checkRowClass } from '../../../ui/check-mark'
import { Dialog } from '../../../ui/dialog'
import { IconUsers } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { SearchBox } from '../../../ui/page-header'
import { RoleBadge } from '../../../ui/role-badge'
import { Spinner } from '../../../ui/spinner'
import { memberCandidatesQueryOptions, projectMembersQueryOptions, useSetProjectMembers } from '../queries'

type Props = {
  project: Pick<Project, 'id' | 'name'> | null
  onClose: () => void
}

function matches(u: User, q: string) {
  if (!q) return true
  const needle = q.toLowerCase()
  return [u.name, u.email, ROLE_LABELS[u.role]].some((s) => s?.toLowerCase().includes(needle))
}

/** 'Anggota Project': pick which employees may see the project; saves the whole list at once. */
export function MembersDialog({ project, onClose }: Props) {
  return (
    <Dialog.Root
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      size="lg"
    >
      <Dialog.Header
        title="Anggota Project"
        description={project ? `Pilih karyawan yang dapat mengakses project ${project.name}.` : undefined}
      />
      {project ? <MembersEditor key={project.id} project={project} onClose={onClose} /> : null}
    </Dialog.Root>
  )
}

function MembersEditor({ project, onClose }: { project: Pick<Project, 'id' | 'name'>; onClose: () => void }) {
  const members = useQuery(projectMembersQueryOptions(project.id))
  const candidates = useQuery(memberCandidatesQueryOptions())
  const save = useSetProjectMembers()
  const [selected, setSelected] = useState<Set<number> | null>(null)
  const [search, setSearch] = useState('')

  // The selection starts from the saved members once they arrive.
  useEffect(() => {
    if (members.data && selected === null) setSelected(new Set(members.data.map((m) => m.id)))
  }, [members.data, selected])

  const people = useMemo(() => {
    const byId = new Map<number, User>()
    for (const u of candidates.data ?? []) byId.set(u.id, u)
    // A member missing from the employee list (e.g. a changed role) still shows, so it can be removed.
    for (const u of members.data ?? []) if (!byId.has(u.id)) byId.set(u.id, u)
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'id'))
  }, [candidates.data, members.data])

  const q = search.trim()
  const groups = EMPLOYEE_ROLES.map((role: EmployeeRole) => ({
    role,
    people: people.filter((u) => u.role === role && matches(u, q)),
  }))
  const others = people.filter(
    (u) => !(EMPLOYEE_ROLES as readonly string[]).includes(u.role) && matches(u, q),
  )

  const loading = members.isPending || candidates.isPending || selected === null
  const failed = (members.isError && !members.data) || (candidates.isError && !candidates.data)

  function toggle(id: number, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev ?? [])
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }

  async function submit() {
    if (!selected) return
    try {
      await save.mutateAsync({ id: project.id, userIds: [...selected] })
      notify('success', 'Anggota project berhasil diperbarui')
      onClose()
    } catch (err) {
      notify(
        'error',
        failureMessage(err, {
          failed: 'Gagal memperbarui anggota project',
          thrown: 'Terjadi kesalahan saat memperbarui anggota project',
        }),
      )
    }
  }

  const count = selected?.size ?? 0

  return (
    <>
      <Dialog.Body flush>
        <div className={css({ px: '6', pt: '3', pb: '3', borderBottomWidth: '1px', borderColor: 'border' })}>
          <SearchBox
            value={search}
            onChange={setSearch}
            label="Cari karyawan"
            placeholder="Cari nama, email atau peran..."
            fullWidth
          />
        </div>
        <div className={css({ maxH: { base: '50dvh', sm: '22rem' }, overflowY: 'auto', px: '3', py: '2' })}>
          {failed ? (
            <MembersFailed
              onRetry={() => {
                void members.refetch()
                void candidates.refetch()
              }}
            />
          ) : loading ? (
            <MembersLoading />
          ) : people.length === 0 ? (
            <NoEmployees />
          ) : (
            <>
              {groups.map((g) =>
                g.people.length > 0 ? (
                  <MemberGroup
                    key={g.role}
                    title={ROLE_LABELS[g.role]}
                    people={g.people}
                    selected={selected}
                    onToggle={toggle}
                  />
                ) : null,
              )}
              {others.length > 0 ? (
                <MemberGroup title="Lainnya" people={others} selected={selected} onToggle={toggle} />
              ) : null}
              {groups.every((g) => g.people.length === 0) && others.length === 0 ? (
                <p className={css({ py: '8', textAlign: 'center', color: 'fgMuted', fontSize: 'sm' })}>
                  Tidak ada karyawan yang ditemukan
                </p>
              ) : null}
            </>
          )}
        </div>
      </Dialog.Body>
      <Dialog.Footer className={css({ alignItems: 'center' })}>
        <p aria-live="polite" className={css({ mr: 'auto', fontSize: 'sm', color: 'fgMuted' })}>
          <strong className={css({ color: 'fg' })}>{count}</strong> anggota dipilih
        </p>
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Batal
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={loading || failed}>
          Simpan
        </Button>
      </Dialog.Footer>
    </>
  )
}

function MemberGroup({
  title,
  people,
  selected,
  onToggle,
}: {
  title: string
  people: User[]
  selected: Set<number> | null
  onToggle: (id: number, on: boolean) => void
}) {
  const chosen = people.filter((p) => selected?.has(p.id)).length
  return (
    <section className={css({ py: '1.5' })} aria-label={title}>
      <h3
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          px: '3',
          py: '1.5',
          fontSize: 'xs',
          fontWeight: '600',
          color: 'fgSubtle',
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
        })}
      >
        {title}
        <span className={css({ fontWeight: '500', textTransform: 'none', letterSpacing: '0' })}>
          {chosen}/{people.length}
        </span>
      </h3>
      <ul>
        {people.map((u) => {
          const checked = selected?.has(u.id) ?? false
          return (
            <li key={u.id}>
              <label className={checkRowClass(checked)}>
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(e) => onToggle(u.id, e.target.checked)}
                  aria-label={u.name}
                  className={css({ srOnly: true })}
                />
                <CheckMark checked={checked} />
                <Avatar name={u.name} src={u.avatar} size="sm" />
                <span className={css({ flex: '1', minW: '0' })}>
                  <span
                    className={css({ display: 'block', fontSize: 'sm', fontWeight: '500', truncate: true })}
                  >
                    {u.name}
                  </span>
                  <span
                    className={css({ display: 'block', fontSize: 'xs', color: 'fgMuted', truncate: true })}
                  >
                    {u.email}
                  </span>
                </span>
                {!u.is_active ? (
                  <span
                    className={css({
                      fontSize: '0.6875rem',
                      color: 'fgMuted',
                      bg: 'subtle',
                      px: '1.5',
                      borderRadius: 'sm',
                    })}
                  >
                    Tidak Aktif
                  </span>
                ) : null}
                <RoleBadge role={u.role} className={css({ display: { base: 'none', sm: 'inline-flex' } })} />
              </label>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The members or the employees failed to load: 'Coba lagi' asks for both again. */
function MembersFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      className={vstack({
        py: '10',
        textAlign: 'center',

        gap: '3',
      })}
    >
      <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>{MSG.loadFailed}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Coba lagi
      </Button>
    </div>
  )
}

function MembersLoading() {
  return (
    <div
      role="status"
      className={flex({
        py: '10',

        justify: 'center',
        gap: '2',
        color: 'fgSubtle',
        fontSize: 'sm',
      })}
    >
      <Spinner /> Memuat data...
    </div>
  )
}

function NoEmployees() {
  return (
    <div className={css({ py: '10', textAlign: 'center', color: 'fgMuted', fontSize: 'sm' })}>
      <IconUsers className={css({ mx: 'auto', mb: '2', w: '6', h: '6', color: 'fgSubtle' })} />
      Belum ada karyawan. Tambahkan karyawan di halaman Karyawan.
    </div>
  )
}
