import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type IconTileVariantProps, iconTile } from 'styled-system/recipes'

/**
 * An icon centred on a small square or circle (empty states, card headers, file and area kinds). The
 * tile's colours come from `className` (a tone: `css({ bg: 'brand.soft', color: 'brand' })`).
 */
export function IconTile({
  size,
  shape,
  className,
  children,
  ...props
}: ComponentProps<'span'> & IconTileVariantProps) {
  return (
    <span className={cx(iconTile({ size, shape }), className)} {...props}>
      {children}
    </span>
  )
}
