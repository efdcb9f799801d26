import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { type MetaLineVariantProps, metaLine } from 'styled-system/recipes'

/**
 * The small grey line under a row's name: 'who · when · size'. Give each part as its own child
 * (a span, a time); the middle dots between them are drawn by CSS, so they are not in the text a test
 * or a screen reader reads. `wrap={false}` keeps the parts on one line.
 */
export function MetaLine({ wrap, className, ...props }: ComponentProps<'p'> & MetaLineVariantProps) {
  return <p className={cx(metaLine({ wrap }), className)} {...props} />
}
