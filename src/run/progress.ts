import { CreatorError } from '../shared/errors';
import type { Cache } from '../platform/types';
import type { RunProgress } from '../shared/types';

/**
 * A run's progress lives in the user's cache under its runId, so the sidebar's polling call
 * (a separate execution) can read what the running one last wrote. User cache: another user's
 * page cannot read it.
 */
const TTL_SECONDS = 15 * 60;
const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function checkRunId(runId: unknown): string {
  if (typeof runId !== 'string' || !RUN_ID.test(runId)) {
    throw new CreatorError('BAD_INPUT', 'The run id must be 1 to 64 letters, digits, "-" or "_".');
  }
  return runId;
}

function key(runId: string): string {
  return `creator.run.${runId}`;
}

export type ProgressUpdate = Omit<RunProgress, 'runId'>;

/** Writes progress; a no-op without a runId. A full cache must never fail the run itself. */
export function reportProgress(cache: Cache, runId: string | undefined, update: ProgressUpdate): void {
  if (!runId) return;
  try {
    cache.put(key(runId), JSON.stringify({ runId, ...update }), TTL_SECONDS);
  } catch (_) {
    // Progress is a courtesy; the run goes on without it.
  }
}

export function readProgress(cache: Cache, runId: string): RunProgress | null {
  const raw = cache.get(key(checkRunId(runId)));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as RunProgress;
    return parsed && parsed.runId === runId ? parsed : null;
  } catch (_) {
    return null;
  }
}
