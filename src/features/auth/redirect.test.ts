import { describe, expect, it } from 'vitest'
import { safeRedirect, validateLoginSearch } from './redirect'

describe('the login redirect', () => {
  it('follows a path inside the app, with its search and hash', () => {
    expect(safeRedirect('/project/abc#pengawasan/f1')).toBe('/project/abc#pengawasan/f1')
    expect(safeRedirect('/notifications?x=1')).toBe('/notifications?x=1')
  })
  it('ignores other sites, the login page itself and anything that is not a path', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/login',
      '/login?redirect=/x',
      '',
      42,
      null,
    ])
      expect(safeRedirect(bad)).toBeUndefined()
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBeUndefined()
  })
  it('keeps only a safe redirect in the search', () => {
    expect(validateLoginSearch({ redirect: '/profile', other: 1 })).toEqual({ redirect: '/profile' })
    expect(validateLoginSearch({ redirect: '//x' })).toEqual({})
  })
})
