import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ReactNode } from 'react'
import { switchRecipe } from 'styled-system/recipes'

export type SwitchProps = {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
  /** Visible label; when absent, `ariaLabel` names the switch for assistive tech. */
  label?: ReactNode
  ariaLabel?: string
}

export function Switch({ checked, onCheckedChange, disabled, label, ariaLabel }: SwitchProps) {
  const s = switchRecipe()
  return (
    <ArkSwitch.Root
      className={s.root}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(d) => onCheckedChange(d.checked)}
    >
      <ArkSwitch.Control className={s.control}>
        <ArkSwitch.Thumb className={s.thumb} />
      </ArkSwitch.Control>
      {label ? <ArkSwitch.Label className={s.label}>{label}</ArkSwitch.Label> : null}
      <ArkSwitch.HiddenInput
        role="switch"
        aria-checked={checked}
        aria-label={label ? undefined : ariaLabel}
      />
    </ArkSwitch.Root>
  )
}
