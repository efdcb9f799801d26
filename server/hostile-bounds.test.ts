import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DAY_MSG } from '../src/contracts/days'
import { createTestApp, samplePng, TEST_DB, type TestApp } from './test/harness'

/**
 * Issue 31: days and ids out of range. `to=9999-12-31` on the Dokumentasi list, a report or a share
 * link answered 500 (the day after it is year 10000, no ISO day), and on PostgreSQL ids of 2^31 and more
 * (work items, share links) and `report_id: 1e308` failed the query on its 32-bit integer column. Every
 * place a day or an id is parsed (query, JSON body, multipart field) is sent days outside 2000..2099
 * and ids that cannot exist: each must be a 4xx with an Indonesian message and no error in the log,
 * while the same call with a good value works (so the table cannot pass by calling the wrong place).
 * Ids in paths are sent the same values by hostile-routes.test.ts, over every route.
 */
let t: TestApp
let admin: Awaited<ReturnType<TestApp['user']>>
let employee: Awaited<ReturnType<TestApp['user']>>
let project: { id: number; slug: string }
let workItem: number
let report: number
let png: Buffer
/** The last seven of the firm's days (Asia/Jakarta, UTC+7): the fixture's photo was taken in them. */
let week: { from: string; to: string }

/** Days that are no day the app knows (out of 2000..2099, or not a day at all). */
const BAD_DAYS = ['9999-12-31', '2100-01-01', '1999-12-31', '0000-01-01', '+10000-01-01', '2026-02-30']
/** Ids written as text (paths, queries, multipart fields) that cannot exist. */
const BAD_ID_TEXT = ['2147483648', '9999999999', '1e308', '-1', '1.5', '01', '0']
/** Ids sent as JSON values that cannot exist (JSON carries no Infinity or NaN). */
const BAD_ID_JSON: unknown[] = [2147483648, 1e308, -1, 1.5, '01', 0, 2 ** 53]

type Probe = {
  label: string
  send: (value: unknown) => Promise<{ status: number; json: { message?: string } | undefined }>
  good: unknown
  bad: readonly unknown[]
  status: 400 | 404 | 422
}

const get = (url: string) => t.request('GET', url, { token: admin.token })
const q = encodeURIComponent

function probes(): Probe[] {
  const docList = `/api/doc/${project.slug}/list`
  const count = `/api/report/${project.slug}/count`
  // A report made with a good value is rendered at once: at most 3 may wait per project (429 beyond).
  const post = async (url: string, json: unknown) => {
    if (url.includes('/report/')) await t.runJobs()
    return t.request('POST', url, { token: admin.token, json })
  }
  const put = (url: string, json: unknown) => t.request('PUT', url, { token: admin.token, json })
  return [
    {
      label: 'doc list ?to',
      send: (x) => get(`${docList}?to=${q(String(x))}`),
      good: week.to,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'doc list ?from',
      send: (x) => get(`${docList}?from=${q(String(x))}`),
      good: week.from,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'doc list ?work_item',
      send: (x) => get(`${docList}?work_item=${q(String(x))}`),
      good: String(workItem),
      bad: BAD_ID_TEXT,
      status: 422,
    },
    {
      label: 'doc list ?uploader',
      send: (x) => get(`${docList}?uploader=${q(String(x))}`),
      good: String(admin.id),
      bad: BAD_ID_TEXT,
      status: 422,
    },
    {
      label: 'doc list ?cursor',
      send: (x) => get(`${docList}?cursor=${q(String(x))}`),
      good: '1',
      bad: BAD_ID_TEXT,
      status: 400,
    },
    {
      label: 'report count ?to',
      send: (x) => get(`${count}?from=${week.from}&to=${q(String(x))}`),
      good: week.to,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'report count ?from',
      send: (x) => get(`${count}?from=${q(String(x))}&to=${week.to}`),
      good: week.from,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'report count ?work_items',
      send: (x) => get(`${count}?from=${week.from}&to=${week.to}&work_items=${q(String(x))}`),
      good: String(workItem),
      bad: BAD_ID_TEXT,
      status: 422,
    },
    {
      label: 'project history ?cursor',
      send: (x) => get(`/api/project/${project.id}/history?cursor=${q(String(x))}`),
      good: '1',
      bad: BAD_ID_TEXT,
      status: 400,
    },
    {
      label: 'report create to',
      send: (x) => post(`/api/report/${project.slug}/create`, { ...week, to: x }),
      good: week.to,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'report create from',
      send: (x) => post(`/api/report/${project.slug}/create`, { ...week, from: x }),
      good: week.from,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'report create work_item_ids',
      send: (x) => post(`/api/report/${project.slug}/create`, { ...week, work_item_ids: [x] }),
      good: workItem,
      bad: BAD_ID_JSON,
      status: 422,
    },
    {
      label: 'share create report_id',
      send: (x) => post(`/api/share/${project.slug}/create`, { report_id: x }),
      good: report,
      bad: BAD_ID_JSON,
      status: 422,
    },
    {
      label: 'share create to',
      send: (x) => post(`/api/share/${project.slug}/create`, { ...week, to: x }),
      good: week.to,
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'share create work_item_ids',
      send: (x) => post(`/api/share/${project.slug}/create`, { ...week, work_item_ids: [x] }),
      good: workItem,
      bad: BAD_ID_JSON,
      status: 422,
    },
    {
      label: 'project start_day',
      send: (x) =>
        put(`/api/project/update/${project.id}`, {
          name: 'Gedung Batas',
          description: 'Batas tanggal',
          start_day: x,
        }),
      good: '2026-11-02',
      bad: BAD_DAYS,
      status: 422,
    },
    {
      label: 'project members user_ids',
      send: (x) => put(`/api/project/${project.id}/members`, { user_ids: [x] }),
      good: employee.id,
      bad: BAD_ID_JSON,
      status: 422,
    },
    {
      label: 'work item order ids',
      send: (x) => put(`/api/project/${project.id}/work-items/order`, { ids: [x] }),
      good: workItem,
      bad: BAD_ID_JSON,
      status: 422,
    },
    {
      label: 'doc upload work_item_id',
      send: (x) => {
        const form = new FormData()
        form.append('description', 'Pekerjaan batas')
        form.append('work_item_id', String(x))
        form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'batas.png')
        return t.request('POST', `/api/doc/${project.slug}/upload`, { token: admin.token, body: form })
      },
      good: String(workItem),
      bad: BAD_ID_TEXT,
      status: 422,
    },
  ]
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.user('admin')
  employee = await t.user('pengawasan')
  png = await samplePng()
  const made = await t.request('POST', '/api/project/create', {
    token: admin.token,
    json: { name: 'Gedung Batas', description: 'Batas tanggal' },
  })
  project = { id: made.json.data.id, slug: made.json.data.slug }
  const item = await t.request('POST', `/api/project/${project.id}/work-items`, {
    token: admin.token,
    json: { name: 'Persiapan', code: 'I' },
  })
  workItem = item.json.data.id
  const today = new Date(Date.now() + 7 * 3_600_000)
  week = {
    from: new Date(today.getTime() - 6 * 86_400_000).toISOString().slice(0, 10),
    to: today.toISOString().slice(0, 10),
  }
  // One approved photo in that week (reports and period links need one), and a ready report of it.
  const form = new FormData()
  form.append('description', 'Foto batas')
  form.append('work_item_id', String(workItem))
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'batas.png')
  const doc = await t.request('POST', `/api/doc/${project.slug}/upload`, { token: admin.token, body: form })
  expect(doc.status, doc.text).toBe(201)
  const uuid = doc.json.data.docs[0].uuid
  const approved = await t.request('PATCH', `/api/doc/${project.slug}/status/${uuid}/approved`, {
    token: admin.token,
  })
  expect(approved.status).toBe(200)
  const made2 = await t.request('POST', `/api/report/${project.slug}/create`, {
    token: admin.token,
    json: week,
  })
  expect(made2.status).toBe(202)
  report = made2.json.data.id
  await t.runJobs()
})
afterAll(() => t?.close())

