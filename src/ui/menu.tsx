import {
  cloneElement,
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react'

export type MenuItem = {
  value: string
  label: string
  icon?: ReactNode
  tone?: 'danger'
  disabled?: boolean
  onSelect: () => void
}

const loadPopup = () => import('./menu-popup')
const MenuPopup = lazy(loadPopup)

type TriggerProps = {
  onClick?: (e: MouseEvent<HTMLElement>) => void
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void
  onPointerEnter?: () => void
  onFocus?: () => void
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
}

/**
 * A dropdown menu; `trigger` must be a single focusable element (rendered asChild). Until its first use
 * only the trigger is rendered: the menu (Ark UI, one state machine each) is loaded and mounted open on
 * the first press, and fetched ahead when the pointer or focus reaches the trigger.
 */
export function Menu({ trigger, items }: { trigger: ReactElement<TriggerProps>; items: MenuItem[] }) {
  const [active, setActive] = useState(false)
  if (active)
    return (
      <Suspense fallback={trigger}>
        <MenuPopup trigger={trigger} items={items} defaultOpen />
      </Suspense>
    )
  const open = () => setActive(true)
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: open,
    onKeyDown: (e) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        open()
      }
    },
    onPointerEnter: () => void loadPopup(),
    onFocus: () => void loadPopup(),
  })
}
