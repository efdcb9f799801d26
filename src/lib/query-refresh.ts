import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query'

/*
 * After a write, the screens refetch what it changed. A mutation that returns (or awaits) that refetch
 * keeps its dialog, button and `mutateAsync` waiting until the refetch settles, and a refetch without
 * signal is paused by TanStack Query until the signal returns: the dialog then spins for as long as the
 * phone has no network (issue 20). So every refresh after a write goes through `refreshQueries`: it
 * starts the refetch and resolves when the fresh data is in, at once when the device is offline or
 * goes offline meanwhile, and after REFRESH_WAIT_MS at the latest (a network that answers nothing).
 * Features never call `invalidateQueries` themselves (src/lib/query-refresh.test.ts checks).
 */

/** The longest a write's caller waits for the fresh data before it goes on without it. */
export const REFRESH_WAIT_MS = 3000

export type RefreshTarget = QueryKey | { queryKey: QueryKey; refetchType?: 'active' | 'none' }

/** Marks the queries stale and refetches the ones on screen; never waits on a network that isn't there. */
export function refreshQueries(qc: QueryClient, ...targets: Array<RefreshTarget | undefined | false>) {
  const refetches = targets
    .filter((t): t is RefreshTarget => Boolean(t))
    .map((t) =>
      qc.invalidateQueries(
        Array.isArray(t) ? { queryKey: t as QueryKey } : (t as Exclude<RefreshTarget, QueryKey>),
      ),
    )
  const done = Promise.all(refetches).then(
    () => undefined,
    // A failed refetch leaves the old data on screen; the write itself succeeded.
    () => undefined,
  )
  if (!onlineManager.isOnline()) return Promise.resolve()
  let stop = () => {}
  return new Promise<void>((resolve) => {
    stop = onlineManager.subscribe((online) => online || resolve())
    setTimeout(resolve, REFRESH_WAIT_MS)
    void done.then(resolve)
  }).finally(() => stop())
}
