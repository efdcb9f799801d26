import { defineSlotRecipe } from '@pandacss/dev'

const overlayIn = { animation: 'fadeIn {durations.normal} ease-out' }
const overlayOut = { animation: 'fadeOut {durations.fast} ease-in' }
/** The card a menu or a toast floats on. */
const floatingSurface = {
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  boxShadow: 'overlay',
}

export const dialog = defineSlotRecipe({
  className: 'dialog',
  description: 'Modal dialogs and the mobile side sheet',
  slots: [
    'backdrop',
    'positioner',
    'content',
    'header',
    'title',
    'description',
    'body',
    'footer',
    'closeTrigger',
  ],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'rgba(15, 23, 42, 0.45)',
      backdropFilter: 'blur(2px)',
      _open: overlayIn,
      _closed: overlayOut,
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      overflow: 'auto',
    },
    content: {
      position: 'relative',
      bg: 'surface',
      boxShadow: 'overlay',
      outline: 'none',
      display: 'flex',
      flexDirection: 'column',
    },
    header: { px: '6', pt: '5', pb: '1', pr: '12' },
    title: { textStyle: 'sectionTitle', color: 'fg' },
    description: { mt: '1', fontSize: 'sm', color: 'fgMuted' },
    body: { px: '6', py: '4' },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      gap: '2',
      px: '6',
      py: '4',
      // Pinned to the bottom of a dialog taller than the screen (the phone's upload sheet once photos are
      // picked): the action stays in reach while the body scrolls under it (issue 32).
      position: 'sticky',
      bottom: '0',
      zIndex: '1',
      pb: 'max({spacing.4}, env(safe-area-inset-bottom))',
      borderTopWidth: '1px',
      borderColor: 'border',
      bg: 'slate.50',
      borderBottomRadius: 'xl',
    },
    closeTrigger: { position: 'absolute', top: '3.5', right: '3.5' },
  },
  variants: {
    placement: {
      center: {
        positioner: {
          alignItems: { base: 'flex-end', sm: 'center' },
          justifyContent: 'center',
          p: { base: '0', sm: '4' },
        },
        content: {
          w: 'full',
          maxW: { base: 'full', sm: 'md' },
          maxH: { base: '92dvh', sm: 'calc(100dvh - 2rem)' },
          overflowY: 'auto',
          borderRadius: { base: 'xl xl 0 0', sm: 'xl' },
          _open: { animation: 'scaleIn {durations.normal} cubic-bezier(0.16, 1, 0.3, 1)' },
          _closed: { animation: 'scaleOut {durations.fast} ease-in' },
        },
      },
      left: {
        positioner: { justifyContent: 'flex-start' },
        content: {
          h: '100dvh',
          w: '80',
          maxW: '85vw',
          _open: { animation: 'slideInLeft {durations.normal} cubic-bezier(0.16, 1, 0.3, 1)' },
          _closed: { animation: 'slideOutLeft {durations.fast} ease-in' },
        },
        footer: { borderBottomRadius: '0', mt: 'auto' },
      },
    },
    size: {
      sm: { content: { sm: { maxW: 'sm' } } },
      md: {},
      lg: { content: { sm: { maxW: 'lg' } } },
    },
  },
  defaultVariants: { placement: 'center', size: 'md' },
})

