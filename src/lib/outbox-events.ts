import { OUTBOX_CHANNEL, type OutboxItem } from './outbox-types'

export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'landed'; item: OutboxItem }
  | { type: 'auth-required' }
  | { type: 'cleared' }

const listeners = new Set<(event: OutboxEvent) => void>()
let channel: BroadcastChannel | null | undefined

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL)
    if (channel) channel.onmessage = (e: MessageEvent<OutboxEvent>) => deliver(e.data)
  }
  return channel
}

function deliver(event: OutboxEvent) {
  for (const listener of listeners) {
    try {
      listener(event)
    } catch (err) {
      console.error('Outbox listener failed', err)
    }
  }
}

/** Tells this context and every other one (tabs, the service worker) that the outbox moved. */
export function emit(event: OutboxEvent) {
  deliver(event)
  getChannel()?.postMessage(event)
}

/** Listens to outbox changes made here or in any other tab or the service worker. */
export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  getChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}
