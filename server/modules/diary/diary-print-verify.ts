import type { Kysely } from 'kysely'
import { indonesianDayName } from '../../../src/contracts/days'
import { SIGNER_LABELS, type SignerRole } from '../../../src/contracts/diary'
import type { ReportVerification } from '../../../src/contracts/shares'
import { formatMoment } from '../../base/firm-clock'
import type { DB } from '../../db/schema'
import { diaryHash, fullySigned, sectionsOf, signaturesOf } from './diary-store'

/*
 * What a printed diary day's code says on /v/{code} (issue 34, decision 0091), in the report
 * verification's answer with its `diary` part: that printed version is signed and current, superseded
 * by a revision (when, why), edited since it was printed, or not yet signed. The report's verification
 * (reports/verify.service.ts) asks here for a code that is no report's: one page, one budget, one cache.
 */

export const DIARY_VERIFY_MSG = {
  signed: (names: string) =>
    `Laporan harian ini sah: ditandatangani oleh ${names}, dan merupakan versi terkini.`,
  superseded: (revision: number, at: string, reason: string) =>
    `Versi ini sudah diganti oleh revisi ${revision} pada ${at}${reason ? ` (alasan: ${reason})` : ''}.`,
  changed: 'Isi laporan harian ini sudah diubah sesudah dicetak; mintalah cetakan terbaru.',
  unsigned: 'Laporan harian ini belum ditandatangani oleh kontraktor dan pengawas.',
  notReady: 'PDF laporan harian ini belum selesai dibuat.',
} as const

type Signer = NonNullable<ReportVerification['diary']>['signatures'][number]

async function signersOf(db: Kysely<DB>, diaryId: number, revision: number): Promise<Signer[]> {
  return (await signaturesOf(db, diaryId, revision)).map((s) => ({
    label: SIGNER_LABELS[s.role as SignerRole] ?? s.role,
    name: s.name,
    position: s.position,
    signed_at: s.signed_at,
  }))
}

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} dan ${names[names.length - 1]}`

/** The verification of a diary code (already normalised), or undefined when no printed diary has it. */
export async function verifyDiaryCode(
  db: Kysely<DB>,
  code: string,
  timeZone: string,
): Promise<ReportVerification | undefined> {
  const pdf = await db
    .selectFrom('diary_pdfs')
    .innerJoin('diary_days', 'diary_days.id', 'diary_pdfs.diary_id')
    .innerJoin('projects', 'projects.id', 'diary_days.project_id')
    .select([
      'diary_pdfs.code',
      'diary_pdfs.revision',
      'diary_pdfs.hash as printed_hash',
      'diary_pdfs.status as pdf_status',
      'diary_pdfs.created_at',
      'diary_pdfs.finished_at',
      'diary_days.id as diary_id',
      'diary_days.project_id',
      'diary_days.day',
      'diary_days.status',
      'diary_days.revision as current_revision',
      'diary_days.sections',
      'projects.name as project',
    ])
    .where('diary_pdfs.code', '=', code)
    .executeTakeFirst()
  if (!pdf) return undefined
  const signatures = await signersOf(db, pdf.diary_id, pdf.revision)
  let state: NonNullable<ReportVerification['diary']>['state']
  let message: string
  if (pdf.revision < pdf.current_revision) {
    const next = await db
      .selectFrom('diary_versions')
      .select(['superseded_at', 'reason'])
      .where('diary_id', '=', pdf.diary_id)
      .where('revision', '=', pdf.revision)
      .executeTakeFirst()
    state = 'superseded'
    message = DIARY_VERIFY_MSG.superseded(
      pdf.revision + 1,
      next ? formatMoment(next.superseded_at, timeZone) : '-',
      next?.reason ?? '',
    )
  } else if (pdf.printed_hash !== diaryHash(pdf.project_id, pdf.day, pdf.revision, sectionsOf(pdf))) {
    state = 'changed'
    message = DIARY_VERIFY_MSG.changed
  } else if (
    pdf.status === 'signed' &&
    fullySigned((await signaturesOf(db, pdf.diary_id, pdf.revision)).map((s) => s.role))
  ) {
    state = 'signed'
    message = DIARY_VERIFY_MSG.signed(joinNames(signatures.map((s) => `${s.name} (${s.label})`)))
  } else {
    state = 'unsigned'
    message = DIARY_VERIFY_MSG.unsigned
  }
  const ready = pdf.pdf_status === 'ready'
  return {
    code: pdf.code,
    valid: ready && state === 'signed',
    reason: !ready ? DIARY_VERIFY_MSG.notReady : state === 'signed' ? null : message,
    project: pdf.project,
    title: `Laporan Harian - ${indonesianDayName(pdf.day)}${pdf.revision > 1 ? ` (revisi ${pdf.revision})` : ''}`,
    period_from: pdf.day,
    period_to: pdf.day,
    created_at: pdf.finished_at ?? pdf.created_at,
    photos: [],
    diary: { day: pdf.day, revision: pdf.revision, state, message, signatures },
  }
}
