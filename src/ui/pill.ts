import { css } from 'styled-system/css'

/**
 * A choice drawn as a pill: a native radio or checkbox inside a label, or a button with aria-pressed
 * (the upload dialog's progress picks, the report and share dialogs' choices). Chosen: the brand's soft
 * fill with a ring, so it shows at a glance on a phone in daylight.
 */
export const pill = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.5',
  minH: '9',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  fontWeight: '500',
  textAlign: 'center',
  lineHeight: 'tight',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
  color: 'fg',
  cursor: 'pointer',
  fontVariantNumeric: 'tabular-nums',
  transition: 'all {durations.fast}',
  _hover: { bg: 'subtle' },
  _focusVisible: { outline: 'none', boxShadow: 'focus' },
  '&:has(input:focus-visible)': { boxShadow: 'focus' },
  // Chosen: a radio inside checked, or a quick pick pressed.
  '&:has(input:checked), &[aria-pressed=true]': {
    bg: 'brand.soft',
    borderColor: 'brand',
    boxShadow: '0 0 0 1px {colors.brand}',
    color: 'brand.fg',
    fontWeight: '600',
  },
})