describe(`days and ids out of range (${TEST_DB})`, () => {
  it('every day and id parsed from a query, a body or a form field: 4xx in Indonesian, never a 500', async () => {
    const errors = vi.spyOn(t.deps.logger, 'error')
    const wrong: string[] = []
    for (const probe of probes()) {
      const good = await probe.send(probe.good)
      if (good.status >= 300)
        wrong.push(`${probe.label} = ${String(probe.good)}: ${good.status} (the good value)`)
      for (const value of probe.bad) {
        const res = await probe.send(value)
        const message = res.json?.message ?? ''
        if (res.status !== probe.status || !/^[A-Z]/.test(message) || /invalid|expected|error/i.test(message))
          wrong.push(`${probe.label} = ${JSON.stringify(value)}: ${res.status} ${message}`)
      }
    }
    expect(wrong).toEqual([])
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  }, 120_000)

  it('a day out of range says which days are meant', async () => {
    const res = await get(`/api/doc/${project.slug}/list?to=9999-12-31`)
    expect(res.status).toBe(422)
    expect(res.json.errors.to).toBe(DAY_MSG)
    const share = await t.request('POST', `/api/share/${project.slug}/create`, {
      token: admin.token,
      json: { from: '2026-11-02', to: '9999-12-31' },
    })
    expect(share.status).toBe(422)
    expect(share.json.message).toBe(DAY_MSG)
  })

  it('ids that cannot exist in paths are 404, on work items, share links and reports', async () => {
    for (const id of ['2147483648', '9999999999', '01']) {
      const paths: [string, string, unknown?][] = [
        ['PUT', `/api/project/${project.id}/work-items/${id}`, { name: 'Baru', code: 'II' }],
        ['DELETE', `/api/project/${project.id}/work-items/${id}`],
        ['DELETE', `/api/share/${project.slug}/revoke/${id}`],
        ['POST', `/api/share/${project.slug}/whatsapp/${id}`, { phone: '081234567890' }],
        ['GET', `/api/report/${project.slug}/download/${id}`],
        ['DELETE', `/api/report/${project.slug}/remove/${id}`],
        ['GET', `/api/project/detail/${id}`],
      ]
      for (const [method, url, json] of paths) {
        const res = await t.request(method, url, { token: admin.token, json })
        expect([url, res.status]).toEqual([url, 404])
      }
    }
  })
})
