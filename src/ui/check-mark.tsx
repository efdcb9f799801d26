import { css, cx } from 'styled-system/css'
import { IconCheck } from './icons'

const box = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  w: '4.5',
  h: '4.5',
  borderRadius: 'xs',
  borderWidth: '1.5px',
  transition: 'all {durations.fast}',
  '& svg': { w: '3', h: '3', strokeWidth: '3' },
})
const on = css({ bg: 'brand', borderColor: 'brand', color: 'white' })
const off = css({ bg: 'surface', borderColor: 'borderStrong', color: 'transparent' })

/**
 * The drawn box of a check row (members, work items): a visually hidden native checkbox beside it in the
 * same label keeps the keyboard, the screen reader and the tests working with the real input.
 */
export function CheckMark({ checked }: { checked: boolean }) {
  return (
    <span aria-hidden="true" className={cx(box, checked ? on : off)}>
      <IconCheck />
    </span>
  )
}

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'md',
  cursor: 'pointer',
  transition: 'background {durations.fast}',
  _hover: { bg: 'subtle' },
  '&:has(input:focus-visible)': { boxShadow: 'focus' },
})
const rowChecked = css({ bg: 'brand.soft', _hover: { bg: 'blue.100/70' } })

/** The label of a check row: the whole row is the target, tinted while checked. */
export const checkRowClass = (checked: boolean) => cx(row, checked ? rowChecked : undefined)
