import type { JobKind } from './jobs/job-kind'
import { diaryPrintJob } from './modules/diary/diary-print-job'
import { diaryReminderJob } from './modules/diary/diary-reminder-job'
import { docPrivacyJob } from './modules/documentation/doc-privacy-job'
import { docThumbnailJob } from './modules/documentation/doc-thumbnail-job'
import { reportRenderJob } from './modules/reports/report-render-job'
import { resumableSweepJob } from './modules/resumable-uploads/resumable-sweep-job'
import { trashSweepJob } from './modules/trash/trash-sweep-job'
import { uploadSweepJob } from './uploads/sweep-job'

/**
 * Every kind of background job, for the runners (a kind missing here is never run). The registry sits on
 * the composition floor beside app.ts: it names the modules' kinds, and server/jobs/ (the queue and its
 * runner) imports no module.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own payload type.
export const JOB_KINDS: readonly JobKind<any>[] = [
  docThumbnailJob,
  trashSweepJob,
  docPrivacyJob,
  reportRenderJob,
  diaryPrintJob,
  uploadSweepJob,
  resumableSweepJob,
  diaryReminderJob,
]
