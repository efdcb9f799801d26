import { type FormEvent, useEffect } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { ProjectCreateSchema } from '../../../contracts/projects'
import { errorMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { FormDialog } from '../../../ui/dialog'
import { TextAreaField, TextField } from '../../../ui/field'
import { IconCheck, IconFolderKanban, IconMessageSquare, IconShieldCheck } from '../../../ui/icons'
import { Notice } from '../../../ui/notice'
import { notify } from '../../../ui/notify'
import { useCreateProject } from '../queries'

type Values = { name: string; description: string }
const EMPTY: Values = { name: '', description: '' }

const FEATURES = [
  {
    icon: <IconFolderKanban />,
    text: '4 folder utama: Perencanaan, Pengawasan, Dokumentasi dan Rekapitulasi',
  },
  { icon: <IconMessageSquare />, text: 'Sistem komentar dan status file' },
  { icon: <IconShieldCheck />, text: 'Kontrol akses berbasis peran' },
]

export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { values, field, reset, check, showServerErrors } = useValidatedForm(EMPTY)
  const create = useCreateProject()

  useEffect(() => {
    if (open) reset(EMPTY)
  }, [open, reset])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const input = check(ProjectCreateSchema)
    if (!input) return
    try {
      await create.mutateAsync(input)
      notify('success', 'Project berhasil dibuat')
      onOpenChange(false)
    } catch (err) {
      showServerErrors(err)
      notify('error', errorMessage(err, 'Terjadi kesalahan saat membuat project'))
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Buat Project Baru"
      description="Isi nama dan deskripsi project. Anda dapat mengubahnya nanti."
      size="lg"
      pending={create.isPending}
      onSubmit={onSubmit}
      submitLabel="Buat Project"
    >
      <TextField
        label="Nama Project"
        {...field('name')}
        placeholder="Contoh: Pembangunan Gedung Kantor Dinas"
        required
        autoFocus
      />
      <TextAreaField
        label="Deskripsi"
        {...field('description')}
        rows={4}
        placeholder="Ringkasan lingkup pekerjaan, lokasi dan pemberi tugas"
        hint={`${values.description.length}/500 karakter`}
        required
      />
      <Notice tone="info">
        <p className={css({ fontSize: 'sm', fontWeight: '600', color: 'brand.fg' })}>
          Project akan dibuat dengan:
        </p>
        <ul className={stack({ mt: '2', gap: '1.5' })}>
          {FEATURES.map((f) => (
            <li
              key={f.text}
              className={css({
                display: 'flex',
                alignItems: 'flex-start',
                gap: '2',
                fontSize: 'sm',
                color: 'slate.700',
                '& svg': { w: '4', h: '4', mt: '0.5', color: 'brand', flexShrink: 0 },
              })}
            >
              {f.icon}
              {f.text}
            </li>
          ))}
        </ul>
        <p
          className={css({
            mt: '2.5',
            display: 'flex',
            alignItems: 'center',
            gap: '1.5',
            fontSize: 'xs',
            color: 'fgMuted',
            '& svg': { w: '3.5', h: '3.5', color: 'success' },
          })}
        >
          <IconCheck /> Tambahkan anggota tim setelah project dibuat.
        </p>
      </Notice>
    </FormDialog>
  )
}
