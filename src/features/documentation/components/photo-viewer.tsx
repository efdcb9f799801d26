import 'swiper/css'
import 'swiper/css/zoom'
import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import type { Swiper as SwiperClass } from 'swiper'
import { A11y, Keyboard, Zoom } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Doc, DocImage } from '../../../contracts/documentation'
import { formatDate, formatDateTime, formatRelativeTime, formatYmd } from '../../../lib/format'
import {
  IconChevronLeft,
  IconChevronRight,
  IconClock,
  IconHardHat,
  IconMapPin,
  IconShieldCheck,
  IconX,
} from '../../../ui/icons'
import { notify } from '../../../ui/notify'
import { formatCoords, mapLink, type SiteDoc, type SiteImage, shortHash } from '../site'
import { SWIPER_A11Y } from './carousel-parts'
import { DocStatusBadge } from './doc-parts'
import { DuplicateNote, placeLabel, placeTrust } from './photo-place'
import { SiteNote } from './site-note'

const roundButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  color: 'white',
  bg: 'rgba(255,255,255,0.12)',
  border: 'none',
  cursor: 'pointer',
  transition: 'background {durations.fast}',
  _hover: { bg: 'rgba(255,255,255,0.22)' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
  _disabled: { opacity: 0.3, cursor: 'default' },
  '& svg': { w: '5', h: '5' },
})

/** The full photo over its thumbnail: the (cached) thumbnail shows at once, the original fades in over it. */
function FullPhoto({ image, alt }: { image: DocImage; alt: string }) {
  const [loaded, setLoaded] = useState(false)
  const img = css({
    position: 'absolute',
    inset: '0',
    w: 'full',
    h: 'full',
    objectFit: 'contain',
    userSelect: 'none',
  })
  return (
    <div className="swiper-zoom-container">
      <div className={css({ position: 'relative', w: 'full', h: 'full' })}>
        {loaded || !image.thumb ? null : <img src={image.thumb} alt="" aria-hidden="true" className={img} />}
        <img
          src={image.url}
          alt={alt}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          decoding="async"
          draggable={false}
          onLoad={() => setLoaded(true)}
          className={cx(
            img,
            css({ transition: 'opacity 180ms' }),
            loaded ? css({ opacity: 1 }) : css({ opacity: 0 }),
          )}
        />
      </div>
    </div>
  )
}

/** '24 Nov 2026 09.14' (the viewer's time zone: Asia/Jakarta on the team's phones). */
const dayTime = (at: string) => `${formatDate(at)} ${formatDateTime(at).split(', ')[1] ?? ''}`.trim()

/** 'Diambil 24 Nov 2026 09.14 · Diunggah 09.52' (the day repeated only when it differs). */
export function whenLabel(image: SiteImage): string | null {
  const parts: string[] = []
  if (image.taken_at) parts.push(`Diambil ${dayTime(image.taken_at)}`)
  if (image.received_at) {
    const sameDay = image.taken_at && formatYmd(image.taken_at) === formatYmd(image.received_at)
    parts.push(
      `Diunggah ${sameDay ? (formatDateTime(image.received_at).split(', ')[1] ?? '') : dayTime(image.received_at)}`,
    )
  }
  return parts.length > 0 ? parts.join(' · ') : null
}

const infoRow = hstack({
  gap: '1.5',
  fontSize: 'xs',
  color: 'slate.200',
  minW: '0',
  '& svg': { w: '3.5', h: '3.5', flexShrink: 0, color: 'slate.400' },
})

const infoLink = css({
  color: 'sky.300',
  fontWeight: '600',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'sky.200' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '2px', borderRadius: 'sm' },
})

