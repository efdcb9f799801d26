import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import type { FileArea, FolderRef } from '../../../contracts/files'
import { needsSignalTo } from '../../../lib/use-online'
import { Button } from '../../../ui/button'
import { IconFolderPlus, IconLock, IconUpload } from '../../../ui/icons'
import { Breadcrumbs } from './breadcrumbs'

/**
 * The file browser's top bar: where the folder is, how much it holds, 'Hanya lihat' for a reader, and
 * 'Folder Baru' and 'Upload File' for a writer.
 */
export function BrowserHeader({
  slug,
  area,
  areaLabel,
  trail,
  total,
  readOnly,
  canWrite,
  onNewFolder,
  onUpload,
}: {
  slug: string
  area: FileArea
  areaLabel: string
  trail: FolderRef[]
  total: { folders: number; files: number } | undefined
  /** The folder is loaded and the user may not change it. */
  readOnly: boolean
  canWrite: boolean
  onNewFolder: () => void
  onUpload: () => void
}) {
  return (
    <div
      className={stack({
        direction: { base: 'column', md: 'row' },
        align: { base: 'stretch', md: 'center' },
        gap: '3',
        px: { base: '4', md: '5' },
        py: '3',
        borderBottomWidth: '1px',
        borderColor: 'border',
      })}
    >
      <div className={hstack({ gap: '3', minW: '0', flex: '1' })}>
        <Breadcrumbs slug={slug} area={area} trail={trail} />
        {total ? (
          <span
            className={css({
              fontSize: 'xs',
              color: 'fgSubtle',
              whiteSpace: 'nowrap',
              display: { base: 'none', sm: 'block' },
            })}
          >
            {total.folders} folder · {total.files} file
          </span>
        ) : null}
        {readOnly ? (
          <span
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              flexShrink: 0,
              gap: '1.5',
              h: '7',
              px: '2.5',
              fontSize: 'xs',
              fontWeight: '500',
              color: 'fgMuted',
              bg: 'subtle',
              borderRadius: 'full',
              whiteSpace: 'nowrap',
            })}
            title={`Hanya tim ${areaLabel.toLowerCase()} dan admin yang dapat mengubah area ini`}
          >
            <IconLock size={12} /> Hanya lihat
          </span>
        ) : null}
      </div>
      {canWrite ? (
        <div className={css({ display: 'flex', gap: '2', '& > *': { flex: { base: '1', md: 'initial' } } })}>
          <Button variant="secondary" onClick={onNewFolder} needsSignal={needsSignalTo('membuat')}>
            <IconFolderPlus /> Folder Baru
          </Button>
          <Button onClick={onUpload}>
            <IconUpload /> Upload File
          </Button>
        </div>
      ) : null}
    </div>
  )
}
