import { css } from 'styled-system/css'
import { promptInstall, useInstallAvailable } from '../../../lib/install-prompt'
import { Button } from '../../../ui/button'
import { IconInstall } from '../../../ui/icons'
import { Tooltip } from '../../../ui/tooltip'

/** 'Pasang Aplikasi': shown only while the browser offers installation (Chromium's beforeinstallprompt). */
export function InstallButton() {
  const available = useInstallAvailable()
  if (!available) return null
  return (
    <Tooltip content="Pasang Aplikasi">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void promptInstall()}
        aria-label="Pasang Aplikasi"
        // Phones have no room in the header for words: the icon there (like its neighbours), the label from sm up.
        className={css({ flexShrink: 0, w: { base: '9', sm: 'auto' }, h: '9', px: { base: '0', sm: '3' } })}
      >
        <IconInstall />
        <span aria-hidden className={css({ display: { base: 'none', sm: 'inline' } })}>
          Pasang Aplikasi
        </span>
      </Button>
    </Tooltip>
  )
}
