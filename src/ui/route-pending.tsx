import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { Spinner } from './spinner'

/**
 * A signed-in screen's loading state while its route loads: inside the app shell (header, menu and the
 * way back stay), unlike the full-screen splash that belongs to the session check alone.
 */
export function RoutePending() {
  return (
    <div
      role="status"
      className={hstack({ justify: 'center', gap: '2', py: '24', color: 'fgMuted', fontSize: 'sm' })}
    >
      <Spinner /> <span className={css({ fontWeight: '500' })}>Memuat...</span>
    </div>
  )
}
