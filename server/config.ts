import path from 'node:path'

export type Config = {
  port: number
  host: string
  dataDir: string
  /** postgres://... selects PostgreSQL; anything else (or nothing) the embedded SQLite file. */
  databaseUrl: string | undefined
  superadminEmail: string | undefined
  superadminPassword: string | undefined
  whatsappDriver: 'baileys' | 'simulated' | 'off'
  maxUploadBytes: number
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /** Built web app to serve; absent in API-only tests. */
  webDir: string | undefined
  /** Session lifetime. */
  tokenTtlMs: number
  loginLimit: { perAccount: number; perIp: number; windowMs: number }
  /** Reuse heavy read answers until the next write (server/read-cache.ts); the benchmark turns it off to compare. */
  readCache: boolean
  /** Behind a reverse proxy: take the client address from the proxy's X-Forwarded-For entry. */
  trustProxy: boolean
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  const driver = env.WHATSAPP_DRIVER ?? 'simulated'
  if (driver !== 'baileys' && driver !== 'simulated' && driver !== 'off') {
    throw new Error(`WHATSAPP_DRIVER harus baileys, simulated atau off (bukan "${driver}")`)
  }
  const level = (env.LOG_LEVEL ?? 'info') as Config['logLevel']
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    superadminEmail: env.SUPERADMIN_EMAIL || undefined,
    superadminPassword: env.SUPERADMIN_PASSWORD || undefined,
    whatsappDriver: driver,
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 100) * 1024 * 1024,
    logLevel: level,
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? './dist'),
    tokenTtlMs: 30 * 24 * 60 * 60 * 1000,
    loginLimit: { perAccount: 10, perIp: 50, windowMs: 15 * 60 * 1000 },
    readCache: true,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  }
}
