import { periodLabel } from '../../../src/contracts/days'
import { SHARE_MSG } from '../../../src/contracts/shares'
import { type Actor, access } from '../../access'
import type { HistoryActor } from '../../base/audit'
import { normalizePhone } from '../../base/phone'
import type { Deps } from '../../deps'
import { AppError, nowIso } from '../../http'
import type { Claimed } from '../../idempotency'
import { queueWhatsAppMessage, whatsappLinked } from '../whatsapp/queue-message'
import { periodTitle, shareReport, shareState } from './share-content'
import { formatMoment } from './share-format'
import { recordShareHistory } from './share-history'
import { findShare, shareUrl } from './shares.service'

/*
 * 'Kirim via WhatsApp' (issue 24): one row in the durable send queue (whatsapp_outbox), written with the
 * Idempotency-Key's stored answer in one transaction, so a repeated request queues nothing more; the
 * queue's claim makes exactly one process send it. The report's PDF goes along as a document where the
 * driver can send one. The PIN never travels with the link: the message says it is sent separately.
 *
 * Not linked (no WhatsApp account behind the bot, or WHATSAPP_DRIVER=off): 409, said plainly, instead
 * of a row that would wait in the queue until someone links a phone, while the admin believes the
 * client has the link. A linked bot that is reconnecting gets the row: the queue sends on reconnect.
 */

type Input = { phone: string }

export async function sendShareWhatsApp(
  deps: Deps,
  user: Actor & HistoryActor,
  slug: string,
  ref: string,
  origin: string,
  read: () => Promise<Claimed<Input>>,
): Promise<{ id: number; phone: string }> {
  const project = await access.project(deps, user, slug, 'share.manage')
  const { input, tx } = await read()
  const phone = normalizePhone(input.phone)
  if (!phone) throw new AppError(422, SHARE_MSG.badPhone, { phone: SHARE_MSG.badPhone })
  const trx = tx.trx
  const share = await findShare(trx, project.id, ref)
  if (shareState(share) !== 'active') throw new AppError(410, SHARE_MSG.gone)
  if (!(await whatsappLinked(deps, trx))) throw new AppError(409, SHARE_MSG.whatsappNotLinked)

  const report = await shareReport(trx, share)
  const withPdf = report?.status === 'ready' && report.blob_key && !report.deleted_at ? report : null
  const from = report?.period_from ?? share.period_from ?? ''
  const to = report?.period_to ?? share.period_to ?? ''
  const title = report?.title ?? periodTitle(from, to)
  const lines = [
    `*${title}*`,
    `Project: ${project.name}`,
    `Periode: ${periodLabel(from, to)}`,
    '',
    withPdf ? 'Laporan dan foto dokumentasi dapat dibuka di:' : 'Foto dokumentasi dapat dibuka di:',
    shareUrl(deps, origin, share.token),
    ...(share.pin_hash ? ['Tautan ini dilindungi PIN 6 angka. PIN dikirim terpisah.'] : []),
    `Berlaku sampai ${formatMoment(share.expires_at, deps.config.firmTimeZone)}.`,
  ]
  const id = await queueWhatsAppMessage(trx, {
    userId: null,
    phone,
    text: lines.join('\n'),
    document: withPdf?.blob_key
      ? { key: withPdf.blob_key, name: pdfName(withPdf.title), mime: 'application/pdf' }
      : undefined,
  })
  const now = nowIso()
  // The list shows where the link went last, and 'Kirim ulang' offers that number again.
  await trx
    .updateTable('shares')
    .set({ sent_phone: phone, sent_at: now })
    .where('id', '=', share.id)
    .execute()
  await recordShareHistory(trx, user, project.id, 'send', share.id, title, { sent_to: phone })
  return { id, phone }
}

/** A file name a phone shows well: the title without characters file systems refuse, at most 120. */
export function pdfName(title: string): string {
  const clean = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return `${clean.slice(0, 120) || 'Laporan'}.pdf`
}
