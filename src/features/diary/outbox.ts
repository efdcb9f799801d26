import type { QueryClient } from '@tanstack/react-query'
import { indonesianDayName } from '../../contracts/days'
import { type DiaryDay, type DiarySection, SECTION_LABELS } from '../../contracts/diary'
import * as diaryEndpoints from '../../contracts/diary.endpoints'
import { pathTo } from '../../contracts/endpoint'
import { call } from '../../lib/api'
import { sendOrQueue, useOutboxItems } from '../../lib/outbox-client'
import { OUTBOX_KINDS } from '../../lib/outbox-kinds'
import { discardOutboxItem } from '../../lib/outbox-store'
import type { OutboxItem } from '../../lib/outbox-types'
import { diaryKeys } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { newRequestId } from '../../lib/upload-request'
import { clashOf, type QueuedSave, resolveBody, saveBody } from './diary-state'

/*
 * Saving the diary (issue 34): every change of a section is a 'diary.save' write, sent at once when there
 * is signal and nothing waits before it, else stored in the Kotak Keluar under its Idempotency-Key and sent
 * by whoever replays first (this tab, another, or the service worker with the app closed). A newer save of
 * the same section replaces one still waiting (the registry's `coalesce`). The section's JSON rides in the
 * item's scope, so the day screen lays it over the server's copy at once and after a restart.
 */

export const DIARY_KIND = 'diary.save'

export type DiarySaveContext = {
  slug: string
  day: string
  projectName: string
  owner: { id: number; name: string }
}

type Body = { base_version: number; base_versions: Record<string, number>; sections: Record<string, unknown> }

/** Sends one save now, or queues it. Resolves once it is on the server or safely on the phone. */
async function sendOrQueueBody(
  qc: QueryClient,
  ctx: DiarySaveContext,
  section: DiarySection,
  body: Body,
): Promise<'sent' | 'queued'> {
  const key = newRequestId()
  const { slug, day } = ctx
  const scope = {
    slug,
    day,
    section,
    value: JSON.stringify(body.sections[section] ?? null),
    projectName: ctx.projectName,
  }
  const kind = OUTBOX_KINDS[DIARY_KIND]
  const result = await sendOrQueue(
    {
      key,
      kind: DIARY_KIND,
      version: kind.version,
      title: `Laporan harian · ${SECTION_LABELS[section]}`,
      detail: `${indonesianDayName(day)} · ${ctx.projectName}`,
      owner: ctx.owner,
      scope,
      request: {
        method: 'PUT',
        url: pathTo(diaryEndpoints.save, { slug, day }),
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      },
      coalesce: kind.coalesce?.(scope),
    },
    async () =>
      (await call(diaryEndpoints.save, { slug, day }, body as never, { headers: { 'Idempotency-Key': key } }))
        .data,
  )
  if (result.queued) return 'queued'
  qc.setQueryData(diaryKeys.day(slug, day), result.data)
  void refreshQueries(qc, { queryKey: diaryKeys.days(slug) })
  return 'sent'
}

/** One section's change, based on the day as this phone last saw it (read from the cache at send time). */
export function saveSection(
  qc: QueryClient,
  ctx: DiarySaveContext,
  section: DiarySection,
  value: unknown,
  landed: unknown[],
) {
  const server = qc.getQueryData<DiaryDay>(diaryKeys.day(ctx.slug, ctx.day))
  if (!server) throw new Error('Laporan harian belum termuat')
  return sendOrQueueBody(qc, ctx, section, saveBody(server, section, value, landed))
}

/**
 * Settles a clash kept on a refused save: 'mine' sends the writer's copy again, based on the stored version
 * (now seen); 'theirs' keeps the stored copy. Either way the refused item leaves the Kotak Keluar.
 */
export async function settleClash(
  qc: QueryClient,
  ctx: DiarySaveContext,
  item: OutboxItem,
  choice: 'mine' | 'theirs',
): Promise<void> {
  const clash = clashOf(item.result)
  await discardOutboxItem(item.key)
  if (!clash) return
  if (clash.day) qc.setQueryData(diaryKeys.day(ctx.slug, ctx.day), clash.day)
  if (choice === 'mine') {
    const body = resolveBody(clash.clashes, 'mine', clash.day)
    await sendOrQueueBody(qc, ctx, clash.clashes[0].section, body)
  } else void refreshQueries(qc, diaryKeys.day(ctx.slug, ctx.day), diaryKeys.days(ctx.slug))
}

export type DaySaves = {
  /** Saves not landed yet, laid over the server's copy. */
  queued: QueuedSave[]
  /** Answers of this phone's saves that landed (their section versions). */
  landed: unknown[]
  /** Refused saves that hold both copies of a section. */
  clashes: OutboxItem[]
  /** Saves the server keeps refusing for another reason (e.g. the day was submitted meanwhile). */
  refused: OutboxItem[]
}

function parseValue(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The Kotak Keluar's saves of one day, as the day screen needs them. */
export function useDaySaves(slug: string, day: string): DaySaves {
  const items = useOutboxItems(
    (i) => i.kind === DIARY_KIND && i.scope.slug === slug && i.scope.day === day,
    true,
  )
  const out: DaySaves = { queued: [], landed: [], clashes: [], refused: [] }
  for (const i of items) {
    if (i.status === 'done') out.landed.push(i.result)
    else if (i.status === 'failed') (clashOf(i.result) ? out.clashes : out.refused).push(i)
    else {
      out.queued.push({
        section: i.scope.section as DiarySection,
        value: parseValue(i.scope.value),
        status: i.status,
        order: i.order,
      })
      if (i.lastError && i.lastError.status >= 400) out.refused.push(i)
    }
  }
  return out
}

/** Days of this project with saves still on the phone (the list marks them). */
export function useDaysWithSaves(slug: string): Set<string> {
  const items = useOutboxItems((i) => i.kind === DIARY_KIND && i.scope.slug === slug)
  return new Set(items.map((i) => i.scope.day))
}
