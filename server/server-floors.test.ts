import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/*
 * The server's floors (docs/architecture.md, "The layers"): the composition floor (app.ts and the files
 * that wire modules together) may import any module; modules/* import the floors below them and, from
 * another module, only what that module owns and lends (a table's one read, an upload service, its
 * queue), listed here with why; the floors below (base/, storage/, jobs/, db/, uploads/, the top-level
 * helpers) never import a module. A helper several modules need goes to server/base/, not into the
 * module that needed it first. decision 0082.
 */

/** Files that wire modules together: they may import any module (paths relative to server/). */
const COMPOSITION = new Set([
  'app.ts',
  'create-deps.ts',
  'cluster.ts',
  'index.ts',
  'bootstrap.ts',
  'job-kinds.ts',
  'start-jobs.ts',
])
/** Folders of the composition floor (the public pages mount module services as pages). */
const COMPOSITION_DIRS = ['public-pages/']

/** A module's import of another module's file, allowed for the reason given. `from -> module/file`. */
const MODULE_IMPORTS: Record<string, string> = {
  'admins -> auth/password-reset': 'a password reset is auth’s (codes, sessions revoked)',
  'admins -> users/accounts.service': 'accounts are the users module’s table',
  'admins -> users/user-view': 'the one answer shape of a users row',
  'auth -> users/user-view': 'the one answer shape of a users row (login, /me)',
  'auth -> whatsapp/queue-message':
    'a reset code or a password goes out through the WhatsApp queue it owns (and whether it is linked)',
  'diary -> reports/report-cover': 'the printed diary draws the report’s verification QR code',
  'diary -> reports/report-create': 'a printed diary’s code is made like a report’s (one /v/ page)',
  'diary -> reports/report-draw': 'the printed diary uses the report PDF’s colours, fonts and line helpers',
  'diary -> reports/report-images': 'the printed diary resizes its photos as the report does',
  'diary -> reports/report-layout': 'the printed diary’s A4 page and margins are the report’s',
  'diary -> reports/report-render': 'the firm’s logo is read for the letterhead as the report reads it',
  'diary -> reports/report-selection': 'the day’s photos are the ones a report of that day would hold',
  'diary -> reports/report-text': 'the printed diary’s text passes the report’s pdfSafe and wrapping',
  'diary -> settings/firm-settings': 'the firm’s name, logo and diary reminder hour are the settings table',
  'diary -> shares/share-crypto': 'a sign link’s token is made and checked like a share link’s',
  'diary -> whatsapp/queue-message':
    'a sign link goes out through the WhatsApp queue it owns (and whether it is linked)',
  'employees -> auth/password-reset': 'a password reset is auth’s',
  'employees -> auth/passwords': 'password hashes are auth’s',
  'employees -> users/accounts.service': 'accounts are the users module’s table',
  'employees -> users/user-view': 'the one answer shape of a users row',
  'folders -> files/area-files': 'the folders table’s reads (find, trail, subtree) live with the file areas',
  'notifications -> auth/sessions.service': 'the event stream authenticates its token like require-auth',
  'notifications -> whatsapp/send-queue': 'notifications go out through the WhatsApp queue it owns',
  'project-download -> documentation/live-photos': 'the current photos of live items: documentation’s tables',
  'project-download -> history/history.service': 'riwayat.csv is the history’s entries as it reads them',
  'projects -> folders/folders.service': 'a project’s deletion removes its folders through their owner',
  'projects -> users/user-view': 'the one answer shape of a users row (members)',
  'reports -> diary/diary-print-week': 'a weekly report’s PDF is the week’s diaries rolled up',
  'reports -> diary/diary-print-week-data':
    'a weekly report is refused when its week has no diary and no photo',
  'reports -> diary/diary-print-verify': 'a printed diary’s code is checked on the reports’ one /v/ page',
  'reports -> documentation/live-photos': 'the current photos of live items: documentation’s tables',
  'reports -> recaps/recaps.service': 'saving a report as a recap is the recaps upload',
  'reports -> settings/firm-settings': 'the firm’s name and logo are the settings table',
  'resumable-uploads -> files/area-files': 'a resumable upload lands in a file area (its folders)',
  'resumable-uploads -> files/files.routes': 'the files upload’s answer envelope',
  'resumable-uploads -> files/files.service': 'a resumable upload is the files upload service, assembled',
  'resumable-uploads -> recaps/recaps.service': 'a resumable upload is the recaps upload service, assembled',
  'shares -> reports/report-selection': 'a period share shows the photos a report of it would',
  'shares -> settings/firm-settings': 'the firm’s name and logo are the settings table',
  'shares -> whatsapp/queue-message':
    'a share link goes out through the WhatsApp queue it owns (and whether it is linked)',
  'trash -> files/area-files': 'the folders table’s subtree read lives with the file areas',
  'trash -> folders/folders.service': 'purging folders and the project lock are the folders module’s',
  'users -> auth/passwords': 'password hashes are auth’s',
  'users -> auth/sessions.service': 'a password change or deactivation revokes auth’s sessions',
}