/** When, where and what: the evidence of the photo on screen and of its item. */
function PhotoEvidence({ doc, image }: { doc: SiteDoc; image: SiteImage }) {
  const when = whenLabel(image)
  const placed = image.lat != null && image.lng != null
  const what = [
    doc.work_item?.name,
    doc.location,
    doc.progress != null ? `Progres ${doc.progress} %` : null,
    doc.version && doc.version > 1 ? `Versi ${doc.version}` : null,
  ].filter(Boolean)
  return (
    <span data-testid="photo-evidence" className={stack({ gap: '1' })}>
      {when ? (
        <span className={infoRow} data-testid="photo-when">
          <IconClock /> {when}
        </span>
      ) : null}
      {/* Where it was taken and where that comes from (issue 30); 'Lokasi tidak diketahui' without. */}
      <span
        className={cx(infoRow, css({ flexWrap: 'wrap', rowGap: '0.5' }))}
        data-testid="photo-place"
        data-source={placed ? (image.location_source ?? 'upload') : 'none'}
      >
        <IconMapPin />
        <span className={placeTrust(image) === 'upload' ? css({ color: 'amber.200' }) : undefined}>
          {placeLabel(image)}
        </span>
        {placed ? (
          <>
            <span className={css({ fontVariantNumeric: 'tabular-nums', color: 'slate.400' })}>
              {formatCoords(image.lat as number, image.lng as number)}
            </span>
            <MapLink lat={image.lat as number} lng={image.lng as number} accuracy={image.accuracy_m} />
          </>
        ) : null}
      </span>
      <SiteNote image={image} dark />
      {what.length > 0 ? (
        <span className={infoRow} data-testid="photo-what">
          <IconHardHat /> {what.join(' · ')}
        </span>
      ) : null}
      {image.sha256 ? (
        <span className={infoRow}>
          <IconShieldCheck />
          SHA-256{' '}
          <button
            type="button"
            title={image.sha256}
            aria-label={`SHA-256 ${image.sha256}, salin`}
            onClick={() =>
              navigator.clipboard?.writeText(image.sha256 as string).then(
                () => notify('success', 'SHA-256 disalin'),
                () => undefined,
              )
            }
            className={css({
              p: '0',
              fontFamily: 'mono',
              fontSize: 'xs',
              color: 'slate.200',
              bg: 'transparent',
              border: 'none',
              cursor: 'copy',
              _hover: { color: 'white', textDecoration: 'underline' },
              _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
            })}
          >
            {shortHash(image.sha256)}
          </button>
        </span>
      ) : null}
    </span>
  )
}

/**
 * The full-size preview: every photo of the item at full resolution, swipe or arrow keys to move
 * (looping when there is more than one), pinch or double-tap to zoom, Escape to close.
 */
