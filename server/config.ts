import os from 'node:os'
import path from 'node:path'

/** Login attempts allowed per window (server/modules/auth/login-throttle.ts). */
export type LoginLimits = {
  /** Attempts per (account, address) pair: the brake on guessing, which never locks out the owner elsewhere. */
  perPair: number
  /** Attempts per account from all addresses together: a higher ceiling against a spread-out attack. */
  perAccount: number
  /** Attempts per address over all accounts: one address trying many accounts. */
  perAddress: number
  windowMs: number
}

/** Per-user limits on signed-in calls (server/limits/request-limits.ts). */
export type RequestLimits = {
  /** Write requests (anything but GET/HEAD) per user per minute; 0 turns the limit off. */
  writesPerMinute: number
  /** Bytes a user may upload per UTC day; 0 turns the quota off. */
  uploadBytesPerDay: number
}

/** Budgets of the public pages and their calls (server/limits/public-budget.ts); 0 turns one off. */
export type PublicLimits = {
  /** Public requests (pages, their data, photos, PDFs, verification) per client address per minute. */
  perAddressPerMinute: number
  /** Public requests per share link or verification code per minute, from all addresses together. */
  perLinkPerMinute: number
  /** Wrong PINs per link per hour from all addresses together (each address has its own 5 per 15 minutes). */
  pinPerLinkPerHour: number
}

/** How the WhatsApp bot paces what it sends (server/modules/whatsapp/pacing.ts); 0 turns one off. */
export type WhatsAppPacing = {
  /** Least time between two messages to one recipient (WHATSAPP_MIN_GAP_MS). */
  recipientGapMs: number
  /** Least time between any two messages the bot sends (WHATSAPP_GLOBAL_GAP_MS). */
  globalGapMs: number
  /** Up to this much more, at random, after each gap (WHATSAPP_JITTER_MS): no machine-regular rhythm. */
  jitterMs: number
  /** A notification older than this is not sent but marked expired (WHATSAPP_MAX_AGE_MIN); 0: never. */
  maxAgeMs: number
  /** A notification waits this long for more of its kind to the same person (WHATSAPP_MERGE_WINDOW_MS). */
  mergeWindowMs: number
}

