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
