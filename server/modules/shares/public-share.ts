import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { sql } from 'kysely'
import { pathTo } from '../../../src/contracts/endpoint'
import { sharePhoto, shareReport as shareReportFile } from '../../../src/contracts/public.endpoints'
import { type FirmContact, type PublicShare, SHARE_MSG } from '../../../src/contracts/shares'
import type { Deps } from '../../deps'
import { AppError, notFound } from '../../http'
import { publicAddress } from '../../limits/public-budget'
import { UsageCounters } from '../../limits/usage-counters'
import { readFirmSettings } from '../settings/firm-settings'
import {
  periodTitle,
  type SharePhotoRow,
  type ShareRow,
  sharePhotos,
  shareReport,
  shareState,
} from './share-content'
import {
  PIN_PASS_S,
  pinPass,
  pinPassMatches,
  signatureMatches,
  signUrl,
  TOKEN_PATTERN,
  urlExpiry,
} from './share-crypto'
import { checkPin } from './share-pin'

/*
 * The public side of a share link (no account): the page and its data call open the link (state, PIN,
 * throttle), count the view and hand out signed URLs; the photo and PDF calls check those URLs and read
 * the link again, so a revoked link stops everything at once. What a link shows is read once per write
 * epoch (server/read-cache.ts), not once per request: a photo request never re-runs a period's
 * selection while nothing was written (issue 31).
 */

/** What the public budget counts a share link's request under (a malformed token: the address only). */
export function shareBudgetKey(c: Context): string | undefined {
  const token = c.req.param('token') ?? ''
  return TOKEN_PATTERN.test(token) ? `share:${token}` : undefined
}

/** A visitor is counted once per window (issue 31: not a database write per page load). */
export const VIEW_WINDOW_MS = 30 * 60_000
export const gone = () => new AppError(410, SHARE_MSG.gone)

/**
 * The firm on the pages and whom a visitor asks for the PIN or a new link: the firm settings an admin
 * saved (name, phone), FIRM_NAME until then; read on every page, so every process shows the saved one.
 */
export async function firmContact(deps: Pick<Deps, 'config' | 'db'>): Promise<FirmContact> {
  const firm = await readFirmSettings(deps)
  return { name: firm.name, phone: firm.phone.trim() || null }
}

/** The link by token: 404 for none, 410 for a revoked or expired one or one whose report was removed. */
export async function liveShare(deps: Pick<Deps, 'db'>, token: string): Promise<ShareRow> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(SHARE_MSG.notFound)
  const row = await deps.db.selectFrom('shares').selectAll().where('token', '=', token).executeTakeFirst()
  if (!row) throw notFound(SHARE_MSG.notFound)
  if (shareState(row) !== 'active') throw gone()
  if (row.report_id !== null) {
    const report = await deps.db
      .selectFrom('reports')
      .select('deleted_at')
      .where('id', '=', row.report_id)
      .executeTakeFirst()
    if (!report || report.deleted_at) throw gone()
  }
  return row
}

/**
 * Link previews: WhatsApp and other chat apps fetch a link when it is sent or received to draw its
 * card. That is not the client opening it, so it is not counted as a view.
 */
export const isPreviewBot = (userAgent: string | undefined) =>
  /whatsapp|facebookexternalhit|facebot|telegrambot|slackbot|twitterbot|discordbot|linkedinbot|skypeuripreview|bot\b|crawler|spider/i.test(
    userAgent ?? '',
  )

/**
 * Who is asking: the address key (hashed; what the PIN is counted under) and, for the view count, that
 * with the browser's User-Agent (two phones behind one office router are two visitors). `counted` is
 * false for a HEAD and for a chat app drawing the link's preview.
 */
export type Visitor = { address: string; id: string; counted: boolean }

