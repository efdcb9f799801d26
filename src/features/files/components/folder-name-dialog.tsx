import { type FormEvent, useEffect } from 'react'
import { stack } from 'styled-system/patterns'
import { FILE_MSG, type FileArea, FOLDER_NAME_MAX, FolderRenameSchema } from '../../../contracts/files'
import { errorMessage } from '../../../lib/api'
import { useValidatedForm } from '../../../lib/form'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { TextField } from '../../../ui/field'
import { notify } from '../../../ui/notify'
import { useCreateFolder, useRenameFolder } from '../queries'

export type FolderDialogState =
  | { mode: 'create'; parent: string | null }
  | { mode: 'rename'; folder: { uuid: string; name: string } }

/** 'Buat Folder Baru' and 'Rename Folder': one name field (SPEC: not empty after trimming). */
export function FolderNameDialog({
  slug,
  area,
  state,
  where,
  onClose,
}: {
  slug: string
  area: FileArea
  state: FolderDialogState | null
  /** Where the folder is, as the breadcrumb reads ('Perencanaan / Gambar Kerja'). */
  where: string
  onClose: () => void
}) {
  const create = useCreateFolder()
  const rename = useRenameFolder()
  const pending = create.isPending || rename.isPending
  const { field, reset, check, showServerErrors } = useValidatedForm({ name: '' })
  const initial = state?.mode === 'rename' ? state.folder.name : ''

  useEffect(() => {
    if (state) reset({ name: initial })
  }, [state, initial, reset])

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!state) return
    const input = check(FolderRenameSchema)
    if (!input) return
    try {
      if (state.mode === 'create') {
        await create.mutateAsync({ slug, area, name: input.name, parent: state.parent })
        notify('success', FILE_MSG.folderCreated)
      } else {
        if (input.name !== state.folder.name)
          await rename.mutateAsync({ slug, area, folder: state.folder.uuid, name: input.name })
        notify('success', FILE_MSG.folderRenamed)
      }
      onClose()
    } catch (err) {
      showServerErrors(err)
      notify(
        'error',
        errorMessage(
          err,
          state.mode === 'create' ? FILE_MSG.folderCreateFailed : FILE_MSG.folderRenameFailed,
        ),
      )
    }
  }

  const creating = state?.mode !== 'rename'
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={creating ? 'Buat Folder Baru' : 'Rename Folder'}
      description={creating ? `Folder baru dibuat di ${where}.` : `Ganti nama folder di ${where}.`}
      locked={pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Batal
          </Button>
          <Button type="submit" form="folder-name-form" loading={pending}>
            {creating ? 'Buat Folder' : 'Simpan'}
          </Button>
        </>
      }
    >
      <form id="folder-name-form" onSubmit={onSubmit} noValidate className={stack({ gap: '4' })}>
        <TextField
          label="Nama Folder"
          {...field('name')}
          placeholder="Contoh: Gambar Kerja"
          maxLength={FOLDER_NAME_MAX}
          autoComplete="off"
          required
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
        />
      </form>
    </Dialog>
  )
}