export function PhotoViewer({
  doc,
  index,
  onClose,
  review,
}: {
  doc: Doc | null
  index: number
  onClose: () => void
  /** Under the evidence: the review's reason and what to do next (viewer-review.tsx, issue 30). */
  review?: ReactNode
}) {
  const [current, setCurrent] = useState(index)
  const [swiper, setSwiper] = useState<SwiperClass | null>(null)
  const images = doc?.images ?? []
  const many = images.length > 1
  const image = (images[current] ?? images[0]) as SiteImage | undefined

  return (
    <ArkDialog.Root
      open={doc !== null}
      onOpenChange={(d) => {
        if (!d.open) onClose()
      }}
      lazyMount
      unmountOnExit
      onExitComplete={() => setCurrent(0)}
    >
      <Portal>
        <ArkDialog.Backdrop
          className={css({
            position: 'fixed',
            inset: '0',
            zIndex: 'overlay',
            bg: 'rgba(2, 6, 23, 0.94)',
            _open: { animation: 'fadeIn {durations.normal} ease-out' },
            _closed: { animation: 'fadeOut {durations.fast} ease-in' },
          })}
        />
        <ArkDialog.Positioner className={css({ position: 'fixed', inset: '0', zIndex: 'modal' })}>
          <ArkDialog.Content
            className={css({
              position: 'relative',
              w: 'full',
              h: '100dvh',
              display: 'flex',
              flexDirection: 'column',
              color: 'white',
              bg: '#020617',
              outline: 'none',
              _open: { animation: 'fadeIn {durations.normal} ease-out' },
            })}
          >
            <header
              className={hstack({
                gap: '3',
                px: { base: '3', md: '5' },
                py: '3',
                flexShrink: 0,
              })}
            >
              <ArkDialog.Title
                className={css({ flex: '1', minW: '0', fontSize: 'sm', fontWeight: '600', truncate: true })}
              >
                {many ? `Foto ${current + 1} dari ${images.length}` : 'Foto'}
                {image ? (
                  <span className={css({ ml: '2', fontWeight: '400', color: 'slate.300' })}>
                    {image.name}
                  </span>
                ) : null}
              </ArkDialog.Title>
              <ArkDialog.CloseTrigger className={roundButton} aria-label="Tutup pratinjau">
                <IconX />
              </ArkDialog.CloseTrigger>
            </header>

            <div className={css({ position: 'relative', flex: '1', minH: '0' })}>
              {doc ? (
                <Swiper
                  className={css({ w: 'full', h: 'full' })}
                  modules={[Zoom, Keyboard, A11y]}
                  initialSlide={index}
                  loop={many}
                  zoom={{ maxRatio: 4 }}
                  keyboard={{ enabled: true }}
                  a11y={SWIPER_A11Y}
                  spaceBetween={16}
                  onSwiper={setSwiper}
                  onSlideChange={(s) => setCurrent(s.realIndex)}
                >
                  {images.map((img, i) => (
                    <SwiperSlide key={img.uuid}>
                      <FullPhoto image={img} alt={`Foto ${i + 1}: ${doc.description}`} />
                    </SwiperSlide>
                  ))}
                </Swiper>
              ) : null}
              {many ? <ViewerArrows swiper={swiper} /> : null}
            </div>

            {doc ? <ViewerCaption doc={doc} image={image} review={review} /> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}

/** 'Foto sebelumnya' and 'Foto berikutnya' beside the photo (from a tablet's width up; a phone swipes). */
function ViewerArrows({ swiper }: { swiper: SwiperClass | null }) {
  return (
    <>
      <button
        type="button"
        aria-label="Foto sebelumnya"
        onClick={() => swiper?.slidePrev()}
        className={cx(
          roundButton,
          css({
            display: { base: 'none', md: 'inline-flex' },
            position: 'absolute',
            left: '4',
            top: '50%',
            transform: 'translateY(-50%)',
            zIndex: '2',
          }),
        )}
      >
        <IconChevronLeft />
      </button>
      <button
        type="button"
        aria-label="Foto berikutnya"
        onClick={() => swiper?.slideNext()}
        className={cx(
          roundButton,
          css({
            display: { base: 'none', md: 'inline-flex' },
            position: 'absolute',
            right: '4',
            top: '50%',
            transform: 'translateY(-50%)',
            zIndex: '2',
          }),
        )}
      >
        <IconChevronRight />
      </button>
    </>
  )
}

/** Under the photo: the status, who and when, the description, the photo's evidence and the review. */
function ViewerCaption({
  doc,
  image,
  review,
}: {
  doc: Doc
  image: SiteImage | undefined
  review?: ReactNode
}) {
  return (
    <ArkDialog.Description
      className={stack({
        flexShrink: 0,
        px: { base: '4', md: '5' },
        pt: '3',
        pb: 'max(1rem, env(safe-area-inset-bottom))',
        maxW: '3xl',
        mx: 'auto',
        w: 'full',

        gap: '1.5',
      })}
    >
      <span className={hstack({ gap: '2', flexWrap: 'wrap' })}>
        <DocStatusBadge status={doc.status} />
        <span className={css({ fontSize: 'xs', color: 'slate.300' })}>
          {doc.creator.name} · {formatRelativeTime(doc.created_at)}
        </span>
      </span>
      <span
        className={css({
          fontSize: 'sm',
          color: 'slate.100',
          whiteSpace: 'pre-line',
          lineClamp: '3',
          wordBreak: 'break-word',
        })}
      >
        {doc.description}
      </span>
      {image ? <PhotoEvidence doc={doc as SiteDoc} image={image} /> : null}
      {review}
      <DuplicateNote doc={doc} dark />
    </ArkDialog.Description>
  )
}

/** 'Buka di peta': the phone's map app (geo:), or OpenStreetMap in a new tab on a desktop. */
function MapLink({ lat, lng, accuracy }: { lat: number; lng: number; accuracy?: number | null }) {
  const link = mapLink(lat, lng, accuracy)
  return link.web ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={infoLink}>
      Buka di peta
    </a>
  ) : (
    <a href={link.href} className={infoLink}>
      Buka di peta
    </a>
  )
}
