import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The import boundaries of docs/architecture.md (the layers) are lint rules in biome.json (noRestrictedImports per
 * folder). `biome check .` proves today's tree keeps them; this proves each rule still bites: the real
 * biome.json lints a scratch tree of allowed and forbidden imports, so a loosened pattern fails here.
 */
const CASES: [file: string, specifier: string, refused: boolean][] = [
  // Features never import each other (nor routes); they use lib, ui, contracts and their own files.
  ['src/features/admins/api.ts', '../projects/api', true],
  ['src/features/admins/api.ts', '../projects', true],
  ['src/features/admins/api.ts', '../../features/projects/api', true],
  ['src/features/admins/api.ts', '../../lib/api', false],
  ['src/features/admins/api.ts', './queries', false],
  ['src/features/admins/components/list.tsx', '../../projects/queries', true],
  ['src/features/admins/components/list.tsx', '../../../features/projects/api', true],
  ['src/features/admins/components/list.tsx', '../../../routes/login', true],
  ['src/features/admins/components/list.tsx', '../../../ui/button', false],
  ['src/features/admins/components/list.tsx', '../api', false],
  ['src/features/admins/components/list.tsx', './row', false],
  ['src/features/admins/components/parts/row.tsx', '../../../projects/api', true],
  ['src/features/admins/components/parts/row.tsx', '../../../../lib/format', false],
  // App code never imports server code.
  ['src/features/admins/api.ts', '../../../server/http', true],
  ['src/routes/login.tsx', '../../server/access', true],
  ['src/main.tsx', '../server/app', true],
  ['src/main.tsx', 'react-dom/client', false],
  // lib never imports ui (ui may import lib), features or routes.
  ['src/lib/api.ts', '../ui/toaster', true],
  ['src/lib/api.ts', '../features/admins/api', true],
  ['src/lib/api.ts', '../../server/http', true],
  ['src/lib/api.ts', '../contracts/common', false],
  ['src/lib/api.ts', './session-token', false],
  ['src/ui/button.tsx', '../lib/format', false],
  ['src/ui/button.tsx', '../features/admins/api', true],
  // contracts import nothing but valibot (and each other).
  ['src/contracts/users.ts', 'valibot', false],
  ['src/contracts/users.ts', './common', false],
  ['src/contracts/users.ts', 'react', true],
  ['src/contracts/users.ts', '../lib/api', true],
  ['src/contracts/users.ts', '../../server/http', true],
  // The server imports only src/contracts from src/.
  ['server/http.ts', '../src/contracts/common', false],
  ['server/http.ts', '../src/lib/api', true],
  ['server/modules/projects/projects.service.ts', '../../../src/contracts/projects', false],
  ['server/modules/projects/projects.service.ts', '../../../src/features/projects/api', true],
  // The service worker imports only src/contracts and src/lib/outbox*.
  ['sw/sw.ts', '../src/contracts/common', false],
  ['sw/sw.ts', '../src/lib/outbox-store', false],
  ['sw/sw.ts', 'workbox-precaching', false],
  ['sw/sw.ts', '../src/lib/api', true],
  ['sw/sw.ts', '../src/ui/toaster', true],
  ['sw/sw.ts', '../server/http', true],
  // Migrations are frozen history: only the migrator (server/db/index.ts) imports them.
  ['server/db/index.ts', './migrations/001-initial', false],
  ['server/db/stat-columns.ts', './migrations/002-project-stats', true],
  ['server/modules/projects/projects.service.ts', '../../db/migrations/002-project-stats', true],
  ['server/modules/projects/projects.service.ts', '../../db/stat-columns', false],
  ['bench/api-load.ts', '../server/db/migrations/001-initial', true],
  ['bench/api-load.ts', '../server/app', false],
]

const ROOT = path.resolve(import.meta.dirname, '..')
let dir: string
let refused: Set<string>

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-imports-'))
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'))
  delete config.$schema
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config))
  const files = new Map<string, string[]>()
  for (const [file, specifier] of CASES) files.set(file, [...(files.get(file) ?? []), specifier])
  for (const [file, specifiers] of files) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), specifiers.map((s) => `export * from '${s}'\n`).join(''))
  }
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: dir, encoding: 'utf8' },
  )
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[]
  }
  refused = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => `${d.location.path}:${d.location.start.line}`),
  )
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('import boundaries (biome.json)', () => {
  const lines = new Map<string, number>()
  const cases = CASES.map(([file, specifier, isRefused]) => {
    const line = (lines.get(file) ?? 0) + 1
    lines.set(file, line)
    return { file, specifier, isRefused, at: `${file}:${line}` }
  })
  it.each(cases)('$file -> $specifier: refused $isRefused', ({ at, isRefused }) => {
    expect(refused.has(at)).toBe(isRefused)
  })
})
