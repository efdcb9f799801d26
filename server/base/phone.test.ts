import { describe, expect, it } from 'vitest'
import { normalizePhone, phoneJid } from './phone'

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['0812 3456 7890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['(0812) 3456.7890', '6281234567890'],
    ['+65 9123 4567', '6591234567'],
  ])('%s -> %s', (raw, want) => {
    expect(normalizePhone(raw)).toBe(want)
  })

  it.each([
    null,
    '',
    '   ',
    'abc',
    '0812abc4567',
    '12345',
    '021',
    '+62 21 1234',
    '6221555123',
    '0812345678901234',
  ])('no WhatsApp address for %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull()
  })

  it('builds the user jid', () => {
    expect(phoneJid('6281234567890')).toBe('6281234567890@s.whatsapp.net')
  })
})
