import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Each photo's own place and day (issue 30, docs/decisions/0068).
 *
 * - doc_images.location_source: where lat/lng come from ('exif', 'camera', 'upload', null). Photos
 *   stored before with a place got the phone's position at upload time: marked 'upload', so they are
 *   shown for what they are, not silently trusted.
 * - doc_images (sha256): the index that finds an earlier upload of the same bytes in the project.
 * - docs.taken_at: the instant the item counts as taken at (the earliest capture time of its current
 *   photos, else its upload time), indexed with the project for the list's date filter. Backfilled
 *   here; a capture time without a zone is the firm's wall clock (FIRM_TIME_ZONE, as the server reads
 *   it; Asia/Jakarta by default). A frozen copy of server/firm-day.ts's rule.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('doc_images').addColumn('location_source', 'text').execute()
    await sql`UPDATE doc_images SET location_source = 'upload' WHERE lat IS NOT NULL`.execute(db)
    await db.schema.createIndex('doc_images_sha256').on('doc_images').column('sha256').execute()

    await db.schema.alterTable('docs').addColumn('taken_at', 'text').execute()
    const zone = firmZone(process.env.FIRM_TIME_ZONE)
    let after = 0
    for (;;) {
      const { rows } = await sql<{ id: number; created_at: string }>`
        SELECT id, created_at FROM docs WHERE id > ${after} ORDER BY id LIMIT 500`.execute(db)
      if (rows.length === 0) break
      after = Number(rows[rows.length - 1].id)
      const ids = rows.map((r) => Number(r.id))
      const { rows: photos } = await sql<{ doc_id: number; taken_at: string | null }>`
        SELECT doc_images.doc_id, doc_images.taken_at FROM doc_images
        JOIN docs ON docs.id = doc_images.doc_id AND docs.version = doc_images.version
        WHERE doc_images.doc_id IN (${sql.join(ids)})`.execute(db)
      const byDoc = new Map<number, (string | null)[]>()
      for (const p of photos)
        byDoc.set(Number(p.doc_id), [...(byDoc.get(Number(p.doc_id)) ?? []), p.taken_at])
      for (const r of rows) {
        let earliest: string | undefined
        for (const t of byDoc.get(Number(r.id)) ?? []) {
          const at = moment(t ?? r.created_at, zone)
          if (at && (earliest === undefined || at < earliest)) earliest = at
        }
        const takenAt = earliest ?? moment(r.created_at, zone) ?? r.created_at
        await sql`UPDATE docs SET taken_at = ${takenAt} WHERE id = ${r.id}`.execute(db)
      }
    }
    await db.schema.createIndex('docs_taken').on('docs').columns(['project_id', 'taken_at']).execute()
  }
}

function firmZone(raw: string | undefined): string {
  try {
    if (raw) new Intl.DateTimeFormat('en-US', { timeZone: raw })
    return raw || 'Asia/Jakarta'
  } catch {
    return 'Asia/Jakarta'
  }
}

/** A stored time as ISO-8601 UTC: zoned as it is, zoneless as the zone's wall clock. */
function moment(at: string, zone: string): string | undefined {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(at)) {
    const ms = Date.parse(at)
    return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(at)
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number)
  const guess = Date.UTC(y, mo - 1, d, h, mi, s)
  const once = guess - offset(guess, zone)
  return new Date(guess - offset(once, zone)).toISOString()
}

function offset(at: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  )
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second)
  return wall - Math.floor(at / 1000) * 1000
}
