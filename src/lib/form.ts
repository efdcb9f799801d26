import { type ChangeEvent, useCallback, useState } from 'react'
import * as v from 'valibot'
import { fieldErrors } from '../contracts/common'
import { ApiError } from './api'

export type FieldErrors = Record<string, string>

/** Validates form values with a shared contract schema; errors come back keyed by field. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, values)
  if (result.success) return { ok: true, output: result.output }
  return { ok: false, errors: fieldErrors(result.issues) }
}

/** Field errors the server sent with a 422, if any. */
export function serverFieldErrors(err: unknown): FieldErrors | undefined {
  return err instanceof ApiError && err.errors && Object.keys(err.errors).length > 0 ? err.errors : undefined
}

/** Returns a copy of the errors without one field (errors clear as the user edits). */
export function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors
  const next = { ...errors }
  delete next[field]
  return next
}

type FieldChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>

/**
 * The values and field errors of a form checked with a contract schema. Editing a field clears its
 * error; `check` shows every error of the schema at once; `showServerErrors` shows those of a 422.
 */
export function useValidatedForm<V extends Record<string, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})

  const reset = useCallback((next: V) => {
    setValues(next)
    setErrors({})
  }, [])

  /**
   * Props for a TextField, TextAreaField or SelectField bound to one value. `errorKey` is the
   * schema's name for the field where the form names it otherwise.
   */
  function field(name: keyof V & string, errorKey: string = name) {
    return {
      name,
      value: values[name],
      error: errors[errorKey],
      onChange: (e: FieldChange) => {
        const value = e.target.value
        setValues((current) => ({ ...current, [name]: value }))
        setErrors((current) => withoutError(current, errorKey))
      },
    }
  }

  /** The schema's output for the input (the values unless given), or undefined after showing its errors. */
  function check<S extends v.GenericSchema>(
    schema: S,
    input: unknown = values,
  ): v.InferOutput<S> | undefined {
    const result = validate(schema, input)
    if (result.ok) return result.output
    setErrors(result.errors)
    return undefined
  }

  function showServerErrors(err: unknown) {
    const fields = serverFieldErrors(err)
    if (fields) setErrors(fields)
  }

  return { values, field, reset, check, showServerErrors }
}
