import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { menu } from 'styled-system/recipes'

export type MenuItem = {
  value: string
  label: string
  icon?: ReactNode
  tone?: 'danger'
  disabled?: boolean
  onSelect: () => void
}

/** A dropdown menu; `trigger` must be a single focusable element (rendered asChild). */
export function Menu({ trigger, items }: { trigger: ReactNode; items: MenuItem[] }) {
  const s = menu()
  return (
    <ArkMenu.Root
      positioning={{ placement: 'bottom-end', gutter: 6 }}
      onSelect={(d) => items.find((i) => i.value === d.value)?.onSelect()}
    >
      <ArkMenu.Trigger asChild>{trigger}</ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner className={s.positioner}>
          <ArkMenu.Content className={s.content}>
            {items.map((item) => (
              <ArkMenu.Item
                key={item.value}
                value={item.value}
                disabled={item.disabled}
                className={s.item}
                data-tone={item.tone}
              >
                {item.icon}
                {item.label}
              </ArkMenu.Item>
            ))}
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  )
}
