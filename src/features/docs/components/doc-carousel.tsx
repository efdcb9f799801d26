import 'swiper/css'
import 'swiper/css/pagination'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { A11y, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { DocImage } from '../../../contracts/docs'

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

const frame = css({
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

const photoButton = css({
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

/** Only the ~480 px thumbnail in the grid; its recorded size lets the browser lay the card out before it loads. */
function Thumb({ image, alt, eager }: { image: DocImage; alt: string; eager?: boolean }) {
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

/**
 * The photos of one item in its card: a swipeable carousel with dots, looping only when there is more
 * than one photo (SPEC); a single photo is shown as is, without a carousel to run. A tap opens the
 * full-size viewer at that photo.
 */
export function DocCarousel({
  images,
  label,
  eager,
  onOpen,
}: {
  images: DocImage[]
  /** What the photos show (the item's description), for their alt text. */
  label: string
  /** The first cards above the fold load at once. */
  eager?: boolean
  onOpen: (index: number) => void
}) {
  const [index, setIndex] = useState(0)
  const alt = (i: number) =>
    images.length > 1 ? `Foto ${i + 1} dari ${images.length}: ${label}` : `Foto: ${label}`

  if (images.length <= 1) {
    const image = images[0]
    return (
      <div className={frame}>
        {image ? (
          <button
            type="button"
            className={photoButton}
            onClick={() => onOpen(0)}
            aria-label="Lihat foto ukuran penuh"
          >
            <Thumb image={image} alt={alt(0)} eager={eager} />
          </button>
        ) : null}
      </div>
    )
  }

  return (
    <div className={frame}>
      <Swiper
        // No keyboard module here: it listens on the document, so arrow keys would turn every carousel on
        // screen at once. The dots are focusable buttons; the viewer takes arrow keys.
        modules={[Pagination, A11y]}
        loop
        pagination={{ clickable: true }}
        a11y={SWIPER_A11Y}
        onSlideChange={(s) => setIndex(s.realIndex)}
      >
        {images.map((image, i) => (
          <SwiperSlide key={image.uuid}>
            <button
              type="button"
              className={photoButton}
              onClick={() => onOpen(i)}
              aria-label={`Lihat foto ${i + 1} ukuran penuh`}
            >
              <Thumb image={image} alt={alt(i)} eager={eager && i === 0} />
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
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
        {index + 1}/{images.length}
      </span>
    </div>
  )
}
