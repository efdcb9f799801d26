import { describe, expect, it } from 'vitest'
import { addressKey } from './public-budget'

/* The address a public request is counted under (server/limits/public-budget.ts). */

describe('addressKey', () => {
  it('keys an IPv6 client by its /64: a phone network hands one client the whole prefix', () => {
    const key = addressKey('2001:db8:aa:1::5')
    for (const same of [
      '2001:db8:aa:1::9',
      '2001:0db8:00aa:0001:ffff:1:2:3',
      '2001:DB8:AA:1:0:0:0:1',
      '2001:db8:aa:1::5%eth0',
    ])
      expect(addressKey(same), same).toBe(key)
    expect(addressKey('2001:db8:aa:2::5')).not.toBe(key)
    expect(addressKey('::1')).toBe(addressKey('0:0:0:0::2'))
  })

  it('keys IPv4 (and IPv4 mapped into IPv6) by the whole address, hashed', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe(addressKey('203.0.113.7'))
    expect(addressKey('203.0.113.7')).not.toBe(addressKey('203.0.113.8'))
    expect(addressKey('203.0.113.7')).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(addressKey('203.0.113.7')).not.toContain('203')
  })
})
