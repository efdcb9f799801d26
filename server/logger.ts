import type { Config } from './config'

const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type Logger = Record<'debug' | 'info' | 'warn' | 'error', (msg: string, extra?: unknown) => void>

export function createLogger(level: Config['logLevel']): Logger {
  const at = (l: keyof typeof ORDER, fn: (...a: unknown[]) => void) => (msg: string, extra?: unknown) => {
    if (ORDER[l] < ORDER[level]) return
    if (extra === undefined) fn(`[${l}] ${msg}`)
    else fn(`[${l}] ${msg}`, extra)
  }
  return {
    debug: at('debug', console.debug),
    info: at('info', console.log),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  }
}
