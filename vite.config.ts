import { fileURLToPath } from 'node:url'
import pandacss from '@pandacss/dev/postcss'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// @pandacss/dev ships its own postcss copy; its plugin type differs from vite's only by that identity.
type VitePostcssPlugin = NonNullable<
  NonNullable<Exclude<NonNullable<UserConfig['css']>['postcss'], string>>['plugins']
>[number]
const pandaPostcss = pandacss() as unknown as VitePostcssPlugin

// The API server (server/) serves the built app; in `vite dev` we proxy /api and /storage to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000'

/*
 * Chunks. Both first screens (the sign-in form, the signed-in layout) are built from one 'start' file
 * of shared code (the layout, the UI kit, lib, contracts, the tooltip machinery, dayjs) instead of two
 * dozen small ones: on a phone each is a round trip, and HTTP/1.1 takes six at a time. index.html
 * preloads it beside the entry. A screen's own components stay in its route chunk, which main.tsx
 * fetches at start beside 'start' (no extra round trip), so the sign-in form does not carry the
 * dashboard. What only dialogs, menus, toasts, the outbox or other routes use stays in its own lazy
 * chunk. 'boot' keeps what the entry itself imports in the entry's own file (without it the entry would
 * import 'start' statically). A group also takes its modules' dependencies, so a module kept out of
 * 'start' must not be imported statically from it. bench:bundle checks the initial route against
 * DESIGN.md's 170 KB gzip.
 */
const FIRST_SCREEN = [
  /[\\/]src[\\/]features[\\/]shell[\\/]/,
  /[\\/]src[\\/]features[\\/](admins|projects)[\\/](api|queries)\.ts$/,
  /[\\/]src[\\/]features[\\/]projects[\\/]components[\\/]project-download\.tsx$/,
  /[\\/]src[\\/]features[\\/]notifications[\\/](api|queries)\.ts$/,
  /[\\/]src[\\/]features[\\/]notifications[\\/]components[\\/](notification-bell|use-live-notifications)/,
  /[\\/]src[\\/]features[\\/]outbox[\\/]components[\\/](outbox-button|install-button|use-outbox-session)\.tsx?$/,
  /[\\/]src[\\/]lib[\\/](?!outbox|sw-register|offline-save|upload-request)/,
  /[\\/]src[\\/]contracts[\\/](?!docs|files|recaps)/,
  /[\\/]src[\\/]ui[\\/](?!dialog-frame|menu-popup|toaster|tabs|switch|offline-note)/,
  /[\\/]node_modules[\\/]@ark-ui[\\/]react[\\/]dist[\\/](utils|providers|components[\\/](tooltip|presence|portal|avatar))[\\/]/,
  /[\\/]node_modules[\\/]@zag-js[\\/](tooltip|presence|popper|core|react|dom-query|utils|anatomy|types|focus-visible|avatar)[\\/]/,
  /[\\/]node_modules[\\/](@floating-ui|dayjs)[\\/]/,
]
const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 2 },
  { name: 'start', test: (id: string) => FIRST_SCREEN.some((re) => re.test(id)), priority: 1 },
]

/**
 * The 'start' chunk is what both first screens need (the sign-in form and the signed-in layout use its
 * UI): index.html asks for it beside the entry, instead of the entry asking for it once it has run.
 */
function preloadStartChunk(): Plugin {
  return {
    name: 'berkas:preload-start-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const start = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'start')
        if (!start) throw new Error("vite.config.ts: no 'start' chunk to preload (see chunkGroups)")
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${start.fileName}` },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

export default defineConfig({
  plugins: [
    preloadStartChunk(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers the worker through workbox-window, so no inline script is injected (strict CSP).
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Berkas — Sistem Manajemen File Cerdas',
        short_name: 'Berkas',
        description: 'Sistem Manajemen File Cerdas untuk project konsultan konstruksi',
        lang: 'id',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#1d4ed8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  css: { postcss: { plugins: [pandaPostcss] } },
  // Panda's generated code lives outside src/; the same alias is in tsconfig paths.
  resolve: { alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) } },
  server: {
    proxy: { '/api': apiTarget, '/storage': apiTarget },
  },
  // The manifest lets bench/bundle-size.ts measure what each route loads.
  // bundlerTimings off: on a busy machine every build printed a timing report that only looked like trouble.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
})