export function visitorOf(c: Context, deps: Pick<Deps, 'config'>): Visitor {
  const address = publicAddress(c, deps)
  const agent = c.req.header('user-agent') ?? ''
  return {
    address,
    id: `${address}:${agent.length > 0 ? hashText(agent) : '-'}`,
    counted: c.req.method !== 'HEAD' && !isPreviewBot(agent),
  }
}

const hashText = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12)

/**
 * Opens the link for a page or its data call: state, PIN (or the pass a right PIN left on the page's
 * browser), then the view counted once per visitor and VIEW_WINDOW_MS.
 */
export async function openShare(
  deps: Deps,
  token: string,
  visitor: Visitor,
  pin: string | undefined,
  pass?: string,
): Promise<PublicShare> {
  const share = await liveShare(deps, token)
  if (!(share.pin_hash && pinPassMatches(share.sign_key, token, pass)))
    await checkPin(deps, share, pin, visitor.address)
  if (visitor.counted) await countView(deps, share, visitor)
  return publicShare(deps, share)
}

/** The pass cookie a right PIN leaves on the link's page (share-crypto.ts; decision 0066). */
export { PIN_PASS_COOKIE } from './share-crypto'

/**
 * The PIN form's post: the link live (404, 410), a PIN given when it has one (422 'PIN harus 6 angka'
 * for an empty field), counted and compared (401, 429). A right PIN earns the pass: its cookie value and
 * lifetime (12 hours, or less when the link ends sooner); a link without a PIN needs none (null).
 */
export async function enterPin(
  deps: Deps,
  token: string,
  pin: string,
  address: string,
): Promise<{ value: string; maxAge: number } | null> {
  const share = await liveShare(deps, token)
  if (share.pin_hash && !pin) throw new AppError(422, SHARE_MSG.badPin, { pin: SHARE_MSG.badPin })
  await checkPin(deps, share, pin, address)
  if (!share.pin_hash) return null
  const now = Math.floor(Date.now() / 1000)
  const exp = Math.min(now + PIN_PASS_S, Math.floor(Date.parse(share.expires_at) / 1000))
  return { value: pinPass(share.sign_key, token, exp), maxAge: Math.max(0, exp - now) }
}

/**
 * One view per visitor and window: the first request of a visitor in a window makes its row (and bumps
 * the link's count); the next ones find it and write nothing (ON CONFLICT DO NOTHING). Fixed windows,
 * so a visitor reading across a window's edge counts twice.
 */
async function countView(deps: Deps, share: ShareRow, visitor: Visitor) {
  const now = Date.now()
  const window = Math.floor(now / VIEW_WINDOW_MS)
  const fresh = await new UsageCounters(deps.db).first(
    `share-view:${share.id}:${visitor.id}`,
    String(window),
    new Date((window + 1) * VIEW_WINDOW_MS),
  )
  if (!fresh) return
  await deps.db
    .updateTable('shares')
    .set({ view_count: sql<number>`view_count + 1`, last_viewed_at: new Date(now).toISOString() })
    .where('id', '=', share.id)
    .execute()
}

/**
 * The link's photos, read once per write epoch and shared by every request until any process writes
 * (a photo approved, trashed, a thumbnail made: all move the epoch). A period link's selection is the
 * heavy part; a report link's rows are cached the same way. Keyed by the link's id: each link its own.
 */
async function linkPhotos(deps: Deps, share: ShareRow) {
  return deps.readCache.get(`share-photos:${share.id}`, async () => {
    const rows = await sharePhotos(deps.db, share, deps.config.firmTimeZone)
    return { rows, byId: new Map(rows.map((r) => [Number(r.image_id), r])) }
  })
}

