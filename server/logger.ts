import type { Config } from './config'

const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
type Level = Exclude<keyof typeof ORDER, 'silent'>
export type Logger = Record<Level, (msg: string, extra?: unknown) => void>
/** Where finished lines go (one call per line, newline included); tests pass their own. */
export type LogSink = (level: Level, line: string) => void

const defaultSink: LogSink = (level, line) =>
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line)

/**
 * JSON lines: one object per line with time, level, msg and the fields. JSON escapes every control
 * character, so nothing a client sends (a decoded %0a in a path, a name with a line feed) can start a
 * forged line. `extra` may be an Error (logged as `err` with its stack), an object of fields (an Error
 * among them is expanded the same way), or any other value (logged as `extra`).
 */
export function createLogger(level: Config['logLevel'], sink: LogSink = defaultSink): Logger {
  const at = (l: Level) => (msg: string, extra?: unknown) => {
    if (ORDER[l] < ORDER[level]) return
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: l, msg }
    if (extra instanceof Error) entry.err = errorFields(extra)
    else if (extra !== null && typeof extra === 'object' && !Array.isArray(extra)) {
      for (const [k, v] of Object.entries(extra)) {
        if (k === 'time' || k === 'level' || k === 'msg') entry[`field_${k}`] = v
        else entry[k] = v instanceof Error ? errorFields(v) : v
      }
    } else if (extra !== undefined) entry.extra = extra
    sink(l, `${safeStringify(entry)}\n`)
  }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

function errorFields(err: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: err.name, message: err.message, stack: err.stack }
  const code = (err as { code?: unknown }).code
  if (code !== undefined) fields.code = code
  if (err.cause !== undefined) fields.cause = err.cause instanceof Error ? errorFields(err.cause) : err.cause
  return fields
}

/** JSON.stringify that never throws (cycles, BigInt): a log call must not turn into a second failure. */
function safeStringify(entry: Record<string, unknown>): string {
  const seen = new WeakSet<object>()
  try {
    return JSON.stringify(entry, (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString()
      if (value !== null && typeof value === 'object') {
        if (seen.has(value)) return '[circular]'
        seen.add(value)
      }
      return value
    })
  } catch {
    return JSON.stringify({ time: entry.time, level: entry.level, msg: entry.msg, unserialisable: true })
  }
}
