import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import * as admins from './admins'
import * as auth from './auth'
import * as common from './common'
import { EMAIL_MAX, isCleanText, isEmail } from './common'
import * as employees from './employees'
import * as projects from './projects'
import * as users from './users'

// Every module of src/contracts, so a schema added later (or a new module) is checked by itself.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true })

/** Every valibot schema exported by src/contracts, named module.export. */
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isSchema(value))
    .map(
      ([name, schema]) => [`${file.replace(/^\.\/|\.ts$/g, '')}.${name}`, schema as v.GenericSchema] as const,
    ),
)

function isSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema'
}

/** The entries of an object schema, also when it is wrapped in a pipe (PasswordChangeSchema). */
function objectEntries(schema: v.GenericSchema): Record<string, unknown> | undefined {
  const s = schema as { entries?: Record<string, unknown>; pipe?: unknown[] }
  if (s.entries) return s.entries
  const inner = s.pipe?.[0]
  return isSchema(inner) ? objectEntries(inner as v.GenericSchema) : undefined
}

const WRONG: unknown[] = [123, 0, -1.5, Number.NaN, true, false, null, {}, { a: 1 }, [], ['x'], [1, 2]]
// Words of valibot's own (English) messages: 'Invalid type: Expected string but received 123',
// 'Invalid key: ...', 'Invalid length: ...'.
const ENGLISH = /\b(invalid|expected|received|but|type|key|length|value|string|number|object|array)\b/i

function messagesOf(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input)
  if (result.success) return []
  const out: string[] = []
  const walk = (issues: readonly v.BaseIssue<unknown>[] | undefined) => {
    for (const issue of issues ?? []) {
      out.push(issue.message)
      walk(issue.issues)
    }
  }
  walk(result.issues)
  return out
}

describe('contract schemas', () => {
  it('finds the schemas', () => {
    const names = schemas.map(([n]) => n)
    expect(names).toEqual(
      expect.arrayContaining([
        'admins.AdminCreateSchema',
        'auth.LoginSchema',
        'employees.EmployeeCreateSchema',
        'employees.EmployeeUpdateSchema',
        'files.FolderCreateSchema',
        'files.FolderRenameSchema',
        'files.FileUploadSchema',
        'projects.ProjectCreateSchema',
        'projects.ProjectMembersSchema',
        'users.ProfileUpdateSchema',
        'users.PasswordChangeSchema',
      ]),
    )
  })

  it.each(schemas)('%s answers wrong types in Indonesian only', (_name, schema) => {
    const seen: string[] = []
    for (const wrong of WRONG) seen.push(...messagesOf(schema, wrong))
    const entries = objectEntries(schema)
    if (entries) {
      for (const key of Object.keys(entries)) {
        for (const wrong of [...WRONG, undefined]) seen.push(...messagesOf(schema, { [key]: wrong }))
        // Nested wrong types (arrays of the wrong thing).
        for (const wrong of WRONG) seen.push(...messagesOf(schema, { [key]: [wrong] }))
      }
    }
    expect(seen.length).toBeGreaterThan(0)
    for (const message of seen) {
      expect(message, message).not.toMatch(ENGLISH)
      expect(message.length).toBeGreaterThan(0)
    }
  })

  it('any schema, even one written without messages, answers in Indonesian once contracts load', () => {
    expect(v.safeParse(v.string(), 123).issues?.[0].message).toBe(common.MSG.validation)
    expect(v.safeParse(v.object({ a: v.number() }), {}).issues?.[0].message).toBe(common.MSG.validation)
  })

  it('a non-string phone gets an Indonesian message', () => {
    const input = { name: 'Budi', email: 'budi@contoh.id', password: 'rahasia123', role: 'pengawasan' }
    for (const schema of [
      employees.EmployeeCreateSchema,
      admins.AdminCreateSchema,
      users.ProfileUpdateSchema,
    ]) {
      const result = v.safeParse(schema, { ...input, phone: 123 })
      expect(result.success).toBe(false)
      expect(common.fieldErrors(result.issues ?? []).phone).toMatch(/^Nomor telepon/)
    }
  })
})

describe('email check', () => {
  // The pattern the forms used before; isEmail must accept exactly what it accepted, minus control chars.
  const OLD_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
  it('agrees with the old pattern on short inputs', () => {
    const alphabet = ['a', 'b', '@', '.', ' ', '\t', '-', 'é']
    let checked = 0
    const disagree: string[] = []
    const all = (prefix: string, depth: number) => {
      if (depth === 0) return
      for (const ch of alphabet) {
        const s = prefix + ch
        if (isEmail(s) !== OLD_PATTERN.test(s)) disagree.push(s)
        checked++
        all(s, depth - 1)
      }
    }
    all('', 6)
    expect(checked).toBeGreaterThan(200_000)
    expect(disagree).toEqual([])
    expect(isEmail('nama@contoh.co.id')).toBe(true)
    expect(isEmail('a\u0000b@contoh.id')).toBe(false)
    expect(isEmail(`${'a'.repeat(250)}@b.id`)).toBe(false)
  })

  it('answers a 10 MB email with the form message, quickly (length first, no pattern on it)', () => {
    const huge = `${'a'.repeat(5_000_000)}@${'a.'.repeat(2_500_000)} `
    const started = performance.now()
    for (const schema of [admins.AdminCreateSchema, employees.EmployeeCreateSchema]) {
      const result = v.safeParse(schema, { email: huge })
      expect(common.fieldErrors(result.issues ?? []).email).toMatch(
        /Email tidak valid|Format email tidak valid/,
      )
    }
    const login = v.safeParse(auth.LoginSchema, { email: huge, password: 'rahasia' })
    expect(common.fieldErrors(login.issues ?? []).email).toBe('Email tidak valid')
    // Generous: the old pattern took minutes on input this size.
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('is linear even when called on over-long input directly', () => {
    const started = performance.now()
    expect(isEmail(`x@${'a.'.repeat(1_000_000)} `)).toBe(false)
    expect(isCleanText('a.'.repeat(1_000_000))).toBe(true)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(EMAIL_MAX).toBe(254)
  })
})

describe('control characters', () => {
  it('one-line fields refuse control characters and line breaks; descriptions allow line breaks', () => {
    const base = { name: 'Jembatan', description: 'Baris satu\nBaris dua\tdengan tab' }
    expect(v.safeParse(projects.ProjectCreateSchema, base).success).toBe(true)
    for (const bad of ['\u0000', '\u0001', '\u001f', '\u007f', '\n', '\t', '\ud800']) {
      const name = v.safeParse(projects.ProjectCreateSchema, { ...base, name: `Jem${bad}batan` })
      expect(common.fieldErrors(name.issues ?? []).name).toBe(common.MSG.controlChars)
    }
    for (const bad of ['\u0000', '\u0008', '\u001b', '\udc00x']) {
      const description = v.safeParse(projects.ProjectCreateSchema, { ...base, description: `ab${bad}cd` })
      expect(common.fieldErrors(description.issues ?? []).description).toBe(common.MSG.controlChars)
    }
    expect(isCleanText('emoji \ud83d\ude00 ok')).toBe(true)
  })
})