async function publicShare(deps: Deps, share: ShareRow): Promise<PublicShare> {
  const project = await deps.db
    .selectFrom('projects')
    .select(['name', 'description'])
    .where('id', '=', share.project_id)
    .executeTakeFirstOrThrow()
  const report = await shareReport(deps.db, share)
  const photos = (await linkPhotos(deps, share)).rows
  const exp = urlExpiry()
  const sign = (what: string, size: string) =>
    `exp=${exp}&sig=${signUrl(share.sign_key, { token: share.token, what, size, exp })}`
  const photoUrl = (imageId: number | string) => pathTo(sharePhoto, { token: share.token, imageId })
  const ready = report && report.status === 'ready' && report.blob_key ? report : null
  return {
    firm: (await firmContact(deps)).name,
    project: { name: project.name, description: project.description ?? '' },
    title: report?.title ?? periodTitle(share.period_from ?? '', share.period_to ?? ''),
    period_from: report?.period_from ?? share.period_from ?? '',
    period_to: report?.period_to ?? share.period_to ?? '',
    expires_at: share.expires_at,
    report: ready
      ? {
          title: ready.title,
          pages: ready.pages,
          size_bytes: ready.size_bytes === null ? null : Number(ready.size_bytes),
          download_url: `${pathTo(shareReportFile, { token: share.token })}?${sign('report', 'pdf')}`,
          code: ready.code,
        }
      : null,
    photos: photos.map((p) => ({
      id: p.image_id,
      description: p.description,
      work_item: p.work_item,
      location: p.location,
      taken_at: p.taken_at,
      uploaded_at: p.uploaded_at,
      uploader: p.uploader,
      progress: p.progress === null ? null : Number(p.progress),
      status: p.status,
      width: p.width,
      height: p.height,
      thumb_url: `${photoUrl(p.image_id)}?size=thumb&${sign(String(p.image_id), 'thumb')}`,
      full_url: `${photoUrl(p.image_id)}?size=full&${sign(String(p.image_id), 'full')}`,
    })),
  }
}

/** A signed URL's check: the link live (410), the signature right and not past its time (403). */
export async function checkSigned(
  deps: Deps,
  token: string,
  what: string,
  size: string,
  query: { exp?: string; sig?: string },
): Promise<ShareRow> {
  const share = await liveShare(deps, token)
  const exp = Number(query.exp)
  const valid =
    /^\d{1,12}$/.test(query.exp ?? '') &&
    signatureMatches(share.sign_key, { token, what, size, exp }, query.sig)
  if (!valid) throw new AppError(403, 'Alamat berkas tidak sah. Buka lagi halaman tautannya.')
  if (exp * 1000 <= Date.now())
    throw new AppError(403, 'Alamat berkas sudah kedaluwarsa. Buka lagi halaman tautannya.')
  return share
}

/** The photo behind a signed URL: one of the link's photos (404 otherwise), thumbnail or original. */
export async function sharedPhoto(
  deps: Deps,
  token: string,
  imageRef: string,
  query: { size?: string; exp?: string; sig?: string },
): Promise<{ key: string; ext: string; photo: SharePhotoRow }> {
  const size = query.size === 'full' ? 'full' : query.size === 'thumb' ? 'thumb' : null
  if (!/^\d{1,10}$/.test(imageRef) || !size) throw notFound('Foto tidak ditemukan')
  const share = await checkSigned(deps, token, imageRef, size, query)
  const photo = (await linkPhotos(deps, share)).byId.get(Number(imageRef))
  if (!photo) throw notFound('Foto tidak ditemukan')
  if (size === 'thumb' && photo.thumb_state === 'ready' && photo.thumb_key)
    return { key: photo.thumb_key, ext: photo.thumb_key.split('.').pop() ?? 'webp', photo }
  return { key: photo.blob_key, ext: photo.ext, photo }
}

/** The report PDF behind a signed URL. */
export async function sharedReport(deps: Deps, token: string, query: { exp?: string; sig?: string }) {
  const share = await checkSigned(deps, token, 'report', 'pdf', query)
  const report = await shareReport(deps.db, share)
  if (report?.status !== 'ready' || !report.blob_key) throw notFound('Laporan tidak ditemukan')
  return { key: report.blob_key, title: report.title }
}
