import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Components with one job each: no React function component in src/ over 150 lines, measured with the
 * TypeScript compiler (a function declaration, or a `const` holding an arrow or function expression,
 * possibly wrapped as in `memo(...)` or `forwardRef(...)`, whose name starts with a capital letter), from
 * its first line to its last, its doc comment not counted. A long one is split into parts: a hook for its
 * state and logic, child components for its sections. The 500-line file cap (source-size.test.ts) alone
 * let components grow while their files were split. A component allowed to be longer is listed with why,
 * as `path#Name`; an allowance no longer needed fails too, so the list stays true.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const MAX_COMPONENT_LINES = 150

const ALLOWED_LONGER: Record<string, string> = {}

type ComponentSpan = { name: string; lines: number; line: number }

function functionOf(node: ts.Expression | undefined): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!node) return undefined
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return functionOf(node.expression)
  // memo(function X() {...}), forwardRef((props, ref) => ...)
  if (ts.isCallExpression(node)) {
    for (const arg of node.arguments) {
      const fn = functionOf(arg)
      if (fn) return fn
    }
  }
  return undefined
}

/** Every capitalised function (a component, by React's naming rule) in a .tsx text, with its line span. */
function measureComponents(fileName: string, text: string): ComponentSpan[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: ComponentSpan[] = []
  const span = (name: string, node: ts.Node) => {
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
    found.push({ name, lines: last - first + 1, line: first + 1 })
  }
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && /^[A-Z]/.test(node.name.text)) {
      span(node.name.text, node)
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /^[A-Z]/.test(node.name.text)
    ) {
      const fn = functionOf(node.initializer)
      if (fn) span(node.name.text, node)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function componentFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  return listed
    .split('\n')
    .filter((f) => f.endsWith('.tsx') && !/\.test\.tsx$/.test(f) && !f.includes('/test/'))
    .filter((f) => fs.existsSync(path.join(ROOT, f)))
}

function allComponents(): Map<string, number> {
  const spans = new Map<string, number>()
  for (const file of componentFiles()) {
    for (const c of measureComponents(file, fs.readFileSync(path.join(ROOT, file), 'utf8')))
      spans.set(`${file}#${c.name}`, Math.max(c.lines, spans.get(`${file}#${c.name}`) ?? 0))
  }
  return spans
}

describe('the measure of a component', () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `      <p>line ${i}</p>`).join('\n')

  it('counts a function component from its first line to its last, its doc comment not counted', () => {
    const text = `/** what it is */\nexport function Long() {\n  return (\n    <div>\n${body(160)}\n    </div>\n  )\n}\n`
    expect(measureComponents('x.tsx', text)).toEqual([{ name: 'Long', lines: 166, line: 2 }])
  })

  it('finds arrow components, wrapped ones and nested ones, and skips lowercase helpers', () => {
    const text = [
      'const Arrow = () => <p>a</p>',
      'export const Wrapped = memo(function Inner(props: { a: number }) {',
      '  return <p>{props.a}</p>',
      '})',
      'const Ref = forwardRef<HTMLDivElement, {}>((props, ref) => <div ref={ref} />)',
      'function helper() { return 1 }',
      'const value = 3',
      'export function Outer() {',
      '  function Row() { return <li /> }',
      '  return <ul><Row /></ul>',
      '}',
    ].join('\n')
    expect(measureComponents('x.tsx', text).map((c) => `${c.name}:${c.lines}`)).toEqual([
      'Arrow:1',
      'Wrapped:3',
      'Ref:1',
      'Outer:4',
      'Row:1',
    ])
  })

  it(`bites: a synthetic component over ${MAX_COMPONENT_LINES} lines is over, one at the limit is not`, () => {
    const long = `export const Long = () => (\n  <div>\n${body(MAX_COMPONENT_LINES - 2)}\n  </div>\n)\n`
    const ok = `export const Ok = () => (\n  <div>\n${body(MAX_COMPONENT_LINES - 4)}\n  </div>\n)\n`
    expect(measureComponents('x.tsx', long)[0].lines).toBe(MAX_COMPONENT_LINES + 2)
    expect(measureComponents('x.tsx', ok)[0].lines).toBe(MAX_COMPONENT_LINES)
  })
})

describe('component sizes', () => {
  const components = allComponents()

  it('finds the components of src/', () => {
    expect(components.size).toBeGreaterThan(100)
    expect([...components.keys()]).toContain('src/features/files/components/file-browser.tsx#FileBrowser')
  })

  it(`no React component is over ${MAX_COMPONENT_LINES} lines unless it is listed with why`, () => {
    const over = [...components]
      .filter(([key, lines]) => !(key in ALLOWED_LONGER) && lines > MAX_COMPONENT_LINES)
      .map(([key, lines]) => `${key}: ${lines} lines`)
    expect(over).toEqual([])
  })

  it('every listed allowance is still needed', () => {
    const unneeded = Object.keys(ALLOWED_LONGER).filter(
      (key) => (components.get(key) ?? 0) <= MAX_COMPONENT_LINES,
    )
    expect(unneeded).toEqual([])
  })
})
