import { css, cx } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import { formatBytes } from '../../../lib/format'
import { IconAlertTriangle, IconX } from '../../../ui/icons'
import { Spinner } from '../../../ui/spinner'
import type { PickedPhoto } from './use-picked-photos'

const overlay = flex({
  position: 'absolute',
  inset: '0',

  direction: 'column',
  align: 'center',
  justify: 'center',
  fontSize: '0.6875rem',
})

/** The photos picked for an upload as square previews: compressing, failed, or ready with their size. */
export function PickedPhotos({
  photos,
  onRemove,
}: {
  photos: PickedPhoto[]
  onRemove: (id: string) => void
}) {
  return (
    <ul
      aria-label="Foto terpilih"
      className={grid({
        gridTemplateColumns: { base: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: '2',
      })}
    >
      {photos.map((p) => (
        <li
          key={p.id}
          aria-label={p.name}
          data-status={p.status}
          className={css({
            position: 'relative',
            aspectRatio: '1',
            borderRadius: 'md',
            overflow: 'hidden',
            bg: 'slate.100',
            borderWidth: '1px',
            borderColor: p.status === 'failed' ? 'red.300' : 'border',
          })}
        >
          {p.preview ? (
            <img
              src={p.preview}
              alt={p.name}
              className={css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block' })}
            />
          ) : null}
          {p.status === 'compressing' ? (
            <span className={cx(overlay, css({ gap: '1.5', color: 'fgMuted' }))}>
              <Spinner /> Memproses...
            </span>
          ) : null}
          {p.status === 'failed' ? (
            <span
              title={p.error}
              className={cx(
                overlay,
                css({
                  gap: '1',
                  p: '2',
                  textAlign: 'center',
                  color: 'red.700',
                  bg: 'red.50',
                  '& svg': { w: '4', h: '4' },
                }),
              )}
            >
              <IconAlertTriangle /> Tidak dapat diproses
            </span>
          ) : null}
          {p.status === 'ready' && p.result ? (
            <span
              className={css({
                position: 'absolute',
                left: '1',
                bottom: '1',
                px: '1.5',
                py: '0.5',
                fontSize: '0.625rem',
                fontWeight: '600',
                color: 'white',
                bg: 'rgba(15,23,42,0.65)',
                borderRadius: 'sm',
                fontVariantNumeric: 'tabular-nums',
              })}
            >
              {formatBytes(p.result.file.size)}
              {p.result.original ? ' · asli' : null}
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => onRemove(p.id)}
            aria-label={`Hapus ${p.name}`}
            className={css({
              position: 'absolute',
              top: '1',
              right: '1',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              w: '6',
              h: '6',
              borderRadius: 'full',
              color: 'white',
              bg: 'rgba(15,23,42,0.65)',
              border: 'none',
              cursor: 'pointer',
              _hover: { bg: 'rgba(15,23,42,0.85)' },
              _disabled: { opacity: 0.4, cursor: 'not-allowed' },
              '& svg': { w: '3.5', h: '3.5' },
            })}
          >
            <IconX />
          </button>
        </li>
      ))}
    </ul>
  )
}
