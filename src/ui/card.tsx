import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'
import { type CardVariantProps, card } from 'styled-system/recipes'

/** The one-to-three column grid of a card list (and of its loading skeletons). */
export const cardGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
  gap: '4',
})

export function Card({
  padding,
  interactive,
  className,
  ...props
}: ComponentProps<'div'> & CardVariantProps) {
  return <div className={cx(card({ padding, interactive }), className)} {...props} />
}