export const menu = defineSlotRecipe({
  className: 'menu',
  description: 'Dropdown menus',
  slots: ['positioner', 'content', 'item', 'separator', 'itemGroupLabel'],
  base: {
    positioner: { zIndex: 'dropdown' },
    content: {
      ...floatingSurface,
      minW: '44',
      p: '1',
      outline: 'none',
      _open: { animation: 'scaleIn {durations.fast} ease-out' },
      _closed: overlayOut,
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      px: '2.5',
      h: '8',
      fontSize: 'sm',
      color: 'fg',
      borderRadius: 'sm',
      cursor: 'pointer',
      '& svg': { w: '4', h: '4', color: 'fgSubtle' },
      _highlighted: { bg: 'subtle' },
      '&[data-tone=danger]': {
        color: 'danger.fg',
        '& svg': { color: 'danger.fg' },
        _highlighted: { bg: 'danger.soft' },
      },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    separator: { my: '1', h: '1px', bg: 'border', border: 'none' },
    itemGroupLabel: { px: '2.5', py: '1.5', fontSize: 'xs', fontWeight: '600', color: 'fgSubtle' },
  },
})

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  description: 'On/off switch',
  slots: ['root', 'control', 'thumb', 'label'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      _disabled: { cursor: 'progress', opacity: 0.6 },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      w: '9',
      h: '5',
      p: '2px',
      borderRadius: 'full',
      bg: 'slate.300',
      transition: 'background {durations.normal}',
      _checked: { bg: 'success' },
      _focusVisible: { boxShadow: 'focus' },
    },
    thumb: {
      w: '4',
      h: '4',
      borderRadius: 'full',
      bg: 'white',
      boxShadow: '0 1px 2px rgba(0,0,0,0.2)',
      transition: 'transform {durations.normal}',
      _checked: { transform: 'translateX(16px)' },
    },
    label: { fontSize: 'sm', color: 'fgMuted' },
  },
})

export const tabs = defineSlotRecipe({
  className: 'tabs',
  description: 'Tabs with an underline indicator; a tab may carry its own accent colour (--tab-accent)',
  slots: ['root', 'list', 'trigger', 'indicator', 'content'],
  base: {
    root: { w: 'full' },
    list: {
      position: 'relative',
      display: 'flex',
      gap: '1',
      borderBottomWidth: '1px',
      borderColor: 'border',
      overflowX: 'auto',
      scrollbarWidth: 'none',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: '10',
      px: '3',
      fontSize: 'sm',
      fontWeight: '500',
      color: 'fgSubtle',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transition: 'color {durations.fast}',
      _hover: { color: 'fg' },
      _selected: { color: 'fg', '& svg': { color: 'var(--tab-accent, var(--colors-brand))' } },
      '& svg': { w: '4', h: '4', color: 'var(--tab-accent, currentColor)' },
    },
    indicator: {
      h: '2px',
      bg: 'var(--tabs-accent, var(--colors-brand))',
      bottom: '-1px',
      borderRadius: 'full',
      width: 'var(--width)',
      transition: 'background {durations.normal}',
    },
    content: { pt: '5', outline: 'none' },
  },
  variants: {
    fitted: {
      // Small screens: equal columns with the icon above a short label, so every tab stays visible.
      true: {
        list: {
          display: { base: 'grid', md: 'flex' },
          gridAutoFlow: 'column',
          gridAutoColumns: 'minmax(0, 1fr)',
          gap: { base: '0', md: '1' },
        },
        trigger: {
          flexDirection: { base: 'column', md: 'row' },
          justifyContent: 'center',
          gap: { base: '1', md: '2' },
          h: { base: '14', md: '10' },
          px: { base: '1', md: '3' },
          fontSize: { base: 'xs', md: 'sm' },
          minW: '0',
          '& svg': { w: { base: '5', md: '4' }, h: { base: '5', md: '4' } },
        },
      },
    },
  },
})

