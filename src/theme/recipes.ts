import { defineRecipe } from '@pandacss/dev'

export const button = defineRecipe({
  className: 'button',
  description: 'Buttons and icon buttons',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: '500',
    whiteSpace: 'nowrap',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    transition:
      'background {durations.fast}, border-color {durations.fast}, box-shadow {durations.fast}, color {durations.fast}',
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
    _focusVisible: { outline: 'none', boxShadow: 'focus' },
    '& svg': { flexShrink: 0 },
  },
  variants: {
    variant: {
      primary: {
        bg: 'brand',
        color: 'white',
        boxShadow: 'xs',
        _hover: { _enabled: { bg: 'brand.hover' } },
      },
      secondary: {
        bg: 'surface',
        color: 'fg',
        borderColor: 'border',
        boxShadow: 'xs',
        _hover: { _enabled: { bg: 'slate.50', borderColor: 'borderStrong' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fgMuted',
        _hover: { _enabled: { bg: 'subtle', color: 'fg' } },
      },
      danger: {
        bg: 'danger',
        color: 'white',
        boxShadow: 'xs',
        _hover: { _enabled: { bg: 'danger.hover' } },
        _focusVisible: { boxShadow: 'focusDanger' },
      },
      dangerGhost: {
        bg: 'transparent',
        color: 'fgSubtle',
        _hover: { _enabled: { bg: 'danger.soft', color: 'danger.fg' } },
      },
    },
    size: {
      xs: { h: '7', px: '2', fontSize: 'xs', '& svg': { w: '3.5', h: '3.5' } },
      sm: { h: '8', px: '3', fontSize: 'sm', '& svg': { w: '4', h: '4' } },
      md: { h: '9', px: '3.5', fontSize: 'sm', '& svg': { w: '4', h: '4' } },
      lg: { h: '11', px: '5', fontSize: 'md', '& svg': { w: '5', h: '5' } },
    },
    iconOnly: {
      true: { px: '0', aspectRatio: '1' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})

export const input = defineRecipe({
  className: 'input',
  description: 'Text inputs, selects and textareas',
  base: {
    w: 'full',
    h: '10',
    px: '3',
    fontSize: 'sm',
    color: 'fg',
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    boxShadow: 'xs',
    outline: 'none',
    transition: 'border-color {durations.fast}, box-shadow {durations.fast}',
    _placeholder: { color: 'slate.400' },
    _hover: { borderColor: 'borderStrong' },
    _focus: { borderColor: 'brand', boxShadow: 'focus' },
    _invalid: { borderColor: 'danger', _focus: { boxShadow: 'focusDanger' } },
    _disabled: { bg: 'subtle', color: 'fgSubtle', cursor: 'not-allowed' },
    _readOnly: { bg: 'slate.50', color: 'fgMuted' },
  },
  variants: {
    kind: {
      input: {},
      select: { appearance: 'none', pr: '9', cursor: 'pointer' },
      textarea: { h: 'auto', minH: '24', py: '2', resize: 'vertical' },
    },
  },
  defaultVariants: { kind: 'input' },
})

export const badge = defineRecipe({
  className: 'badge',
  description: 'Small pill labels: roles, statuses, areas',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    h: '5',
    px: '2',
    fontSize: '0.6875rem',
    fontWeight: '600',
    letterSpacing: '0.01em',
    borderRadius: 'full',
    borderWidth: '1px',
    whiteSpace: 'nowrap',
    lineHeight: '1',
  },
  variants: {
    tone: {
      superadmin: {
        bg: 'role.superadmin.bg',
        color: 'role.superadmin.fg',
        borderColor: 'role.superadmin.border',
      },
      admin: { bg: 'role.admin.bg', color: 'role.admin.fg', borderColor: 'role.admin.border' },
      perencanaan: {
        bg: 'role.perencanaan.bg',
        color: 'role.perencanaan.fg',
        borderColor: 'role.perencanaan.border',
      },
      pengawasan: {
        bg: 'role.pengawasan.bg',
        color: 'role.pengawasan.fg',
        borderColor: 'role.pengawasan.border',
      },
      pending: { bg: 'status.pending.bg', color: 'status.pending.fg', borderColor: 'status.pending.border' },
      approved: {
        bg: 'status.approved.bg',
        color: 'status.approved.fg',
        borderColor: 'status.approved.border',
      },
      rejected: {
        bg: 'status.rejected.bg',
        color: 'status.rejected.fg',
        borderColor: 'status.rejected.border',
      },
      revision: {
        bg: 'status.revision.bg',
        color: 'status.revision.fg',
        borderColor: 'status.revision.border',
      },
      inactive: {
        bg: 'status.inactive.bg',
        color: 'status.inactive.fg',
        borderColor: 'status.inactive.border',
      },
      neutral: { bg: 'subtle', color: 'fgMuted', borderColor: 'border' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export const card = defineRecipe({
  className: 'card',
  description: 'Surfaces that group content',
  base: {
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    boxShadow: 'card',
  },
  variants: {
    padding: {
      none: {},
      sm: { p: '4' },
      md: { p: { base: '4', md: '5' } },
      lg: { p: { base: '5', md: '6' } },
    },
    interactive: {
      true: {
        transition:
          'box-shadow {durations.normal}, border-color {durations.normal}, transform {durations.normal}',
        _hover: { boxShadow: 'cardHover', borderColor: 'borderStrong' },
      },
    },
  },
  defaultVariants: { padding: 'md' },
})

/** A loading placeholder bar: sized and shaped by the caller (width, height, a rounder radius). */
export const skeleton = defineRecipe({
  className: 'skeleton',
  description: 'Shimmering placeholder bars while something loads',
  base: {
    display: 'block',
    borderRadius: 'sm',
    bgGradient: 'to-r',
    gradientFrom: 'slate.100',
    gradientVia: 'slate.200',
    gradientTo: 'slate.100',
    backgroundSize: '200% 100%',
    animation: 'shimmer 1.4s linear infinite',
  },
})

/** A square or round tile with one icon centred in it; the caller gives its colours. */
export const iconTile = defineRecipe({
  className: 'icon-tile',
  description: 'Icon tiles: an icon centred on a small coloured square or circle',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
  },
  variants: {
    size: {
      xs: { w: '6', h: '6' },
      sm: { w: '8', h: '8' },
      md: { w: '9', h: '9' },
      lg: { w: '10', h: '10' },
      xl: { w: '11', h: '11' },
      '2xl': { w: '12', h: '12' },
      '3xl': { w: '14', h: '14' },
    },
    shape: {
      square: { borderRadius: 'md' },
      rounded: { borderRadius: 'lg' },
      circle: { borderRadius: 'full' },
    },
    /** The tile sizes its icon (about half the tile); off for an icon given its own pixel size. */
    fit: { true: {}, false: {} },
  },
  compoundVariants: [
    { size: 'xs', fit: true, css: { '& svg': { w: '3.5', h: '3.5' } } },
    { size: 'sm', fit: true, css: { '& svg': { w: '4', h: '4' } } },
    { size: 'md', fit: true, css: { '& svg': { w: '4.5', h: '4.5' } } },
    { size: 'lg', fit: true, css: { '& svg': { w: '5', h: '5' } } },
    { size: 'xl', fit: true, css: { '& svg': { w: '5', h: '5' } } },
    { size: '2xl', fit: true, css: { '& svg': { w: '6', h: '6' } } },
    { size: '3xl', fit: true, css: { '& svg': { w: '7', h: '7' } } },
  ],
  defaultVariants: { size: 'lg', shape: 'square', fit: true },
})

/**
 * The surface of a list whose rows sit one under the other (Laporan, Riwayat, notifications, Sampah):
 * one bordered white box, rows divided by a line. The rows bring their own padding.
 */
export const listCard = defineRecipe({
  className: 'list-card',
  description: 'The bordered surface holding the rows of a list, a line between rows',
  base: {
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    overflow: 'hidden',
    boxShadow: 'xs',
    '& > * + *': { borderTopWidth: '1px', borderColor: 'border' },
  },
})

/**
 * The small grey line under a name: 'who · when · size'. Each part is a child element; the dots come
 * from CSS, so the accessible text stays the parts themselves.
 */
export const metaLine = defineRecipe({
  className: 'meta-line',
  description: "A row's small grey details, parted by middle dots",
  base: {
    display: 'flex',
    alignItems: 'center',
    columnGap: '2',
    rowGap: '0.5',
    fontSize: 'xs',
    color: 'fgMuted',
    fontVariantNumeric: 'tabular-nums',
    '& > * + *::before': { content: '"·"', mr: '2', color: 'fgSubtle' },
  },
  variants: {
    /** wrap: parts go to a new line on a narrow screen; nowrap: one line (the parts truncate themselves). */
    wrap: {
      true: { flexWrap: 'wrap' },
      false: { flexWrap: 'nowrap', whiteSpace: 'nowrap' },
    },
  },
  defaultVariants: { wrap: true },
})

/** A note box in the page's flow: information, a warning (offline, waiting) or a failure. */
export const notice = defineRecipe({
  className: 'notice',
  description: 'Note boxes: info, warning and danger',
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: '2',
    borderWidth: '1px',
    borderRadius: 'md',
    overflowWrap: 'anywhere',
    '& > svg': { flexShrink: 0, mt: '0.5' },
    '& > [data-part=text]': { flex: '1', minW: '0' },
  },
  variants: {
    tone: {
      info: { bg: 'blue.50', color: 'blue.900', borderColor: 'blue.200', '& > svg': { color: 'blue.600' } },
      warning: {
        bg: 'amber.50',
        color: 'amber.900',
        borderColor: 'amber.200',
        '& > svg': { color: 'amber.600' },
      },
      danger: { bg: 'red.50', color: 'red.800', borderColor: 'red.200', '& > svg': { color: 'red.600' } },
    },
    size: {
      sm: {
        alignItems: 'center',
        px: '3',
        py: '2',
        fontSize: 'xs',
        '& > svg': { w: '3.5', h: '3.5', mt: '0' },
      },
      md: { px: '3', py: '2.5', fontSize: 'sm', '& > svg': { w: '4', h: '4' } },
    },
  },
  defaultVariants: { tone: 'info', size: 'md' },
})

export const recipes = { button, input, badge, card, skeleton, iconTile, listCard, metaLine, notice }