export type Config = {
  port: number
  host: string
  dataDir: string
  /** postgres://... selects PostgreSQL; anything else (or nothing) the embedded SQLite file. */
  databaseUrl: string | undefined
  superadminEmail: string | undefined
  superadminPassword: string | undefined
  whatsappDriver: 'baileys' | 'simulated' | 'off'
  /** How long the WhatsApp lease lasts unrenewed (a stopped holder's bot moves to another process within it). */
  whatsappLeaseMs: number
  whatsappPacing: WhatsAppPacing
  maxUploadBytes: number
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /** Built web app to serve; absent in API-only tests. */
  webDir: string | undefined
  /** Session lifetime. */
  tokenTtlMs: number
  /** PostgreSQL schema to use (default: the connection's search_path); several firms can share one database. */
  databaseSchema: string | undefined
  loginLimit: LoginLimits
  /** Per-user write rate and daily upload quota, shared by every process (server/limits). */
  limits: RequestLimits
  /** What anonymous visitors of share links and /v/ may ask per minute, shared by every process. */
  publicLimits: PublicLimits
  /** Reuse heavy read answers until the next write (server/read-cache.ts); the benchmark turns it off to compare. */
  readCache: boolean
  /** Behind a reverse proxy: take the client address from the proxy's X-Forwarded-For entry. */
  trustProxy: boolean
  /** s3://bucket/prefix?endpoint=...&region=... puts blobs in an object store; unset: DATA_DIR/storage. */
  storageUrl: string | undefined
  /** The app's address as users open it (https://berkas.firma.co.id): WhatsApp messages carry links into it. */
  publicUrl: string | undefined
  /** Server processes `npm start` runs on one port (server/cluster.ts); default: every core. */
  workers: number
  /** A request whose headers have not all arrived by then is cut (slow-header sockets). */
  headersTimeoutMs: number
  /** After SIGTERM, how long /api/health answers 503 before the listening socket closes (server/shutdown.ts). */
  shutdownDrainMs: number
  /** After SIGTERM, how long requests still running (uploads) may take before they are cut. */
  shutdownGraceMs: number
  /** The firm's IANA time zone: dates in the project zip (its entries' times, its name, its notes). */
  firmTimeZone: string
  /** The firm's name as clients read it: the cover of every report (Laporan Dokumentasi) and its shared pages. */
  firmName: string
  /** Project exports one process streams at once; more wait their turn. */
  exportConcurrency: number
  /** Project exports waiting for a slot in one process; beyond it (or after a minute's wait) 429. */
  exportQueue: number
  /** Background jobs (thumbnails) one process runs at once (server/jobs). */
  jobConcurrency: number
  /** How often an idle process looks for jobs queued by another process (its own wake it at once). */
  jobPollMs: number
  /** The first retry of a failed job waits this long; each next one three times longer. */
  jobRetryMs: number
  /** A running job whose process stops renewing its lease for this long is taken by another process. */
  jobLeaseMs: number
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
    whatsappLeaseMs: positiveInt(env.WHATSAPP_LEASE_MS, 10_000),
    whatsappPacing: {
      recipientGapMs: nonNegativeInt(env.WHATSAPP_MIN_GAP_MS, 8000),
      globalGapMs: nonNegativeInt(env.WHATSAPP_GLOBAL_GAP_MS, 3000),
      jitterMs: nonNegativeInt(env.WHATSAPP_JITTER_MS, 2000),
      maxAgeMs: nonNegativeInt(env.WHATSAPP_MAX_AGE_MIN, 30) * 60_000,
      mergeWindowMs: nonNegativeInt(env.WHATSAPP_MERGE_WINDOW_MS, 60_000),
    },
    maxUploadBytes: positiveInt(env.MAX_UPLOAD_MB, 200) * 1024 * 1024,
    logLevel: level,
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? './dist'),
    tokenTtlMs: 30 * 24 * 60 * 60 * 1000,
    databaseSchema: schemaName(env.DATABASE_SCHEMA),
    loginLimit: {
      perPair: positiveInt(env.LOGIN_LIMIT_PER_PAIR, 10),
      perAccount: positiveInt(env.LOGIN_LIMIT_PER_ACCOUNT, 100),
      perAddress: positiveInt(env.LOGIN_LIMIT_PER_ADDRESS, 50),
      windowMs: 15 * 60 * 1000,
    },
    limits: {
      writesPerMinute: nonNegativeInt(env.RATE_LIMIT_WRITES_PER_MINUTE, 600),
      uploadBytesPerDay: nonNegativeInt(env.UPLOAD_QUOTA_MB_PER_DAY, 20_480) * 1024 * 1024,
    },
    publicLimits: {
      perAddressPerMinute: nonNegativeInt(env.PUBLIC_LIMIT_PER_ADDRESS_PER_MINUTE, 600),
      perLinkPerMinute: nonNegativeInt(env.PUBLIC_LIMIT_PER_LINK_PER_MINUTE, 1200),
      pinPerLinkPerHour: nonNegativeInt(env.SHARE_PIN_LIMIT_PER_LINK_PER_HOUR, 30),
    },
    readCache: true,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    storageUrl: env.STORAGE_URL || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    workers: positiveInt(env.WORKERS, os.availableParallelism()),
    headersTimeoutMs: positiveInt(env.HEADERS_TIMEOUT_MS, 20_000),
    shutdownDrainMs: nonNegativeInt(env.SHUTDOWN_DRAIN_MS, 5000),
    shutdownGraceMs: nonNegativeInt(env.SHUTDOWN_GRACE_MS, 120_000),
    firmTimeZone: timeZone(env.FIRM_TIME_ZONE),
    firmName: firmName(env.FIRM_NAME),
    exportConcurrency: positiveInt(env.EXPORT_CONCURRENCY, 3),
    exportQueue: nonNegativeInt(env.EXPORT_QUEUE, 20),
    jobConcurrency: positiveInt(env.JOB_CONCURRENCY, 1),
    jobPollMs: positiveInt(env.JOB_POLL_MS, 1000),
    jobRetryMs: positiveInt(env.JOB_RETRY_MS, 5000),
    jobLeaseMs: positiveInt(env.JOB_LEASE_MS, 60_000),
  }
}

/** An IANA zone name Intl knows; a wrong one stops the start with a clear message, never a UTC zip. */
function timeZone(raw: string | undefined): string {
  const zone = raw || 'Asia/Jakarta'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    throw new Error(`FIRM_TIME_ZONE "${zone}" bukan zona waktu IANA (contoh: Asia/Jakarta, Asia/Makassar)`)
  }
  return zone
}

/** One line of at most 120 characters (it is printed on report covers); 'Konsultan Pengawas' when unset. */
function firmName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/\s+/g, ' ').trim()
  if (name.length > 120) throw new Error('FIRM_NAME terlalu panjang (maks. 120 karakter)')
  return name || 'Konsultan Pengawas'
}

/** Like positiveInt, but 0 is allowed (a limit of 0 is off). */
function nonNegativeInt(raw: string | undefined, fallback: number): number {
  if (raw === '0') return 0
  return positiveInt(raw, fallback)
}

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`Nilai harus bilangan bulat positif (bukan "${raw}")`)
  return n
}

function schemaName(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(raw)) throw new Error(`DATABASE_SCHEMA tidak valid: "${raw}"`)
  return raw
}
