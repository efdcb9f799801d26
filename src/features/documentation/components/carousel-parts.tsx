import { css, cx } from 'styled-system/css'
import { vstack } from 'styled-system/patterns'
import type { DocImage } from '../../../contracts/documentation'
import { IconImages } from '../../../ui/icons'

/*
 * What the card carousel and its Swiper-driven version share. Nothing here imports Swiper, so a card
 * renders at once and the carousel's code arrives afterwards (see doc-carousel.tsx).
 */

/** Swiper's screen-reader texts, in Indonesian. */
export const SWIPER_A11Y = {
  prevSlideMessage: 'Foto sebelumnya',
  nextSlideMessage: 'Foto berikutnya',
  firstSlideMessage: 'Ini foto pertama',
  lastSlideMessage: 'Ini foto terakhir',
  paginationBulletMessage: 'Ke foto {{index}}',
  slideLabelMessage: 'Foto {{index}} dari {{slidesLength}}',
  containerRoleDescriptionMessage: 'carousel',
  itemRoleDescriptionMessage: 'foto',
}

export const frame = css({
  position: 'relative',
  aspectRatio: '4 / 3',
  bg: 'slate.100',
  overflow: 'hidden',
  '--swiper-pagination-color': 'white',
  '--swiper-pagination-bullet-inactive-color': 'white',
  '--swiper-pagination-bullet-inactive-opacity': '0.55',
  '--swiper-pagination-bullet-size': '7px',
  '--swiper-pagination-bullet-horizontal-gap': '3px',
  '--swiper-pagination-bottom': '10px',
  '& .swiper': { w: 'full', h: 'full' },
  '& .swiper-pagination-bullet': { boxShadow: '0 0 0 1px rgba(15,23,42,0.25)' },
})

export const photoButton = css({
  display: 'block',
  w: 'full',
  h: 'full',
  p: '0',
  border: 'none',
  bg: 'transparent',
  cursor: 'zoom-in',
  _focusVisible: { outline: '3px solid', outlineColor: 'blue.500', outlineOffset: '-3px' },
})

const photo = css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block', userSelect: 'none' })

/**
 * Only the ~480 px thumbnail in the grid; its recorded size lets the browser lay the card out before it
 * loads. Right after an upload the server is still making it (`thumb` null): a neutral stand-in holds
 * the place, and the list is asked again until it is there (queries.ts).
 */
export function Thumb({ image, alt, eager }: { image: DocImage; alt: string; eager?: boolean }) {
  if (image.thumb === null)
    return (
      <div role="img" aria-label={`${alt} (pratinjau sedang disiapkan)`} className={pending}>
        <IconImages aria-hidden="true" className={css({ w: '7', h: '7', opacity: 0.55 })} />
        <span className={css({ fontSize: 'xs', fontWeight: '500' })}>Menyiapkan pratinjau…</span>
      </div>
    )
  return (
    <img
      src={image.thumb}
      width={image.thumb_width ?? undefined}
      height={image.thumb_height ?? undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={photo}
    />
  )
}

const pending = vstack({
  w: 'full',
  h: 'full',

  justify: 'center',
  gap: '2',
  color: 'slate.500',
  bg: 'slate.100',
})

export const altFor = (label: string, count: number) => (i: number) =>
  count > 1 ? `Foto ${i + 1} dari ${count}: ${label}` : `Foto: ${label}`

/** "2/3" over the photo. */
export function SlideCount({ index, count }: { index: number; count: number }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        css({
          position: 'absolute',
          top: '2.5',
          right: '2.5',
          zIndex: '2',
          px: '2',
          h: '6',
          display: 'inline-flex',
          alignItems: 'center',
          fontSize: 'xs',
          fontWeight: '600',
          fontVariantNumeric: 'tabular-nums',
          color: 'white',
          bg: 'rgba(15, 23, 42, 0.6)',
          borderRadius: 'full',
          backdropFilter: 'blur(4px)',
        }),
      )}
    >
      {index + 1}/{count}
    </span>
  )
}

export type CarouselProps = {
  images: DocImage[]
  /** What the photos show (the item's description), for their alt text. */
  label: string
  /** The first cards above the fold load at once. */
  eager?: boolean
  onOpen: (index: number) => void
}
