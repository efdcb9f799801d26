import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import type { ReactNode } from 'react'
import { tabs } from 'styled-system/recipes'

export type TabItem = { value: string; label: ReactNode; icon?: ReactNode; content: ReactNode }

export function Tabs({
  value,
  onValueChange,
  items,
  lazy = true,
}: {
  value: string
  onValueChange: (value: string) => void
  items: TabItem[]
  /** Mount a panel only when first shown (and keep the others unmounted). */
  lazy?: boolean
}) {
  const s = tabs()
  return (
    <ArkTabs.Root
      className={s.root}
      value={value}
      onValueChange={(d) => onValueChange(d.value)}
      lazyMount={lazy}
      unmountOnExit={lazy}
    >
      <ArkTabs.List className={s.list}>
        {items.map((t) => (
          <ArkTabs.Trigger key={t.value} value={t.value} className={s.trigger}>
            {t.icon}
            {t.label}
          </ArkTabs.Trigger>
        ))}
        <ArkTabs.Indicator className={s.indicator} />
      </ArkTabs.List>
      {items.map((t) => (
        <ArkTabs.Content key={t.value} value={t.value} className={s.content}>
          {t.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  )
}
