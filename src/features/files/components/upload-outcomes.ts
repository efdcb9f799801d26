export type Outcome = { ok: true } | { ok: false; message: string }

/**
 * Which of the sent files landed and which were refused. The server names each stored file (`results`)
 * and each refused one (`errors`); names are matched in order, so two files of one name are told apart
 * by position. A name the server reports differently from the browser's (browsers escape '"' in
 * multipart file names) is settled by elimination: the refusals no name claimed go to the files no
 * stored name claimed.
 */
export function matchOutcomes(
  sent: readonly string[],
  results: readonly { name: string }[],
  errors: readonly { name: string; message: string }[],
): Outcome[] {
  const stored = results.map((r) => r.name)
  const refused = [...errors]
  const take = <T>(list: T[], match: (x: T) => boolean) => {
    const i = list.findIndex(match)
    return i === -1 ? undefined : list.splice(i, 1)[0]
  }
  const known = sent.map((name): Outcome | undefined => {
    const error = take(refused, (e) => e.name === name)
    if (error) return { ok: false, message: error.message }
    return take(stored, (s) => s === name) !== undefined ? { ok: true } : undefined
  })
  return known.map((o) => {
    if (o) return o
    const error = refused.shift()
    return error ? { ok: false, message: error.message } : { ok: true }
  })
}
