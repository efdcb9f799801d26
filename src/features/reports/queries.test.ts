import { describe, expect, it } from 'vitest'
import type { Report } from '../../contracts/reports'
import { REPORT_POLL_MS, reportListQueryOptions } from './queries'

type Interval = (query: { state: { data?: Pick<Report, 'status'>[] } }) => number | false

describe('the report list polls while a report is being made', () => {
  const interval = reportListQueryOptions('gedung-a').refetchInterval as unknown as Interval
  it('every 2 s while one is queued or running', () => {
    expect(interval({ state: { data: [{ status: 'ready' }, { status: 'queued' }] } })).toBe(REPORT_POLL_MS)
    expect(interval({ state: { data: [{ status: 'running' }] } })).toBe(2000)
  })
  it('not at all once every report is ready or failed, or before the list came', () => {
    expect(interval({ state: { data: [{ status: 'ready' }, { status: 'failed' }] } })).toBe(false)
    expect(interval({ state: { data: [] } })).toBe(false)
    expect(interval({ state: {} })).toBe(false)
  })
})
