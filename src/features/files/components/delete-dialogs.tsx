import { TRASH_DAYS } from '../../../contracts/trash'
import { needsSignalTo } from '../../../lib/use-online'
import { ConfirmDialog } from '../../../ui/dialog'
import type { Confirm } from './use-file-actions'

/** 'Delete Folder' and 'Delete File': what goes to Sampah and for how long an admin can bring it back. */
export function DeleteDialogs({
  confirm,
  onClose,
  onConfirm,
  deletingFolder,
  deletingFile,
}: {
  confirm: Confirm
  onClose: () => void
  onConfirm: () => void
  deletingFolder: boolean
  deletingFile: boolean
}) {
  return (
    <>
      <ConfirmDialog
        open={confirm?.kind === 'folder'}
        onOpenChange={(o) => (o ? undefined : onClose())}
        title="Delete Folder"
        description={
          confirm?.kind === 'folder'
            ? `Folder "${confirm.folder.name}" beserta seluruh isinya (${confirm.folder.items} item, termasuk subfolder dan file di dalamnya) akan dipindahkan ke Sampah. Admin dapat memulihkannya dalam ${TRASH_DAYS} hari; setelah itu terhapus permanen.`
            : undefined
        }
        confirmLabel="Hapus Folder"
        onConfirm={onConfirm}
        loading={deletingFolder}
        needsSignal={needsSignalTo('menghapus')}
      />
      <ConfirmDialog
        open={confirm?.kind === 'file'}
        onOpenChange={(o) => (o ? undefined : onClose())}
        title="Delete File"
        description={
          confirm?.kind === 'file'
            ? `File "${confirm.file.name}" akan dipindahkan ke Sampah. Admin dapat memulihkannya dalam ${TRASH_DAYS} hari; setelah itu terhapus permanen.`
            : undefined
        }
        confirmLabel="Hapus File"
        onConfirm={onConfirm}
        loading={deletingFile}
        needsSignal={needsSignalTo('menghapus')}
      />
    </>
  )
}
