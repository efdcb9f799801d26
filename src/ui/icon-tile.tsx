import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type IconTileVariantProps, iconTile } from 'styled-system/recipes'

/**
 * An icon centred on a small square or circle (empty states, card headers, file and area kinds). The
 * tile's colours come from `className` (a tone: `css({ bg: 'brand.soft', color: 'brand' })`). The tile
 * sizes its icon unless `fit={false}` (an icon drawn at its own pixel size).
 */
export function IconTile({
  size,
  shape,
  fit,
  className,
  children,
  ...props
}: ComponentProps<'span'> & IconTileVariantProps) {
  return (
    <span className={cx(iconTile({ size, shape, fit }), className)} {...props}>
      {children}
    </span>
  )
}
