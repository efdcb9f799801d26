import type { Deps } from './deps'
import { JOB_KINDS } from './job-kinds'
import { JobRunner } from './jobs/job-runner'
import { queueDiaryReminder } from './modules/diary/diary-reminder-job'
import { queueResumableSweep } from './modules/resumable-uploads/resumable-sweep-job'
import { queueUploadSweep } from './uploads/sweep-job'

/**
 * This process's runner for every registered kind, woken by jobs queued here (deps.jobs): JOB_CONCURRENCY
 * short jobs and one long job at a time (job-kind.ts, lanes). It also makes sure the hourly sweep of
 * what killed processes left is queued (server/uploads/sweep-job.ts), and the daily diary reminder
 * (server/modules/diary/diary-reminder-job.ts).
 */
export function startJobRunner(deps: Deps): JobRunner {
  const runner = new JobRunner({
    deps,
    kinds: JOB_KINDS,
    concurrency: deps.config.jobConcurrency,
    pollMs: deps.config.jobPollMs,
    retryMs: deps.config.jobRetryMs,
    leaseMs: deps.config.jobLeaseMs,
  })
  deps.jobs.onWake(() => runner.wake())
  runner.start()
  queueUploadSweep(deps.db, deps.dialect).catch((err) =>
    deps.logger.error('queueing the hourly upload sweep failed', err),
  )
  queueResumableSweep(deps.db, deps.dialect).catch((err) =>
    deps.logger.error('queueing the sweep of expired resumable uploads failed', err),
  )
  queueDiaryReminder(deps.db, deps.dialect).catch((err) =>
    deps.logger.error('queueing the daily diary reminder failed', err),
  )
  return runner
}
