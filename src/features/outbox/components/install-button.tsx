import { css } from 'styled-system/css'
import { promptInstall, useInstallAvailable } from '../../../lib/install-prompt'
import { Button } from '../../../ui/button'
import { IconSmartphone } from '../../../ui/icons'

/** 'Pasang Aplikasi': shown only while the browser offers installation (Chromium's beforeinstallprompt). */
export function InstallButton() {
  const available = useInstallAvailable()
  if (!available) return null
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void promptInstall()}
      aria-label="Pasang Aplikasi"
      className={css({ px: { base: '2.5', md: '3' }, flexShrink: 0 })}
    >
      <IconSmartphone />
      {/* Phones have little room in the header: the short word there, the full label from sm up. */}
      <span aria-hidden className={css({ display: { base: 'inline', sm: 'none' } })}>
        Pasang
      </span>
      <span aria-hidden className={css({ display: { base: 'none', sm: 'inline' } })}>
        Pasang Aplikasi
      </span>
    </Button>
  )
}
