import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'
import { type CardVariantProps, card } from 'styled-system/recipes'

/** The one-to-three column grid of a card list (and of its loading skeletons). */
export const cardGrid = css({
  display: 'grid',
  // minmax(0, 1fr): a long email or name must not widen its column past the page's edge.
  gridTemplateColumns: {
    base: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    xl: 'repeat(3, minmax(0, 1fr))',
  },
  gap: '4',
  // A card being edited in place grows; its neighbours keep their own height instead of stretching.
  '&:has([data-editing])': { alignItems: 'start' },
})

export function Card({
  padding,
  interactive,
  className,
  ...props
}: ComponentProps<'div'> & CardVariantProps) {
  return <div className={cx(card({ padding, interactive }), className)} {...props} />
}
