import type { RefObject } from 'react'
import { css } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { RECAP_ACCEPT } from '../../../contracts/recaps'
import { AREA_META } from '../../../ui/area'
import { Button } from '../../../ui/button'
import { IconTile } from '../../../ui/icon-tile'
import { IconAlertCircle, IconFileSpreadsheet, IconUpload, IconX } from '../../../ui/icons'

/** The tab's title bar: Rekapitulasi, how many files and which kinds, and 'Upload File' for admins. */
export function RecapHeader({
  count,
  isAdmin,
  input,
  uploading,
  onChoose,
}: {
  /** How many files, once the list is loaded. */
  count: number | null
  isAdmin: boolean
  input: RefObject<HTMLInputElement | null>
  uploading: boolean
  onChoose: (file: File | undefined) => void
}) {
  const meta = AREA_META.rekap
  return (
    <div
      className={stack({
        direction: { base: 'column', sm: 'row' },
        align: { base: 'stretch', sm: 'center' },
        justify: 'space-between',
        gap: '3',
        px: { base: '4', md: '5' },
        py: '3',
        borderBottomWidth: '1px',
        borderColor: 'border',
      })}
    >
      <div className={hstack({ gap: '3', minW: '0' })}>
        <IconTile size="md" className={meta.tone}>
          <IconFileSpreadsheet />
        </IconTile>
        <div className={css({ minW: '0' })}>
          <h2 className={css({ fontWeight: '600', color: 'fg' })}>{meta.label}</h2>
          <p className={css({ fontSize: 'xs', color: 'fgMuted' })}>
            {count !== null ? `${count} file · ` : ''}PDF, Word, Excel dan PowerPoint
          </p>
        </div>
      </div>
      {isAdmin ? (
        <>
          <input
            ref={input}
            type="file"
            accept={RECAP_ACCEPT}
            hidden
            data-testid="recap-file-input"
            onChange={(e) => onChoose(e.currentTarget.files?.[0])}
          />
          <Button onClick={() => input.current?.click()} loading={uploading}>
            {uploading ? null : <IconUpload />}
            {uploading ? 'Mengunggah...' : 'Upload File'}
          </Button>
        </>
      ) : null}
    </div>
  )
}

/** A failure, in red until 'Tutup' (the toast goes away by itself). */
export function RecapError({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div
      role="alert"
      className={css({
        display: 'flex',
        alignItems: 'flex-start',
        gap: '3',
        mx: { base: '4', md: '5' },
        mt: '4',
        px: '4',
        py: '3',
        bg: 'red.50',
        color: 'red.800',
        borderWidth: '1px',
        borderColor: 'red.200',
        borderRadius: 'md',
        fontSize: 'sm',
      })}
    >
      <IconAlertCircle className={css({ flexShrink: 0, mt: '0.5', color: 'red.600' })} size={16} />
      <p className={css({ flex: '1', minW: '0', wordBreak: 'break-word' })}>{message}</p>
      <Button
        variant="ghost"
        size="sm"
        className={css({ color: 'red.800', mt: '-1', mr: '-2', _hover: { bg: 'red.100' } })}
        onClick={onClose}
      >
        <IconX /> Tutup
      </Button>
    </div>
  )
}
