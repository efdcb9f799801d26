import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { type WorkItem, workItemLabel } from '../../../contracts/work-items'
import { errorMessage } from '../../../lib/api'
import { workItemsQueryOptions } from '../../../lib/work-items'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/dialog'
import { TextField } from '../../../ui/field'
import { IconPlus } from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { Skeleton } from '../../../ui/skeleton'
import { useWorkItemSetup } from '../queries'
import { WorkItemRow } from './work-item-row'

/**
 * The project's work items in bill-of-quantities order (issue 30): each with its code ('I.1') and name,
 * moved with 'ke atas / ke bawah' (buttons a keyboard and a screen reader reach, unlike dragging); the
 * order is saved at once and is the order of every picker, filter and report section.
 */
export function WorkItemSetup({ projectId }: { projectId: number }) {
  const items = useQuery(workItemsQueryOptions(projectId))
  const setup = useWorkItemSetup(projectId)
  const [code, setCode] = useState('')
  const [name, setName] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const list = items.data ?? []
  const [removing, setRemoving] = useState<WorkItem | null>(null)

  async function remove() {
    if (!removing) return
    try {
      await setup.remove.mutateAsync(removing.id)
      notify('success', 'Item pekerjaan berhasil dihapus')
      setRemoving(null)
    } catch (err) {
      notify('error', errorMessage(err, 'Item pekerjaan gagal dihapus'))
    }
  }

  function move(from: number, to: number) {
    const ids = list.map((i) => i.id)
    const [moved] = ids.splice(from, 1)
    ids.splice(to, 0, moved as number)
    setup.order.mutate(ids, {
      onError: (err) => notify('error', errorMessage(err, 'Urutan item pekerjaan gagal disimpan')),
    })
  }

  async function add(e: FormEvent) {
    e.preventDefault()
    if (!name.trim()) return setErrors({ name: 'Nama item pekerjaan harus diisi' })
    try {
      await setup.create.mutateAsync({ name: name.trim(), code: code.trim() })
      setName('')
      setCode('')
      setErrors({})
      notify('success', 'Item pekerjaan berhasil ditambahkan')
    } catch (err) {
      const fields = (err as { errors?: Record<string, string> }).errors
      setErrors(fields ?? {})
      if (!fields) notify('error', errorMessage(err, 'Item pekerjaan gagal ditambahkan'))
    }
  }

  return (
    <div className={stack({ gap: '3' })}>
      {items.isPending ? (
        <Skeleton as="div" className={css({ h: '24', borderRadius: 'md' })} />
      ) : list.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fgMuted' })}>
          Belum ada item pekerjaan. Tambahkan sesuai urutan RAB, misalnya I.1 Pekerjaan Persiapan.
        </p>
      ) : (
        <ol aria-label="Urutan item pekerjaan" aria-busy={setup.order.isPending}>
          {list.map((item, index) => (
            <WorkItemRow
              key={`${item.id}:${item.code ?? ''}:${item.name}`}
              item={item}
              index={index}
              count={list.length}
              busy={setup.order.isPending}
              onMove={move}
              onSave={(input) => setup.update.mutateAsync(input)}
              onRemove={setRemoving}
            />
          ))}
        </ol>
      )}
      <form
        onSubmit={add}
        noValidate
        className={hstack({ gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
      >
        <TextField
          label="Kode"
          value={code}
          maxLength={20}
          placeholder="II.1"
          error={errors.code}
          onChange={(e) => setCode(e.target.value)}
          fieldClassName={css({ w: '24' })}
        />
        <TextField
          label="Item pekerjaan baru"
          value={name}
          maxLength={100}
          placeholder="Pekerjaan Struktur"
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
          fieldClassName={css({ flex: '1', minW: '40' })}
        />
        <Button type="submit" variant="secondary" loading={setup.create.isPending}>
          {setup.create.isPending ? null : <IconPlus size={16} />} Tambah
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        title="Hapus item pekerjaan?"
        description={`${removing ? workItemLabel(removing) : ''} dihapus dari project ini. Dokumentasinya tetap ada, tanpa item pekerjaan.`}
        confirmLabel="Hapus"
        loading={setup.remove.isPending}
        onConfirm={() => void remove()}
      />
    </div>
  )
}
