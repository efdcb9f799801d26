import { fileURLToPath } from 'node:url'
import pandacss from '@pandacss/dev/postcss'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { SERVER_PREFIXES } from './src/contracts/public-paths'

// @pandacss/dev ships its own postcss copy; its plugin type differs from vite's only by that identity.
type VitePostcssPlugin = NonNullable<
  NonNullable<Exclude<NonNullable<UserConfig['css']>['postcss'], string>>['plugins']
>[number]
const pandaPostcss = pandacss() as unknown as VitePostcssPlugin

// The API server (server/) serves the built app; in `vite dev` we proxy to it every path it answers
// itself (/api, /storage and the public pages: src/contracts/public-paths.ts).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000'

/*
 * Chunks. Both first screens (the sign-in form, the signed-in layout) are built from one 'start' file
 * of shared code (the layout, the UI kit, lib, contracts, the tooltip machinery) instead of two
 * dozen small ones: on a phone each is a round trip, and HTTP/1.1 takes six at a time. index.html
 * preloads it beside the entry. A screen's own components stay in its route chunk, which main.tsx
 * fetches at start beside 'start' (no extra round trip), so the sign-in form does not carry the
 * dashboard. What only dialogs, menus, toasts, the outbox or other routes use stays in its own lazy
 * chunk. 'boot' keeps what the entry itself imports in the entry's own file (without it the entry would
 * import 'start' statically). A group also takes its modules' dependencies, so a module kept out of
 * 'start' must not be imported statically from it. FIRST_SCREEN says what kind of module is shared
 * first-screen code; 'start' takes one only if a first screen imports it (statically, from the entry or
 * the sign-in, layout or dashboard route), so a lib, contract or UI module that only later screens use
 * loads with them (firstScreenGraph). bench:bundle checks the initial route against DESIGN.md's 170 KB
 * gzip.
 */
const FIRST_SCREEN = [
  /[\\/]src[\\/]features[\\/]shell[\\/]/,
  /[\\/]src[\\/]features[\\/](admins|projects)[\\/](api|queries)\.ts$/,
  /[\\/]src[\\/]features[\\/]projects[\\/]components[\\/]project-download\.tsx$/,
  /[\\/]src[\\/]features[\\/]notifications[\\/](api|queries)\.ts$/,
  /[\\/]src[\\/]features[\\/]notifications[\\/]components[\\/](notification-bell|use-live-notifications)/,
  /[\\/]src[\\/]features[\\/]outbox[\\/]components[\\/](outbox-button|install-button|use-outbox-session)\.tsx?$/,
  /[\\/]src[\\/]lib[\\/](?!outbox|sw-register|offline-save|upload-request)/,
  /[\\/]src[\\/]contracts[\\/](?!doc|files|recaps)/,
  /[\\/]src[\\/]ui[\\/](?!dialog-frame|menu-popup|toaster|tabs|switch|offline-note)/,
  /[\\/]node_modules[\\/]@ark-ui[\\/]react[\\/]dist[\\/](utils|providers|components[\\/](tooltip|presence|portal|avatar))[\\/]/,
  /[\\/]node_modules[\\/]@zag-js[\\/](tooltip|presence|popper|core|react|dom-query|utils|anatomy|types|focus-visible|avatar)[\\/]/,
  /[\\/]node_modules[\\/]@floating-ui[\\/]/,
]
/** What a first visit fetches at start: the entry and the route chunks main.tsx loads beside it. */
const FIRST_SCREEN_ROOTS = [
  /[\\/]src[\\/]main\.tsx$/,
  /[\\/]src[\\/]routes[\\/]login\.tsx\?tsr-split=component$/,
  /[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component$/,
  /[\\/]src[\\/]routes[\\/]_app[\\/]index\.tsx\?tsr-split=component$/,
]

/**
 * The modules the first screens import statically, read from the module graph once the build has it
 * (before chunks are made). Without it a FIRST_SCREEN pattern also pulled into 'start' the modules only
 * later screens use (a contract, lib/download, dayjs).
 */
function firstScreenGraph() {
  let needed: Set<string> | undefined
  const plugin: Plugin = {
    name: 'berkas:first-screen-graph',
    apply: 'build',
    buildEnd(error) {
      if (error) return
      const ids = [...this.getModuleIds()]
      const roots = FIRST_SCREEN_ROOTS.map((re) => ids.find((id) => re.test(id)))
      const missing = FIRST_SCREEN_ROOTS.filter((_, i) => !roots[i])
      if (missing.length)
        this.error(`vite.config.ts: no module for first screen root(s) ${missing.join(', ')}`)
      needed = new Set()
      const todo = roots as string[]
      for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
        if (needed.has(id)) continue
        needed.add(id)
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  const needs = (id: string) => {
    if (!needed) throw new Error('vite.config.ts: chunks made before the first screen graph was read')
    return needed.has(id)
  }
  return { plugin, needs }
}
const firstScreen = firstScreenGraph()

const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 2 },
  {
    name: 'start',
    test: (id: string) => FIRST_SCREEN.some((re) => re.test(id)) && firstScreen.needs(id),
    priority: 1,
  },
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
    firstScreen.plugin,
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
  resolve: {
    alias: {
      // Panda's generated code lives outside src/; the same alias is in tsconfig paths.
      'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
      // The router's store asks for the shim of useSyncExternalStore, for React before 18; React 19 has it.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: {
    // The API, /storage and the public pages (/s/, /v/...): whatever the server answers itself, as
    // declared in src/contracts/public-paths.ts.
    proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, apiTarget])),
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
      // Panda's generated modules (styled-system/) have no side effects, but nothing says so: the recipes
      // barrel then kept every recipe (tabs, toast, tooltip, menu...) in the entry, and each new UI part
      // made every first screen bigger. Marked pure, a recipe ships with the screens that use it.
      treeshake: { moduleSideEffects: [{ test: /[\\/]styled-system[\\/].*\.mjs$/, sideEffects: false }] },
    },
  },
})
