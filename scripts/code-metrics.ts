/**
 * The numbers issue 33 asked to show before and after a restructuring: inline css blocks, server
 * module-to-module import pairs, imports that run back up from a lower server floor into a module,
 * and React components over the length limit. Usage: `npx tsx scripts/code-metrics.ts [repo-dir]`
 * (default: this checkout), so an older commit checked out elsewhere can be measured the same way.
 * Duplicate pairs come from the `duplicates` tool, not from here.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOT = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'))
const COMPONENT_LIMIT = 150
/**
 * The composition floor (docs/architecture.md): the files that wire modules together and may import any
 * of them, and the public pages, which reach each module through its service. Older checkouts had fewer.
 */
const COMPOSITION_FILES = new Set([
  'app.ts',
  'create-deps.ts',
  'cluster.ts',
  'index.ts',
  'deps.ts',
  'bootstrap.ts',
  'job-kinds.ts',
  'start-jobs.ts',
])
const isComposition = (rel: string) => COMPOSITION_FILES.has(rel) || rel.startsWith(`public-pages${path.sep}`)

function walk(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...walk(full, keep))
    else if (keep(full)) out.push(full)
  }
  return out
}

const isSource = (f: string) =>
  /\.(ts|tsx)$/.test(f) &&
  !/\.test\.tsx?$/.test(f) &&
  !f.endsWith('.gen.ts') &&
  !f.includes(`${path.sep}test${path.sep}`)
const lineCount = (f: string) => fs.readFileSync(f, 'utf8').split('\n').length

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  const found: string[] = []
  for (const m of text.matchAll(
    /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const spec = m[1] ?? m[2]
    if (spec.startsWith('.')) found.push(path.resolve(path.dirname(file), spec))
  }
  return found
}

function inlineCss() {
  const files = walk(path.join(ROOT, 'src'), isSource)
  const blocks = files.reduce((n, f) => n + (fs.readFileSync(f, 'utf8').match(/\bcss\(\{/g)?.length ?? 0), 0)
  const lines = files.reduce((n, f) => n + lineCount(f), 0)
  return { blocks, srcLines: lines, per1000: Number(((blocks / lines) * 1000).toFixed(1)) }
}

function serverImports() {
  const modulesDir = path.join(ROOT, 'server', 'modules')
  const moduleOf = (p: string) => {
    const rel = path.relative(modulesDir, p)
    return rel.startsWith('..') ? null : rel.split(path.sep)[0]
  }
  const pairs = new Set<string>()
  const backUp: string[] = []
  for (const file of walk(path.join(ROOT, 'server'), isSource)) {
    const from = moduleOf(file)
    const rel = path.relative(path.join(ROOT, 'server'), file)
    for (const target of importsOf(file)) {
      const to = moduleOf(target)
      if (!to) continue
      if (from && from !== to) pairs.add(`${from} -> ${to}`)
      if (!from && !isComposition(rel)) backUp.push(`${rel} -> modules/${path.relative(modulesDir, target)}`)
    }
  }
  return { moduleToModulePairs: [...pairs].sort(), importsBackUp: backUp.sort() }
}

/** Function components (capitalised functions and arrow functions) and their line spans. */
function longComponents() {
  const long: string[] = []
  for (const file of walk(path.join(ROOT, 'src'), (f) => isSource(f) && f.endsWith('.tsx'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      let name: string | undefined
      let body: ts.Node | undefined
      if (ts.isFunctionDeclaration(node) && node.name) {
        name = node.name.text
        body = node
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        name = node.name.text
        body = node.initializer
      }
      if (name && body && /^[A-Z]/.test(name)) {
        const start = source.getLineAndCharacterOfPosition(body.getStart()).line
        const end = source.getLineAndCharacterOfPosition(body.getEnd()).line
        const lines = end - start + 1
        if (lines > COMPONENT_LIMIT && /=>|function/.test(body.getText().slice(0, 400)))
          long.push(`${lines} ${path.relative(ROOT, file)} ${name}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return long.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))
}

const css = inlineCss()
const server = serverImports()
const components = longComponents()
console.log(
  JSON.stringify(
    {
      root: ROOT,
      inlineCssBlocks: css,
      moduleToModulePairs: server.moduleToModulePairs.length,
      importsBackUp: server.importsBackUp.length,
      componentsOver150: components.length,
      details: { pairs: server.moduleToModulePairs, backUp: server.importsBackUp, components },
    },
    null,
    2,
  ),
)
