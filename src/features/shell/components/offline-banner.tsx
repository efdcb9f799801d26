import { css } from 'styled-system/css'
import { IconWifiOff } from '../../../ui/icons'

/**
 * The line under the header while there is no signal. It sits in the page's flow, not in the sticky
 * header: a header that grew when the signal dropped covered the first line of the page ('← Dashboard')
 * on a page already scrolled by a little (issue 32). The header keeps the short OfflineMark instead.
 */
export function OfflineBanner() {
  return (
    <div
      role="status"
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '2',
        px: '4',
        py: '1.5',
        fontSize: 'xs',
        fontWeight: '500',
        color: 'warning.fg',
        bg: 'warning.soft',
        borderBottomWidth: '1px',
        borderColor: 'amber.200',
        '& svg': { flexShrink: 0 },
      })}
    >
      <IconWifiOff size={14} /> Anda sedang offline. Data yang pernah dibuka tetap dapat dilihat.
    </div>
  )
}

/** What stays in view in the sticky header while there is no signal, when the banner has scrolled away. */
export function OfflineMark() {
  return (
    <span
      role="img"
      aria-label="Tanpa sinyal"
      title="Tanpa sinyal: yang pernah dibuka tetap dapat dilihat"
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        w: '8',
        h: '8',
        flexShrink: 0,
        borderRadius: 'full',
        color: 'warning.fg',
        bg: 'warning.soft',
        borderWidth: '1px',
        borderColor: 'amber.200',
        '& svg': { w: '4', h: '4' },
      })}
    >
      <IconWifiOff />
    </span>
  )
}
