import { useEffect, useState } from 'react'
import type { ApiEnvelope } from '../../contracts/common'
import { type DocWrite, docWriteRequest } from '../../contracts/doc-writes'
import type { Doc } from '../../contracts/documentation'
import { sendOrQueue, useOutboxItems } from '../../lib/outbox-client'
import { OUTBOX_KINDS } from '../../lib/outbox-kinds'
import type { OutboxItem } from '../../lib/outbox-types'

/*
 * The documentation writes and the outbox (issue 9): a photo upload, comment or like made without signal,
 * or whose call fails for the network, is queued as the same DocWrite under the same Idempotency-Key and
 * sent later by whoever replays first (this tab, another, or the service worker). Queued items are shown
 * at once in the grid and the comment dialog, marked as waiting.
 */

export const QUEUED_MESSAGE = 'Disimpan di Kotak Keluar. Dikirim otomatis saat ada sinyal.'

/** What the calls answer when the write was queued instead: a success with no data yet. */
export type MaybeQueued<T> = ApiEnvelope<T> & { queued?: true }

const projectNames = new Map<string, string>()
/** The Dokumentasi tab tells which project a slug is, so the outbox panel can name it. */
export function rememberProjectName(slug: string, name: string) {
  projectNames.set(slug, name)
}

const excerpt = (text: string, n = 90) => (text.length > n ? `${text.slice(0, n)}…` : text)

function describe(write: DocWrite, doc?: Doc): { title: string; detail?: string } {
  switch (write.kind) {
    case 'doc.upload':
      return { title: `Foto dokumentasi (${write.photos.length} foto)`, detail: excerpt(write.description) }
    case 'doc.revise':
      return {
        title: `Revisi dokumentasi (${write.photos.length} foto)`,
        detail: excerpt(write.description || (doc ? doc.description : '')) || undefined,
      }
    case 'doc.comment':
      return { title: 'Komentar', detail: write.comment }
    case 'doc.like':
      return {
        title: write.liked ? 'Suka' : 'Batal suka',
        detail: doc ? `Pada: ${excerpt(doc.description, 60)}` : undefined,
      }
  }
}

/**
 * Sends a documentation write now, or queues it (offline, network failure, server in trouble). A refusal
 * (4xx) is thrown as before. Resolves with the server's answer, or `{ queued: true }` with QUEUED_MESSAGE.
 */
export async function sendOrQueueDocWrite<T>(
  write: DocWrite,
  context: { owner: { id: number; name: string }; doc?: Doc; workItemName?: string },
  send: () => Promise<ApiEnvelope<T>>,
): Promise<MaybeQueued<T>> {
  const { title, detail } = describe(write, context.doc)
  const projectName = projectNames.get(write.slug)
  const site = write.kind === 'doc.upload' || write.kind === 'doc.revise' ? write.site : undefined
  const scope = {
    slug: write.slug,
    ...(write.kind === 'doc.upload' ? {} : { doc: write.doc }),
    ...(write.kind === 'doc.like' ? { liked: String(write.liked) } : {}),
    ...(projectName ? { projectName } : {}),
    // Shown on the waiting card (upload version 2).
    ...(context.workItemName ? { workItem: context.workItemName } : {}),
    ...(site?.location ? { location: site.location } : {}),
    ...(site?.progress != null ? { progress: String(site.progress) } : {}),
  }
  // What it refreshes once landed, whether it coalesces and where its created id lies: the registry's.
  const kind = OUTBOX_KINDS[write.kind]
  const result = await sendOrQueue(
    {
      key: write.key,
      kind: write.kind,
      version: kind.version,
      title,
      detail,
      owner: context.owner,
      scope,
      request: docWriteRequest(write),
      refPath: kind.refPath,
      coalesce: kind.coalesce?.(scope),
    },
    send,
  )
  if (!result.queued) return result.data
  return { success: true, message: QUEUED_MESSAGE, queued: true }
}

/** How long a landed upload may stand in for the list's copy of it at most. */
const LANDED_SHOWN_MS = 30_000

/**
 * Uploads of this project not yet in the grid: waiting, sending, refused, or landed a moment ago. A landed
 * upload stays until the list has been fetched again after it landed (its card never blinks out and back
 * in between), and LANDED_SHOWN_MS at most: once that list is in, it is on a page of it (perhaps not one
 * loaded yet: fifty photos sent at once fill several), and a blank stand-in (its photos left the phone
 * when it landed) would only sit on top of the grid.
 */
export function useQueuedUploads(slug: string, shown: Doc[], listUpdatedAt: number): OutboxItem[] {
  const items = useOutboxItems((i) => i.kind === 'doc.upload' && i.scope.slug === slug, true)
  const [now, setNow] = useState(Date.now)
  const known = new Set(shown.map((d) => d.uuid))
  const landed = items.filter(
    (i) =>
      i.status === 'done' &&
      i.ref !== undefined &&
      !known.has(i.ref) &&
      (i.doneAt ?? 0) >= listUpdatedAt &&
      now - (i.doneAt ?? 0) < LANDED_SHOWN_MS,
  )
  // Re-check when the oldest stand-in runs out, even if nothing else changes on the screen.
  const expiry = Math.min(...landed.map((i) => (i.doneAt ?? 0) + LANDED_SHOWN_MS))
  useEffect(() => {
    if (!Number.isFinite(expiry)) return
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, expiry - Date.now()) + 50)
    return () => clearTimeout(timer)
  }, [expiry])
  return items.filter((i) => i.status !== 'done' || landed.includes(i))
}

/** Revisions of this project waiting in the outbox, by item (the card says a revision is on its way). */
export function useQueuedRevisions(slug: string): Map<string, OutboxItem> {
  const items = useOutboxItems((i) => i.kind === 'doc.revise' && i.scope.slug === slug)
  const byDoc = new Map<string, OutboxItem>()
  for (const i of items) if (i.scope.doc) byDoc.set(i.scope.doc, i)
  return byDoc
}

/** Comments on one item that have not reached the server yet. */
export function useQueuedComments(slug: string, doc: string): OutboxItem[] {
  return useOutboxItems((i) => i.kind === 'doc.comment' && i.scope.slug === slug && i.scope.doc === doc)
}

export type QueuedDocState = { liked?: boolean; comments: number }

/** Per item of a project: the last queued like (its value) and how many comments wait. */
export function useQueuedDocStates(slug: string): Map<string, QueuedDocState> {
  const items = useOutboxItems(
    (i) =>
      (i.kind === 'doc.like' || i.kind === 'doc.comment') && i.scope.slug === slug && i.status !== 'failed',
  )
  const states = new Map<string, QueuedDocState>()
  for (const i of items) {
    const doc = i.scope.doc
    if (!doc) continue
    const state = states.get(doc) ?? { comments: 0 }
    if (i.kind === 'doc.like') state.liked = i.scope.liked === 'true'
    else state.comments++
    states.set(doc, state)
  }
  return states
}

/** The item as the user will see it once the queue has landed: their like, their comments counted. */
export function withQueued(doc: Doc, state: QueuedDocState | undefined): Doc {
  if (!state) return doc
  let { likes, is_liked } = doc
  if (state.liked !== undefined && state.liked !== is_liked) {
    likes = Math.max(0, likes + (state.liked ? 1 : -1))
    is_liked = state.liked
  }
  if (likes === doc.likes && is_liked === doc.is_liked && state.comments === 0) return doc
  return { ...doc, likes, is_liked, comments: doc.comments + state.comments }
}
