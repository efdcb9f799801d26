import 'swiper/css'
import 'swiper/css/pagination'
import { useState } from 'react'
import { A11y, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import {
  altFor,
  type CarouselProps,
  frame,
  photoButton,
  SlideCount,
  SWIPER_A11Y,
  Thumb,
} from './carousel-parts'

/** The swipeable, looping carousel of an item with several photos (loaded with the first such item). */
export default function SwiperCarousel({ images, label, eager, onOpen }: CarouselProps) {
  const [index, setIndex] = useState(0)
  const alt = altFor(label, images.length)
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
      <SlideCount index={index} count={images.length} />
    </div>
  )
}
