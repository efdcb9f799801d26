import { docPrivacyJob } from '../modules/documentation/doc-privacy-job'
import { docThumbnailJob } from '../modules/documentation/doc-thumbnail-job'
import { reportRenderJob } from '../modules/reports/report-render-job'
import { resumableSweepJob } from '../modules/resumable-uploads/resumable-sweep-job'
import { trashSweepJob } from '../modules/trash/trash-sweep-job'
import { uploadSweepJob } from '../uploads/sweep-job'
import type { JobKind } from './job-kind'

/** Every kind of background job, for the runners (a kind missing here is never run). */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own payload type.
export const JOB_KINDS: readonly JobKind<any>[] = [
  docThumbnailJob,
  trashSweepJob,
  docPrivacyJob,
  reportRenderJob,
  uploadSweepJob,
  resumableSweepJob,
]
