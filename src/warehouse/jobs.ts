import { CreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import { stopBy } from '../platform/deadline';
import type { BigQueryApi, BigQueryJob } from '../platform/types';
import { type Destination, problemOf, problemWords, warehouseError } from './bigquery-errors';

/** Polling a job: first after a second, doubling, at most this apart. */
const POLL_MAX_MS = 8_000;

export interface JobDone {
  /** Rows a load wrote or a DML statement changed. */
  rows: number;
}

/**
 * Inserts a job and waits for it (Jobs.insert may answer RUNNING or DONE: unconfirmed, so either
 * works). A failed job, DONE with status.errorResult, changed nothing: BigQuery jobs are atomic.
 * Its errorResult and the first of errors[] become the message.
 */
export function runJob(
  ex: Execution,
  api: BigQueryApi,
  dest: Destination,
  resource: Record<string, unknown>,
  media: string | null,
): JobDone {
  let job: BigQueryJob;
  try {
    job = api.insertJob(dest.projectId, resource, media);
  } catch (error) {
    // A job of this ID exists already (a step retried): wait for that one instead.
    const id = (resource.jobReference as { jobId?: string } | undefined)?.jobId;
    // Refused outright (a 10 MB request, a quota, billing where the service checks it before the
    // job runs: unconfirmed which): the same words as a failed job.
    if (!id || !/Already Exists: Job/.test(String((error as Error)?.message))) throw warehouseError(error, dest);
    job = api.getJob(dest.projectId, id);
  }
  let wait = 1_000;
  while (job.status?.state !== 'DONE') {
    // The scale issue's stop time: waiting past it would leave no time to record the checkpoint.
    if (ex.platform.now() + wait > stopBy(ex))
      throw new CreatorError(
        'TIME_BUDGET',
        `BigQuery was still running a job for ${dest.tableId} when this run's time ran out; it is checked again next time.`,
      );
    ex.platform.sleep(wait);
    wait = Math.min(wait * 2, POLL_MAX_MS);
    const id = job.jobReference?.jobId;
    if (!id) throw new CreatorError('WAREHOUSE', 'BigQuery did not say which job it started.');
    job = api.getJob(job.jobReference?.projectId ?? dest.projectId, id);
  }
  const failure = job.status?.errorResult;
  if (failure) {
    const first = job.status?.errors?.find((e) => e.message && e.message !== failure.message);
    const detail = [failure.message, first?.message].filter(Boolean).join(' ');
    const problem = problemOf({ message: detail, details: { errors: [{ reason: failure.reason }] } }).problem;
    throw new CreatorError('WAREHOUSE', problemWords(problem, dest, detail), { providerCode: problem });
  }
  const stats = job.statistics;
  return { rows: Number(stats?.load?.outputRows ?? stats?.query?.numDmlAffectedRows ?? 0) || 0 };
}
