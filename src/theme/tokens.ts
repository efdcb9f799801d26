import { defineGlobalStyles, defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev'

export const tokens = defineTokens({
  // Layers (the recipes name them: zIndex 'sticky', 'overlay'...). Without them those values were invalid
  // CSS, so any later positioned element (a card's carousel) painted over the sticky header. Menus and
  // tooltips sit above dialogs, since they may open from inside one.
  zIndex: {
    sticky: { value: 1100 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    dropdown: { value: 1500 },
    tooltip: { value: 1800 },
  },
  fonts: {
    body: {
      value:
        "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    },
    mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
  },
  radii: {
    xs: { value: '4px' },
    sm: { value: '6px' },
    md: { value: '8px' },
    lg: { value: '12px' },
    xl: { value: '16px' },
  },
  shadows: {
    xs: { value: '0 1px 2px rgba(15, 23, 42, 0.05)' },
    card: { value: '0 1px 2px rgba(15, 23, 42, 0.04), 0 1px 3px rgba(15, 23, 42, 0.06)' },
    cardHover: { value: '0 4px 12px -2px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.04)' },
    overlay: { value: '0 16px 48px -12px rgba(15, 23, 42, 0.28), 0 4px 12px rgba(15, 23, 42, 0.08)' },
    focus: { value: '0 0 0 3px rgba(37, 99, 235, 0.25)' },
    focusDanger: { value: '0 0 0 3px rgba(220, 38, 38, 0.2)' },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
  },
})

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: { value: '{colors.slate.50}' },
    surface: { value: '{colors.white}' },
    subtle: { value: '{colors.slate.100}' },
    border: { value: '{colors.slate.200}' },
    borderStrong: { value: '{colors.slate.300}' },
    fg: { value: '{colors.slate.900}' },
    fgMuted: { value: '{colors.slate.600}' },
    fgSubtle: { value: '{colors.slate.500}' },
    brand: {
      DEFAULT: { value: '{colors.blue.600}' },
      hover: { value: '{colors.blue.700}' },
      soft: { value: '{colors.blue.50}' },
      fg: { value: '{colors.blue.700}' },
    },
    danger: {
      DEFAULT: { value: '{colors.red.600}' },
      hover: { value: '{colors.red.700}' },
      soft: { value: '{colors.red.50}' },
      fg: { value: '{colors.red.700}' },
    },
    success: {
      DEFAULT: { value: '{colors.green.600}' },
      soft: { value: '{colors.green.50}' },
      fg: { value: '{colors.green.700}' },
    },
    warning: {
      DEFAULT: { value: '{colors.amber.500}' },
      soft: { value: '{colors.amber.50}' },
      fg: { value: '{colors.amber.700}' },
    },
    // Role badges (SPEC section 6).
    role: {
      superadmin: {
        bg: { value: '{colors.teal.50}' },
        fg: { value: '{colors.teal.700}' },
        border: { value: '{colors.teal.200}' },
      },
      // Not SPEC's red: beside status badges red reads as an error (issue 32). A dark neutral instead,
      // apart from every status and area colour: decision 0081.
      admin: {
        bg: { value: '{colors.slate.800}' },
        fg: { value: '{colors.white}' },
        border: { value: '{colors.slate.800}' },
      },
      perencanaan: {
        bg: { value: '{colors.blue.50}' },
        fg: { value: '{colors.blue.700}' },
        border: { value: '{colors.blue.200}' },
      },
      pengawasan: {
        bg: { value: '{colors.green.50}' },
        fg: { value: '{colors.green.700}' },
        border: { value: '{colors.green.200}' },
      },
    },
    // Project areas (tabs, folder chips).
    area: {
      perencanaan: {
        solid: { value: '{colors.blue.600}' },
        bg: { value: '{colors.blue.50}' },
        fg: { value: '{colors.blue.700}' },
      },
      pengawasan: {
        solid: { value: '{colors.emerald.600}' },
        bg: { value: '{colors.emerald.50}' },
        fg: { value: '{colors.emerald.700}' },
      },
      dokumentasi: {
        solid: { value: '{colors.violet.600}' },
        bg: { value: '{colors.violet.50}' },
        fg: { value: '{colors.violet.700}' },
      },
      rekap: {
        solid: { value: '{colors.orange.600}' },
        bg: { value: '{colors.orange.50}' },
        fg: { value: '{colors.orange.700}' },
      },
    },
    // Review status of files and documentation.
    status: {
      pending: {
        bg: { value: '{colors.amber.50}' },
        fg: { value: '{colors.amber.700}' },
        border: { value: '{colors.amber.200}' },
      },
      approved: {
        bg: { value: '{colors.green.50}' },
        fg: { value: '{colors.green.700}' },
        border: { value: '{colors.green.200}' },
      },
      rejected: {
        bg: { value: '{colors.red.50}' },
        fg: { value: '{colors.red.700}' },
        border: { value: '{colors.red.200}' },
      },
      revision: {
        bg: { value: '{colors.orange.50}' },
        fg: { value: '{colors.orange.700}' },
        border: { value: '{colors.orange.200}' },
      },
      inactive: {
        bg: { value: '{colors.slate.100}' },
        fg: { value: '{colors.slate.600}' },
        border: { value: '{colors.slate.200}' },
      },
    },
  },
})

export const textStyles = defineTextStyles({
  pageTitle: {
    value: {
      fontSize: { base: '1.375rem', md: '1.625rem' },
      fontWeight: '700',
      letterSpacing: '-0.02em',
      lineHeight: '1.2',
    },
  },
  sectionTitle: {
    value: { fontSize: '1.0625rem', fontWeight: '600', letterSpacing: '-0.01em', lineHeight: '1.3' },
  },
  body: { value: { fontSize: '0.875rem', lineHeight: '1.5' } },
  caption: { value: { fontSize: '0.75rem', lineHeight: '1.4' } },
})

export const globalCss = defineGlobalStyles({
  'html, body': {
    bg: 'bg',
    color: 'fg',
    fontFamily: 'body',
    fontSize: '15px',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
  },
  body: { minHeight: '100dvh' },
  '#root': { minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
  '::selection': { bg: 'blue.100' },
  ':focus-visible': { outline: '2px solid {colors.brand}', outlineOffset: '2px' },
})
