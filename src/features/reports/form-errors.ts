/** A 422's field errors without the one that repeats the answer's message (shown as the form's banner). */
export function withoutMessage(errors: Record<string, string> | undefined, message: string) {
  return Object.fromEntries(Object.entries(errors ?? {}).filter(([, text]) => text !== message))
}
