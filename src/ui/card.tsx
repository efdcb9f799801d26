import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type CardVariantProps, card } from 'styled-system/recipes'

export function Card({
  padding,
  interactive,
  className,
  ...props
}: ComponentProps<'div'> & CardVariantProps) {
  return <div className={cx(card({ padding, interactive }), className)} {...props} />
}
