import { useEffect, useMemo, useRef } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { formatBytes } from '../lib/format'
import { useOutbox } from '../lib/outbox-client'
import type { OutboxItem } from '../lib/outbox-types'
import { useOnline } from '../lib/use-online'
import { ProgressBar } from './progress'

/*
 * The files an upload dialog handed to the outbox (area and recap files, issue 32), with what happens to
 * each: sent part by part with the bytes the server confirmed, waiting for signal, refused with the
 * server's reason, or sent. Closing is safe: the outbox goes on, also with the app closed.
 */

export const QUEUED_NOTE = 'Tersimpan di antrean, dikirim saat ada sinyal'
export const SAFE_TO_CLOSE =
  'Aman menutup layar ini atau aplikasi: unggahan dilanjutkan dari bagian terakhir yang diterima server.'

function percent(item: OutboxItem): number | null {
  if (!item.progress || item.progress.total === 0) return null
  return Math.floor((item.progress.sent / item.progress.total) * 100)
}

function stateOf(item: OutboxItem, online: boolean): { text: string; tone: 'muted' | 'danger' | 'success' } {
  const p = percent(item)
  const bytes = item.progress
    ? `${formatBytes(item.progress.sent)} dari ${formatBytes(item.progress.total)}`
    : ''
  if (item.status === 'done') return { text: 'Terkirim', tone: 'success' }
  if (item.status === 'failed')
    return { text: `Ditolak server: ${item.lastError?.message ?? ''}`, tone: 'danger' }
  if (item.status === 'sending')
    return { text: p === null ? 'Mengirim...' : `Mengirim ${p}% · ${bytes}`, tone: 'muted' }
  if (!online || item.lastError?.status === 0)
    return { text: p ? `${QUEUED_NOTE} · ${p}% sudah diterima` : QUEUED_NOTE, tone: 'muted' }
  return { text: p ? `Menunggu giliran · ${p}% sudah diterima` : 'Menunggu giliran', tone: 'muted' }
}

/** The outbox items with these keys, landed ones included (the keys change as files are queued). */
function useItems(keys: readonly string[]): OutboxItem[] {
  const { items } = useOutbox()
  return useMemo(() => items.filter((i) => keys.includes(i.key)), [items, keys])
}

/** Live list of the queued items with these keys. */
export function QueuedFiles({ keys }: { keys: readonly string[] }) {
  const items = useItems(keys)
  const online = useOnline()
  if (items.length === 0) return null
  return (
    <div className={stack({ gap: '3' })} data-testid="queued-files">
      <ul className={stack({ gap: '2' })}>
        {items.map((item) => {
          const state = stateOf(item, online)
          const p = percent(item)
          return (
            <li
              key={item.key}
              className={css({
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'md',
                px: '3',
                py: '2',
              })}
            >
              <div
                className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg', wordBreak: 'break-word' })}
              >
                {item.title}
              </div>
              <div
                aria-live="polite"
                className={css({
                  fontSize: 'xs',
                  mt: '0.5',
                  color:
                    state.tone === 'danger'
                      ? 'danger.fg'
                      : state.tone === 'success'
                        ? 'success.fg'
                        : 'fgMuted',
                })}
              >
                {state.text}
              </div>
              {p !== null && item.status !== 'done' && (p > 0 || item.status === 'sending') ? (
                <ProgressBar value={p} label={`Progres ${item.title}`} className={css({ mt: '2' })} />
              ) : null}
            </li>
          )
        })}
      </ul>
      <p className={css({ fontSize: 'xs', color: 'fgMuted' })}>{SAFE_TO_CLOSE}</p>
    </div>
  )
}

/** Calls `onLanded` once when every item of `keys` (at least one) has reached the server. */
export function useAllLanded(keys: readonly string[], onLanded: () => void) {
  const items = useItems(keys)
  const fired = useRef<string>('')
  const done = keys.length > 0 && items.length === keys.length && items.every((i) => i.status === 'done')
  const id = keys.join(',')
  useEffect(() => {
    if (!done || fired.current === id) return
    fired.current = id
    onLanded()
  })
}
