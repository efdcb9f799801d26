import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { DiaryDay, DiarySignInput, DiarySubmitInput } from '../../contracts/diary'
import * as diaryEndpoints from '../../contracts/diary.endpoints'
import { call } from '../../lib/api'
import { diaryKeys } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import { addDays, DIARY_KEEP_MS, OFFLINE_DAYS } from './diary-state'

/*
 * The diary's reads and its online-only writes (submit, sign, revise). Saving a section is an outbox write
 * (outbox.ts). Every answer is kept on the phone for 14 days (`persistMaxAge`), so the last two weeks open
 * without signal.
 */

const KEEP = { gcTime: DIARY_KEEP_MS, meta: { persistMaxAge: DIARY_KEEP_MS } }

/** GET /api/diary/{slug}/day/{day}: a day never written answers an empty draft, version 0. */
export const diaryDayQueryOptions = (slug: string, day: string) =>
  queryOptions({
    queryKey: diaryKeys.day(slug, day),
    queryFn: async () => (await call(diaryEndpoints.day, { slug, day })).data,
    ...KEEP,
  })

/** The written days of the 14 days up to `today` (the list; 'Simpan offline' fetches the same). */
export const diaryRecentQueryOptions = (slug: string, today: string) =>
  queryOptions({
    queryKey: [...diaryKeys.days(slug), addDays(today, 1 - OFFLINE_DAYS), today] as const,
    queryFn: async () =>
      (
        await call(diaryEndpoints.days, { slug }, undefined, {
          query: { from: addDays(today, 1 - OFFLINE_DAYS), to: today },
        })
      ).data,
    ...KEEP,
  })

/** After a signing step: the day's new state at once, the list refreshed. */
function useDayWrite<I>(slug: string, day: string, write: (input: I) => Promise<DiaryDay | null>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if (answer) qc.setQueryData(diaryKeys.day(slug, day), answer)
      return refreshQueries(qc, diaryKeys.day(slug, day), diaryKeys.days(slug))
    },
  })
}

/** 'Ajukan tanda tangan': freezes the day and answers the contractor's link. */
export function useSubmitDay(slug: string, day: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (input: DiarySubmitInput) =>
      (await call(diaryEndpoints.submit, { slug, day }, input)).data,
    onSuccess: () => refreshQueries(qc, diaryKeys.day(slug, day), diaryKeys.days(slug)),
  })
}

/** The pengawas signs (or an admin adds 'Mengetahui'). */
export const useSignDay = (slug: string, day: string) =>
  useDayWrite(
    slug,
    day,
    async (input: DiarySignInput) => (await call(diaryEndpoints.sign, { slug, day }, input)).data,
  )

/** 'Revisi' of a signed day, with its reason: the day is a draft again. */
export const useReviseDay = (slug: string, day: string) =>
  useDayWrite(
    slug,
    day,
    async (reason: string) => (await call(diaryEndpoints.revise, { slug, day }, { reason })).data,
  )
