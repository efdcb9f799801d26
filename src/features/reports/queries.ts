import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Project } from '../../contracts/projects'
import type { Report, ReportCreate, ReportInclude } from '../../contracts/reports'
import type { Share, ShareCreate } from '../../contracts/shares'
import { PROJECT_COUNTS, recapKeys } from '../../lib/query-keys'
import { refreshQueries } from '../../lib/query-refresh'
import {
  countReport,
  createReport,
  createShare,
  listReports,
  listShares,
  removeReport,
  reportToRecap,
  revokeShare,
  sendShareWhatsApp,
  setProjectStartDay,
} from './api'

export const reportKeys = {
  all: ['reports'] as const,
  list: (slug: string) => [...reportKeys.all, slug] as const,
  shares: (slug: string) => ['shares', slug] as const,
}

/** Sets the day the project's weeks count from; the project (list, detail) is read again with it. */
export function useSetProjectStartDay() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ project, day }: { project: Project; day: string }) => setProjectStartDay(project, day),
    onSuccess: () => refreshQueries(qc, PROJECT_COUNTS),
  })
}

/** While a report is being made the server moves its progress; done or failed, nothing moves. */
export const isWorking = (r: Pick<Report, 'status'>) => r.status === 'queued' || r.status === 'running'
export const REPORT_POLL_MS = 2000

/**
 * The project's reports, always asked afresh (other admins make them too), and asked again every two
 * seconds while one of them is still being made; polling stops when none is.
 */
export const reportListQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: reportKeys.list(slug),
    queryFn: () => listReports(slug),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isWorking) ? REPORT_POLL_MS : false),
  })

export const shareListQueryOptions = (slug: string) =>
  queryOptions({ queryKey: reportKeys.shares(slug), queryFn: () => listShares(slug), staleTime: 0 })

/** The queued report goes to the top of the list at once; the list then polls its progress. */
export function useCreateReport(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ input, key }: { input: ReportCreate; key: string }) => createReport(slug, input, key),
    onSuccess: (report) => {
      qc.setQueryData<Report[]>(reportKeys.list(slug), (list) => [
        report,
        ...(list ?? []).filter((r) => r.id !== report.id),
      ])
      return refreshQueries(qc, reportKeys.list(slug))
    },
  })
}

/** 'Simpan ke Rekap': the PDF becomes a Rekap file, so the Rekap tab and the counts change. */
export function useReportToRecap(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (report: Report) => reportToRecap(slug, report.id),
    onSuccess: () => refreshQueries(qc, reportKeys.list(slug), recapKeys.list(slug), PROJECT_COUNTS),
  })
}

export function useRemoveReport(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (report: Report) => removeReport(slug, report.id),
    onSuccess: (_res, report) => {
      qc.setQueryData<Report[]>(reportKeys.list(slug), (list) => list?.filter((r) => r.id !== report.id))
      // Its links stop working with it.
      return refreshQueries(qc, reportKeys.shares(slug))
    },
  })
}

export function useCreateShare(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ input, key }: { input: ShareCreate; key: string }) => createShare(slug, input, key),
    onSuccess: () => refreshQueries(qc, reportKeys.shares(slug)),
  })
}

export function useRevokeShare(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (share: Share) => revokeShare(slug, share.id),
    onSuccess: (_res, share) => {
      qc.setQueryData<Share[]>(reportKeys.shares(slug), (list) =>
        list?.map((s) => (s.id === share.id ? { ...s, state: 'revoked' as const } : s)),
      )
      return refreshQueries(qc, reportKeys.shares(slug))
    },
  })
}

export function useSendShareWhatsApp(slug: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ share, phone, key }: { share: Pick<Share, 'id'>; phone: string; key: string }) =>
      sendShareWhatsApp(slug, share.id, phone, key),
    // The list shows the number each link was last sent to.
    onSuccess: () => refreshQueries(qc, reportKeys.shares(slug)),
  })
}

/**
 * 'N foto akan dimasukkan' and the reports already made with the same choice (issue 30). Under the
 * report list's key, so a report created refreshes it; kept a while so flipping choices back is instant.
 */
export const reportCountQueryOptions = (
  slug: string,
  q: { from: string; to: string; include: ReportInclude; workItemIds: number[] | null },
) =>
  queryOptions({
    queryKey: [...reportKeys.list(slug), 'count', q.from, q.to, q.include, q.workItemIds?.join(',') ?? 'all'],
    queryFn: () => countReport(slug, q),
    staleTime: 30 * 1000,
  })
