import type { Deps } from '../deps'
import { JOB_KINDS } from './job-kinds'
import { JobRunner } from './job-runner'

/** This process's runner for every registered kind, woken by jobs queued here (deps.jobs). */
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
  return runner
}
