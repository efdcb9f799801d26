import { css, cx } from 'styled-system/css'
import { useOnline } from '../lib/use-online'
import { IconWifiOff } from './icons'

/**
 * The line a list shown from the device's copy carries while there is no signal: what is shown is the
 * last saved copy, not a failure (a refetch that cannot run is never shown as a red error).
 */
export function OfflineNote({
  children = 'Tanpa sinyal · menampilkan salinan yang tersimpan di perangkat ini',
  className,
}: {
  children?: string
  className?: string
}) {
  if (useOnline()) return null
  return (
    <p
      data-testid="offline-note"
      className={cx(
        css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          px: '3',
          py: '2',
          fontSize: 'xs',
          color: 'amber.900',
          bg: 'amber.50',
          borderWidth: '1px',
          borderColor: 'amber.200',
          borderRadius: 'md',
          '& svg': { flexShrink: 0, w: '3.5', h: '3.5' },
        }),
        className,
      )}
    >
      <IconWifiOff aria-hidden="true" />
      {children}
    </p>
  )
}
