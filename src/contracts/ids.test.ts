import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { idNumber, MAX_ID, parseId } from './ids'

describe('ids', () => {
  it('reads an id written plainly, from 1 to 2^31 - 1', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId('2147483647')).toBe(MAX_ID)
    for (const text of [
      '',
      '0',
      '01',
      '-1',
      '1.5',
      '1e3',
      '2147483648',
      '9999999999',
      ' 1',
      '１',
      undefined,
      null,
    ])
      expect(parseId(text), String(text)).toBeUndefined()
  })

  it('takes the same ids as JSON numbers', () => {
    const schema = idNumber('Tidak valid')
    expect(v.parse(schema, 7)).toBe(7)
    for (const value of [0, -1, 1.5, 2147483648, 1e308, Number.NaN, Number.POSITIVE_INFINITY, '1', null])
      expect(v.safeParse(schema, value).success, String(value)).toBe(false)
  })
})
