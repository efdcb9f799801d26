import { css, cx } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { Doc, DocImage } from '../../../contracts/documentation'
import { formatDateTime } from '../../../lib/format'
import { IconAlertCircle, IconMapPin } from '../../../ui/icons'

/*
 * Where a photo was taken and where that knowledge comes from (issue 30), and the warning that the same
 * photo was uploaded before: shown on the card and in the photo viewer.
 */

type Placed = Pick<DocImage, 'lat' | 'lng' | 'accuracy_m'> & { location_source?: DocImage['location_source'] }

const within = (accuracy: number | null | undefined) =>
  accuracy != null ? ` ±${Math.round(accuracy)} m` : ''

/** 'Lokasi dari GPS foto ±12 m', 'Lokasi perangkat saat pemotretan', ..., 'Lokasi tidak diketahui'. */
export function placeLabel(image: Placed): string {
  if (image.lat == null || image.lng == null) return 'Lokasi tidak diketahui'
  switch (image.location_source ?? 'upload') {
    case 'exif':
      return `Lokasi dari GPS foto${within(image.accuracy_m)}`
    case 'camera':
      return `Lokasi perangkat saat pemotretan${within(image.accuracy_m)}`
    default:
      return 'Lokasi saat diunggah (belum tentu tempat foto diambil)'
  }
}

/** How far a place can be trusted as where the photo was taken: its tone on screen. */
export const placeTrust = (image: Placed): 'own' | 'upload' | 'none' =>
  image.lat == null || image.lng == null
    ? 'none'
    : (image.location_source ?? 'upload') === 'upload'
      ? 'upload'
      : 'own'

/** The card's line: the first photo's place source (the viewer shows each photo's). */
export function CardPlace({ image }: { image: Placed | undefined }) {
  if (!image) return null
  const trust = placeTrust(image)
  return (
    <p
      data-testid="card-place"
      data-source={image.location_source ?? 'none'}
      className={cx(
        hstack({
          gap: '1',
          alignItems: 'flex-start',
          fontSize: 'xs',
          lineHeight: '1.45',
          minW: '0',
          '& svg': { w: '3.5', h: '3.5', flexShrink: 0, mt: '0.5' },
        }),
        trust === 'own'
          ? css({ color: 'fgMuted' })
          : trust === 'upload'
            ? css({ color: 'amber.800' })
            : css({ color: 'fgSubtle' }),
      )}
    >
      <IconMapPin aria-hidden="true" />
      <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>{placeLabel(image)}</span>
    </p>
  )
}

/** 'Foto ini sudah pernah diunggah pada 25 November 2026, 10.00'. */
export const duplicateText = (doc: Pick<Doc, 'duplicate_at'>) =>
  `Foto ini sudah pernah diunggah pada ${formatDateTime(doc.duplicate_at)}`

/** The warning that this item's photo was uploaded before in the project (evidence counts once). */
export function DuplicateNote({ doc, dark }: { doc: Partial<Pick<Doc, 'duplicate_at'>>; dark?: boolean }) {
  if (!doc.duplicate_at) return null
  return (
    <p
      data-testid="duplicate-note"
      role="note"
      className={cx(
        hstack({
          gap: '1.5',
          alignItems: 'flex-start',
          fontSize: 'xs',
          lineHeight: '1.45',
          fontWeight: '500',
          '& svg': { w: '3.5', h: '3.5', flexShrink: 0, mt: '0.5' },
        }),
        dark
          ? css({ color: 'amber.200' })
          : css({
              color: 'amber.900',
              bg: 'amber.50',
              borderWidth: '1px',
              borderColor: 'amber.200',
              borderRadius: 'md',
              px: '2.5',
              py: '1.5',
            }),
      )}
    >
      <IconAlertCircle aria-hidden="true" />
      {duplicateText({ duplicate_at: doc.duplicate_at })}
    </p>
  )
}
