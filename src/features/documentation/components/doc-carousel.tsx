import { lazy, Suspense } from 'react'
import { altFor, type CarouselProps, frame, photoButton, SlideCount, Thumb } from './carousel-parts'

// Swiper (~35 KB gzip) arrives after the grid: until then an item with several photos shows its first
// one, exactly where the carousel will show it, so nothing moves when it takes over.
const SwiperCarousel = lazy(() => import('./swiper-carousel'))

/**
 * The photos of one item in its card: a swipeable carousel with dots, looping only when there is more
 * than one photo (SPEC); a single photo is shown as is, without a carousel to run. A tap opens the
 * full-size viewer at that photo.
 */
export function DocCarousel(props: CarouselProps) {
  const { images } = props
  if (images.length <= 1) return <FirstPhoto {...props} />
  return (
    <Suspense fallback={<FirstPhoto {...props} />}>
      <SwiperCarousel {...props} />
    </Suspense>
  )
}

function FirstPhoto({ images, label, eager, onOpen }: CarouselProps) {
  const image = images[0]
  const many = images.length > 1
  return (
    <div className={frame}>
      {image ? (
        <button
          type="button"
          className={photoButton}
          onClick={() => onOpen(0)}
          aria-label={many ? 'Lihat foto 1 ukuran penuh' : 'Lihat foto ukuran penuh'}
        >
          <Thumb image={image} alt={altFor(label, images.length)(0)} eager={eager} />
        </button>
      ) : null}
      {many ? <SlideCount index={0} count={images.length} /> : null}
    </div>
  )
}
