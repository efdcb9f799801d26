import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import type { ReactNode } from 'react'
import { tooltip } from 'styled-system/recipes'

/**
 * The Ark tooltip behind `Tooltip` (./tooltip.tsx), in its own chunk. SPEC section 9: 700 ms open
 * delay, 300 ms skip/close delay. `children` must be one focusable element.
 */
export function TooltipPopup({ content, children }: { content: ReactNode; children: ReactNode }) {
  const s = tooltip()
  return (
    <ArkTooltip.Root openDelay={700} closeDelay={300} positioning={{ placement: 'bottom', gutter: 6 }}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner className={s.positioner}>
          <ArkTooltip.Content className={s.content}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
