import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import type { CSSProperties, ReactNode } from 'react'
import { tabs } from 'styled-system/recipes'

export type TabItem = {
  value: string
  label: ReactNode
  icon?: ReactNode
  content: ReactNode
  /** The tab's own colour (icon, and the indicator while selected); default: brand. */
  accent?: string
}

export function Tabs({
  value,
  onValueChange,
  items,
  lazy = true,
  fitted,
}: {
  value: string
  onValueChange: (value: string) => void
  items: TabItem[]
  /** Mount a panel only when first shown (and keep the others unmounted). */
  lazy?: boolean
  /** Equal-width tabs with stacked icon and label on small screens (no horizontal scrolling). */
  fitted?: boolean
}) {
  const s = tabs({ fitted })
  const accent = items.find((t) => t.value === value)?.accent
  return (
    <ArkTabs.Root
      className={s.root}
      style={accent ? ({ '--tabs-accent': accent } as CSSProperties) : undefined}
      value={value}
      onValueChange={(d) => onValueChange(d.value)}
      lazyMount={lazy}
      unmountOnExit={lazy}
    >
      <ArkTabs.List className={s.list}>
        {items.map((t) => (
          <ArkTabs.Trigger
            key={t.value}
            value={t.value}
            className={s.trigger}
            style={t.accent ? ({ '--tab-accent': t.accent } as CSSProperties) : undefined}
          >
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
