import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { DiarySection } from '../../contracts/diary'
import { errorMessage } from '../../lib/api'
import { notify } from '../../ui/notify'
import { type DiarySaveContext, saveSection } from './outbox'

/**
 * Saves a day's sections one at a time, newest value first: a change made while a save is on its way waits
 * for it and goes with the base that save answered (two saves of one section never race each other into a
 * clash with themselves). `drafts` holds what is on its way, for the screen to show meanwhile.
 */
export function useDiarySaver(ctx: DiarySaveContext, landed: unknown[]) {
  const qc = useQueryClient()
  const [drafts, setDrafts] = useState<Partial<Record<DiarySection, unknown>>>({})
  const waiting = useRef(new Map<DiarySection, unknown>())
  const running = useRef(false)
  const latest = useRef({ ctx, landed })
  latest.current = { ctx, landed }

  async function run() {
    if (running.current) return
    running.current = true
    try {
      while (waiting.current.size > 0) {
        const [section, value] = waiting.current.entries().next().value as [DiarySection, unknown]
        waiting.current.delete(section)
        try {
          await saveSection(qc, latest.current.ctx, section, value, latest.current.landed)
        } catch (err) {
          notify('error', errorMessage(err, 'Gagal menyimpan laporan harian'))
        }
        if (!waiting.current.has(section))
          setDrafts((d) => {
            const { [section]: _, ...rest } = d
            return rest
          })
      }
    } finally {
      running.current = false
    }
  }

  const save = (section: DiarySection, value: unknown) => {
    setDrafts((d) => ({ ...d, [section]: value }))
    waiting.current.set(section, value)
    void run()
  }
  return { drafts, save, busy: Object.keys(drafts).length > 0 }
}
