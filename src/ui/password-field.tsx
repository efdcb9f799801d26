import { useState } from 'react'
import { Button } from './button'
import { TextField, type TextFieldProps } from './field'
import { IconEye, IconEyeOff, IconLock } from './icons'

/** A password input with the lock icon and a show/hide toggle (the login and the new-password forms). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endSlot' | 'startIcon'>) {
  const [shown, setShown] = useState(false)
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      startIcon={<IconLock />}
      endSlot={
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={shown ? 'Sembunyikan sandi' : 'Tampilkan sandi'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <IconEyeOff /> : <IconEye />}
        </Button>
      }
    />
  )
}
