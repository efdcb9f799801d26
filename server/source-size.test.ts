import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Small files with names that explain themselves: no source file over 500 lines, and the outbox (code
 * that runs in the page and in the service worker, where a mistake strands queued photos) in files
 * under 400. Tests, benchmarks and generated files are not counted. A file allowed to be longer is
 * listed with why; an allowance no longer needed fails too, so the list stays true.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const MAX_LINES = 500
const OUTBOX_MAX_LINES = 400

const ALLOWED_LONGER: Record<string, string> = {}

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'sw', 'server'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
  return listed
    .split('\n')
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .filter((f) => !/\.test\.tsx?$/.test(f) && !f.endsWith('.gen.ts') && !f.includes('/test/'))
    .filter((f) => fs.existsSync(path.join(ROOT, f)))
}

const lines = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length

describe('source file sizes', () => {
  it(`no source file is over ${MAX_LINES} lines unless it is listed with why`, () => {
    const over = sourceFiles()
      .filter((f) => !(f in ALLOWED_LONGER) && lines(f) > MAX_LINES)
      .map((f) => `${f}: ${lines(f)} lines`)
    expect(over).toEqual([])
  })

  it('every listed allowance is still needed', () => {
    const unneeded = Object.keys(ALLOWED_LONGER).filter(
      (f) => !fs.existsSync(path.join(ROOT, f)) || lines(f) <= MAX_LINES,
    )
    expect(unneeded).toEqual([])
  })

  it(`the outbox's files are under ${OUTBOX_MAX_LINES} lines each`, () => {
    const outbox = sourceFiles().filter((f) => f.startsWith('src/lib/outbox'))
    expect(outbox.length).toBeGreaterThan(3)
    expect(outbox.filter((f) => lines(f) >= OUTBOX_MAX_LINES).map((f) => `${f}: ${lines(f)} lines`)).toEqual(
      [],
    )
  })
})
