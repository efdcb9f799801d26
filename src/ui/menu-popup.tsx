import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { menu } from 'styled-system/recipes'
import type { MenuItem } from './menu'

/**
 * The dropdown itself (Ark UI menu and its positioning). Loaded by ./menu on the first press of a
 * trigger, so a screen with a menu on every card does not start one menu machine per card.
 */
export default function MenuPopup({
  trigger,
  items,
  defaultOpen,
}: {
  trigger: ReactNode
  items: MenuItem[]
  defaultOpen?: boolean
}) {
  const s = menu()
  return (
    <ArkMenu.Root
      defaultOpen={defaultOpen}
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
