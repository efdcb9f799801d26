import { css, cx } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { DocImage } from '../../../contracts/documentation'
import { clockSkewText, siteText } from '../../../contracts/geo'
import { IconClock, IconMapPin } from '../../../ui/icons'

/*
 * Where a photo was taken against the project's site, and how far the uploading phone's clock was off
 * (issue 34): 'Di lokasi', 'Di luar lokasi: 3,4 km dari proyek'; 'Jam perangkat selisih 2
 * jam' from five minutes on. Shown on the card and in the photo viewer. A copy kept by an older build has
 * none of the fields: nothing is said of the site then.
 */

type Measured = Pick<DocImage, 'lat' | 'lng'> &
  Partial<Pick<DocImage, 'site_distance_m' | 'on_site' | 'clock_skew_s'>>

/** The words of one photo: its site line (null: no site set) and its clock line (null: nothing to say). */
export function siteNotes(image: Measured): { site: string | null; clock: string | null; outside: boolean } {
  const hasPlace = image.lat != null && image.lng != null
  // Without a place the place line already says 'Lokasi tidak diketahui' (as the report's captions do):
  // a second 'Tanpa lokasi' line said it twice and made every such card a line taller than its skeleton.
  const known = image.site_distance_m !== undefined && hasPlace
  const site = known
    ? siteText({
        has_place: hasPlace,
        site_distance_m: image.site_distance_m ?? null,
        on_site: image.on_site ?? null,
      })
    : null
  return { site, clock: clockSkewText(image.clock_skew_s ?? null), outside: image.on_site === false }
}

/** The photo a card speaks for: the farthest one outside the site, else the first. */
export function cardImage<I extends Measured>(images: readonly I[]): I | undefined {
  const outside = images.filter((i) => i.on_site === false)
  if (outside.length === 0) return images[0]
  return outside.reduce((a, b) => ((b.site_distance_m ?? 0) > (a.site_distance_m ?? 0) ? b : a))
}

const row = hstack({
  gap: '1',
  alignItems: 'flex-start',
  fontSize: 'xs',
  lineHeight: '1.45',
  fontWeight: '500',
  '& svg': { w: '3.5', h: '3.5', flexShrink: 0, mt: '0.5' },
})

/** The site and clock lines of a photo; `dark` in the viewer. */
export function SiteNote({ image, dark }: { image: Measured | undefined; dark?: boolean }) {
  if (!image) return null
  const notes = siteNotes(image)
  if (!notes.site && !notes.clock) return null
  const siteTone = notes.outside
    ? css({ color: dark ? 'red.300' : 'red.700' })
    : image.on_site
      ? css({ color: dark ? 'green.300' : 'green.700' })
      : css({ color: dark ? 'slate.400' : 'fgSubtle' })
  return (
    <span data-testid="site-note" className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
      {notes.site ? (
        <span data-testid="site-distance" data-outside={notes.outside} className={cx(row, siteTone)}>
          <IconMapPin aria-hidden="true" />
          {notes.site}
        </span>
      ) : null}
      {notes.clock ? (
        <span data-testid="clock-skew" className={cx(row, css({ color: dark ? 'amber.200' : 'amber.800' }))}>
          <IconClock aria-hidden="true" />
          {notes.clock}
        </span>
      ) : null}
    </span>
  )
}
