import { useOnline } from '../lib/use-online'
import { IconWifiOff } from './icons'
import { Notice } from './notice'

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
    <Notice
      data-testid="offline-note"
      tone="warning"
      size="sm"
      icon={<IconWifiOff aria-hidden="true" />}
      className={className}
    >
      {children}
    </Notice>
  )
}
