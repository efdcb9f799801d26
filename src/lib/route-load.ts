import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * A route loader's wait for its screen's data. With a copy on the device, or with signal, it waits (a
 * failure is not fatal: the page shows its own error with a retry). Offline with no copy it does not
 * wait: the fetch would pause until the network returns, and the router would hold its loading screen
 * for as long, with no header and no way back (issue 32). The fetch still starts, so the page fills in
 * when the signal returns; until then it says the data is not stored on this device.
 */
export async function loadForScreen<TData, TError, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, TError, TData, TKey>,
): Promise<void> {
  if (!navigator.onLine && queryClient.getQueryData(options.queryKey) === undefined) {
    void queryClient.prefetchQuery(options)
    return
  }
  await queryClient.ensureQueryData(options).catch(() => undefined)
}