export const toast = defineSlotRecipe({
  className: 'toast',
  description: 'Toast notifications',
  slots: ['root', 'icon', 'title', 'description', 'action', 'closeTrigger'],
  base: {
    root: {
      ...floatingSurface,
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      w: { base: 'calc(100vw - 2rem)', sm: '22rem' },
      p: '3.5',
      pr: '10',
      position: 'relative',
      translate: 'var(--x) var(--y)',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      willChange: 'translate, opacity, scale',
      transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms, box-shadow 200ms',
      transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
      _closed: {
        transition: 'translate 400ms, scale 400ms, opacity 200ms',
        transitionTimingFunction: 'cubic-bezier(0.06, 0.71, 0.55, 1)',
      },
    },
    icon: {
      flexShrink: 0,
      mt: '1px',
      w: '5',
      h: '5',
      '&[data-type=success]': { color: 'success' },
      '&[data-type=error]': { color: 'danger' },
      '&[data-type=warning]': { color: 'warning' },
      '&[data-type=info]': { color: 'brand' },
    },
    title: { fontSize: 'sm', fontWeight: '600', color: 'fg' },
    description: { fontSize: 'sm', color: 'fgMuted', mt: '0.5', whiteSpace: 'pre-line' },
    action: { mt: '2.5' },
    closeTrigger: { position: 'absolute', top: '2.5', right: '2.5' },
  },
})

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  description: 'Tooltips',
  slots: ['positioner', 'content'],
  base: {
    positioner: { zIndex: 'tooltip' },
    content: {
      px: '2',
      py: '1',
      fontSize: 'xs',
      fontWeight: '500',
      color: 'white',
      bg: 'slate.900',
      borderRadius: 'sm',
      boxShadow: 'overlay',
      maxW: '64',
      _open: { animation: 'fadeIn {durations.fast} ease-out' },
      _closed: overlayOut,
    },
  },
})

export const avatar = defineSlotRecipe({
  className: 'avatar',
  description: 'User avatars with an initial fallback',
  slots: ['root', 'image', 'fallback'],
  base: {
    root: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      borderRadius: 'full',
      overflow: 'hidden',
      // The colour comes from the person (ui/avatar.tsx TONES); this is only the fallback.
      bg: 'slate.100',
      color: 'slate.700',
      fontWeight: '600',
      userSelect: 'none',
      boxShadow: 'inset 0 0 0 1px rgba(15,23,42,0.06)',
    },
    // Over the initial, which shows until the photo has loaded (and when it fails).
    image: { position: 'absolute', inset: '0', w: 'full', h: 'full', objectFit: 'cover' },
    fallback: { lineHeight: '1', textTransform: 'uppercase' },
  },
  variants: {
    size: {
      xs: { root: { w: '6', h: '6', fontSize: '0.6875rem' } },
      sm: { root: { w: '8', h: '8', fontSize: 'xs' } },
      md: { root: { w: '10', h: '10', fontSize: 'sm' } },
      lg: { root: { w: '12', h: '12', fontSize: 'md' } },
      xl: { root: { w: '24', h: '24', fontSize: '2xl' } },
    },
  },
  defaultVariants: { size: 'md' },
})

/**
 * A message in place of content: an empty list, a list that failed to load, or a whole page (not
 * found, no access). box: a dashed box inside a page; plain: the same without the box (inside a dialog
 * or a card); page: the page's own message, larger, its title the page's heading.
 */
export const emptyState = defineSlotRecipe({
  className: 'empty-state',
  description: 'Empty, failed and page-level messages: icon tile, title, line, action',
  slots: ['root', 'tile', 'title', 'description', 'action'],
  base: {
    root: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center' },
    tile: { mb: '2' },
    title: { color: 'fg' },
    description: { fontSize: 'sm', color: 'fgMuted', maxW: 'sm' },
    action: { mt: '3' },
  },
  variants: {
    layout: {
      box: {
        root: {
          gap: '2',
          py: '14',
          px: '6',
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'borderStrong',
          borderRadius: 'lg',
          bg: 'surface',
        },
        title: { fontWeight: '600' },
      },
      plain: { root: { gap: '1', py: '8', px: '4' }, tile: { mb: '3' }, title: { fontWeight: '600' } },
      page: {
        root: { gap: '3', py: { base: '16', md: '24' }, px: '6' },
        tile: { mb: '1' },
        title: { textStyle: 'pageTitle' },
      },
    },
    tone: {
      neutral: { tile: { bg: 'subtle', color: 'fgSubtle' } },
      danger: { tile: { bg: 'danger.soft', color: 'danger' } },
      success: { tile: { bg: 'success.soft', color: 'success.fg' } },
    },
  },
  defaultVariants: { layout: 'box', tone: 'neutral' },
})

export const slotRecipes = { dialog, menu, switchRecipe, tabs, toast, tooltip, avatar, emptyState }
