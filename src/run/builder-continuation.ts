import type { Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import type { RunReportRequest } from '../shared/types';
import { checkpoints, type CheckpointStore, type ReportCheckpoint } from './continuation';
import { runContinuation, type RunContinuation } from './continue-run';

/**
 * A pull from the sidebar's Report tab that one execution cannot hold continues while the sidebar
 * is open: the page calls runReport again at once with the same request and runId (each call an
 * execution of its own), and each call goes on from the rows the earlier ones staged.
 *
 * The checkpoint is keyed by the page's runId (`cr.continue.builder.<runId>`), not by the block:
 * the builder's block is named from its sheet's ID, which a new sheet has only at commit, and two
 * sidebars pulling the same report must each go on from their own rows, never from each other's.
 * A fresh runId (a new click on Run report) always starts from the beginning.
 *
 * Nothing but the open sidebar continues it: once the sidebar is closed the run is abandoned. Its
 * staging sheet is kept BUILDER_KEEP_MS past its last stop (then any write's sweep removes it), and
 * its checkpoint is dropped by the next run of any report (builder or saved, scheduled hourly)
 * once that long has passed, so an abandoned run leaves no record in the document's properties
 * (a 500 KB budget shared by everything the add-on keeps there). An hour, not less: the page's
 * next call may wait behind other executions of the document, and a run dropped while its page
 * still calls starts over on every call and never ends.
 */
export const BUILDER_KEEP_MS = 60 * 60_000;

export function builderCheckpoints(store: PropertyStore): CheckpointStore<ReportCheckpoint> {
  return checkpoints<ReportCheckpoint>(store, 'builder');
}

/** Drops the checkpoints of builder runs whose page stopped calling (the sidebar was closed). */
export function dropAbandonedBuilderRuns(store: PropertyStore, now: number): void {
  const cps = builderCheckpoints(store);
  for (const id of cps.ids()) {
    const cp = cps.load(id);
    if (!cp || !(now - cp.updatedAt < BUILDER_KEEP_MS)) cps.clear(id);
  }
}

/**
 * How a run that may continue goes on: a saved report's by its id (the next hourly run or the
 * Saved tab's next call), a builder's by the page's runId when the page chains calls. Null when it
 * cannot (no document store; a builder page that did not ask, or sent no runId). Every such run
 * first drops the abandoned builder runs' checkpoints.
 */
export function continuationFor(execution: Execution, request: RunReportRequest, savedId: string | undefined): RunContinuation | null {
  const store = execution.platform.documentProperties;
  if (!store) return null;
  dropAbandonedBuilderRuns(store, execution.platform.now());
  if (savedId) return runContinuation(execution, request, savedId);
  if (request.mayContinue !== true || !request.runId) return null;
  return runContinuation(execution, request, request.runId, { checkpoints: builderCheckpoints, keepPausedMs: BUILDER_KEEP_MS });
}
