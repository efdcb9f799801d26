import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import { formatBytes } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { IconAlertCircle, IconCheckCircle, IconX } from '../../../ui/icons'
import { ProgressBar } from '../../../ui/progress'
import { FileKindTile } from './file-parts'
import type { Outcome } from './upload-outcomes'

export type PickedFile = {
  id: string
  file: File
  /** Known before sending (too large, empty): not sent. */
  problem?: string
  /** After the answer. */
  outcome?: Outcome
}

const outcomeLine = hstack({ gap: '1', fontSize: 'xs' })

/**
 * The files picked for an upload, one row each: its kind, name and size; while sending its own progress;
 * after the answer whether it landed or why not. Each can be taken off the list while nothing is sent.
 */
export function PickedFiles({
  picked,
  sending,
  percentOf,
  onRemove,
}: {
  picked: PickedFile[]
  sending: boolean
  /** The file's percent while it is in the request under way; undefined when it is not in it. */
  percentOf: (p: PickedFile) => number | undefined
  onRemove: (id: string) => void
}) {
  return (
    <ul
      aria-label="File yang dipilih"
      className={flex({
        direction: 'column',
        borderWidth: '1px',
        borderColor: 'border',
        borderRadius: 'md',
        maxH: { base: '40dvh', sm: '18rem' },
        overflowY: 'auto',
      })}
    >
      {picked.map((p) => {
        const percent = sending ? percentOf(p) : undefined
        const failed = p.problem ?? (p.outcome && !p.outcome.ok ? p.outcome.message : undefined)
        return (
          <li
            key={p.id}
            aria-label={p.file.name}
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              px: '3',
              py: '2.5',
              '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border' },
            })}
          >
            <FileKindTile name={p.file.name} size="sm" />
            <div className={stack({ flex: '1', minW: '0', gap: '1' })}>
              <div className={flex({ gap: '2', align: 'baseline' })}>
                <span
                  className={css({ fontSize: 'sm', fontWeight: '500', truncate: true, flex: '1' })}
                  title={p.file.name}
                >
                  {p.file.name}
                </span>
                <span
                  className={css({
                    fontSize: 'xs',
                    color: 'fgSubtle',
                    flexShrink: 0,
                    fontVariantNumeric: 'tabular-nums',
                  })}
                >
                  {percent !== undefined ? `${percent}%` : formatBytes(p.file.size)}
                </span>
              </div>
              {percent !== undefined ? (
                <ProgressBar value={percent} size="sm" label={`Progres ${p.file.name}`} />
              ) : null}
              {failed ? (
                <span className={cx(outcomeLine, css({ color: 'danger.fg' }))}>
                  <IconAlertCircle size={12} /> {failed}
                </span>
              ) : p.outcome?.ok ? (
                <span className={cx(outcomeLine, css({ color: 'success.fg' }))}>
                  <IconCheckCircle size={12} /> Terunggah
                </span>
              ) : null}
            </div>
            {sending ? null : (
              <Button
                variant="ghost"
                size="xs"
                iconOnly
                aria-label={`Hapus ${p.file.name} dari daftar`}
                onClick={() => onRemove(p.id)}
              >
                <IconX />
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