const isSource = (f: string) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts')

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test') out.push(...sourceFiles(full))
    } else if (isSource(full)) out.push(full)
  }
  return out
}

function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  const found: string[] = []
  for (const m of text.matchAll(
    /(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  ))
    found.push(path.resolve(path.dirname(file), m[1] ?? m[2]))
  return found
}

/** Every import that breaks a floor rule, as 'file -> target' (paths relative to the server folder). */
function floorViolations(serverDir: string, allowed: Record<string, string> = MODULE_IMPORTS): string[] {
  const modulesDir = path.join(serverDir, 'modules')
  const moduleOf = (p: string) => {
    const rel = path.relative(modulesDir, p)
    return rel.startsWith('..') ? undefined : rel.split(path.sep)[0]
  }
  const bad: string[] = []
  for (const file of sourceFiles(serverDir)) {
    const rel = path.relative(serverDir, file).split(path.sep).join('/')
    const from = moduleOf(file)
    for (const target of relativeImports(file)) {
      const to = moduleOf(target)
      if (!to) continue
      const targetRel = path.relative(modulesDir, target).split(path.sep).join('/')
      if (from === undefined) {
        if (!COMPOSITION.has(rel) && !COMPOSITION_DIRS.some((d) => rel.startsWith(d)))
          bad.push(`${rel} -> modules/${targetRel} (a lower floor imports a module)`)
      } else if (from !== to && !(`${from} -> ${targetRel}` in allowed)) {
        bad.push(`${rel} -> modules/${targetRel} (a module imports another module's file not listed)`)
      }
    }
  }
  return bad
}

describe('server floors', () => {
  it('no module imports another for a helper, and no lower floor imports a module', () => {
    expect(floorViolations(import.meta.dirname)).toEqual([])
  })

  describe('the rule bites', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'berkas-floors-'))
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), text)
    }
    write(
      'modules/a/a.service.ts',
      "import { x } from '../b/b-helper'\nimport { y } from '../../base/audit'\n",
    )
    write('modules/a/a.routes.ts', "export { z } from '../b/b.service'\nimport { w } from './a.service'\n")
    write('modules/b/b-helper.ts', 'export const x = 1\n')
    write('modules/b/b.service.ts', 'export const z = 1\n')
    write('jobs/job-kinds.ts', "import { k } from '../modules/a/a-job'\n")
    write('route.ts', "import { requireAuth } from './modules/auth/require-auth'\n")
    write('storage/kinds.ts', "const m = await import('../modules/b/b-helper')\n")
    write('app.ts', "import { aRoutes } from './modules/a/a.routes'\n")
    write('base/audit.ts', "import { nowIso } from '../http'\n")
    write('modules/a/a.test.ts', "import { x } from '../b/b-helper'\n")

    it('refuses a module’s import of another module’s unlisted file, and imports back up from lower floors', () => {
      expect(floorViolations(dir, { 'a -> b/b.service': 'listed' }).sort()).toEqual([
        'jobs/job-kinds.ts -> modules/a/a-job (a lower floor imports a module)',
        "modules/a/a.service.ts -> modules/b/b-helper (a module imports another module's file not listed)",
        'route.ts -> modules/auth/require-auth (a lower floor imports a module)',
        'storage/kinds.ts -> modules/b/b-helper (a lower floor imports a module)',
      ])
    })

    it('an import the list does not name is refused even when its pair has another file listed', () => {
      expect(floorViolations(dir, {})).toContain(
        "modules/a/a.routes.ts -> modules/b/b.service (a module imports another module's file not listed)",
      )
    })
  })
})
