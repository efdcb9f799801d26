import { defineConfig } from '@pandacss/dev'
import { recipes } from './src/theme/recipes'
import { slotRecipes } from './src/theme/slot-recipes'
import { globalCss, semanticTokens, textStyles, tokens } from './src/theme/tokens'

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/routeTree.gen.ts'],
  outdir: 'styled-system',
  jsxFramework: 'react',
  // Ark UI marks state with data attributes; these conditions let recipes style them.
  conditions: {
    extend: {
      checked: '&:is([data-state=checked], [data-checked])',
      open: '&:is([data-state=open], [open])',
      closed: '&:is([data-state=closed])',
      highlighted: '&[data-highlighted]',
      selected: '&[data-selected]',
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  globalCss,
  // Variants are often chosen at runtime (badge({ tone: user.role })), which static extraction cannot see.
  staticCss: { recipes: '*' },
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      recipes,
      slotRecipes,
      keyframes: {
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
        scaleIn: {
          from: { opacity: 0, transform: 'scale(0.96) translateY(4px)' },
          to: { opacity: 1, transform: 'none' },
        },
        scaleOut: { from: { opacity: 1, transform: 'none' }, to: { opacity: 0, transform: 'scale(0.96)' } },
        slideInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } },
        slideOutLeft: { from: { transform: 'none' }, to: { transform: 'translateX(-100%)' } },
        bounceDot: {
          '0%, 80%, 100%': { transform: 'scale(0.6)', opacity: 0.4 },
          '40%': { transform: 'scale(1)', opacity: 1 },
        },
        spin: { to: { transform: 'rotate(360deg)' } },
        shimmer: { '0%': { backgroundPosition: '-200% 0' }, '100%': { backgroundPosition: '200% 0' } },
      },
    },
  },
})
