import { type ComponentProps, type ReactNode, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, stack } from 'styled-system/patterns'
import { input } from 'styled-system/recipes'
import { IconChevronDown } from './icons'
import { Notice } from './notice'

type FieldShellProps = {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
  children: ReactNode
  className?: string
}

const labelClass = css({ fontSize: 'sm', fontWeight: '500', color: 'fg' })
const errorClass = css({ fontSize: 'xs', color: 'danger.fg', fontWeight: '500' })
const hintClass = css({ fontSize: 'xs', color: 'fgSubtle' })

/** Label above the control, error (or hint) right below it; the error is tied to the control by aria-describedby. */
function FieldShell({ id, label, error, hint, required, children, className }: FieldShellProps) {
  return (
    <div className={cx(stack({ gap: '1.5' }), className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? (
          <span aria-hidden="true" className={css({ color: 'danger', ml: '0.5' })}>
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={errorClass} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string
  error?: string
  hint?: ReactNode
  /** An element placed at the right edge inside the input (e.g. a show-password toggle). */
  endSlot?: ReactNode
  startIcon?: ReactNode
  fieldClassName?: string
}

export function TextField({
  label,
  error,
  hint,
  endSlot,
  startIcon,
  fieldClassName,
  className,
  required,
  ...props
}: TextFieldProps) {
  const id = useId()
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={fieldClassName}
    >
      <div className={css({ position: 'relative' })}>
        {startIcon ? (
          <span
            className={flex({
              position: 'absolute',
              left: '3',
              top: '50%',
              transform: 'translateY(-50%)',
              color: 'fgSubtle',

              pointerEvents: 'none',
            })}
          >
            {startIcon}
          </span>
        ) : null}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx(
            input(),
            startIcon ? css({ pl: '9' }) : undefined,
            endSlot ? css({ pr: '10' }) : undefined,
            className,
          )}
          {...props}
        />
        {endSlot ? (
          <span
            className={flex({
              position: 'absolute',
              right: '1',
              top: '50%',
              transform: 'translateY(-50%)',
            })}
          >
            {endSlot}
          </span>
        ) : null}
      </div>
    </FieldShell>
  )
}

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string
  error?: string
  hint?: ReactNode
  options: readonly { value: string; label: string }[]
  placeholder?: string
}

/** A native select: the most robust control on phones and easy to drive by label. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  required,
  ...props
}: SelectFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <div className={css({ position: 'relative' })}>
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx(input({ kind: 'select' }), className)}
          {...props}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <IconChevronDown
          className={css({
            position: 'absolute',
            right: '3',
            top: '50%',
            transform: 'translateY(-50%)',
            color: 'fgSubtle',
            pointerEvents: 'none',
          })}
        />
      </div>
    </FieldShell>
  )
}

export type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string
  error?: string
  hint?: ReactNode
}

export function TextAreaField({ label, error, hint, className, required, ...props }: TextAreaFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cx(input({ kind: 'textarea' }), className)}
        {...props}
      />
    </FieldShell>
  )
}

/** A form-level error banner (e.g. a failed login). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <Notice role="alert" tone="danger">
      {message}
    </Notice>
  )
}
