import { CreatorError, isCreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { ResolvedRange } from '../dates';
import type { PullStream } from '../pull/pull-report';
import type { RunReportRequest } from '../shared/types';
import type { StreamedBlock } from '../sheet/stream-report-block';
import type { PropertyStore } from '../platform/types';
import { continuingRuns, continuingText, reportCheckpoints, type CheckpointStore, type ReportCheckpoint } from './continuation';

/**
 * A saved report's run that one execution cannot hold: its pull and its staged write stop before
 * the limit, the staging sheet is kept as the run's, and the next execution goes on from the rows
 * staged, with the dates pinned at the first one. Only a whole report is ever committed.
 */
export class Continuing extends CreatorError {
  constructor(readonly checkpoint: ReportCheckpoint) {
    super(
      'TIME_BUDGET',
      `${continuingText(checkpoint)}: the report is too big for one run, so it goes on in the next; the previous data stays in place until every row is in.`,
    );
  }
}

export function isContinuing(error: unknown): error is Continuing {
  return error instanceof Continuing;
}

/** What runReportToSheet does differently for a run that may continue. */
export interface RunContinuation {
  /** The request with the first execution's dates pinned. */
  request: RunReportRequest;
  /** Extra block target fields: the run's id, the sweep's view of live runs, the resume point. */
  target: { runId: string; runIsLive: (run: string) => boolean; pausable: true; resume?: ReportCheckpoint; keepPausedMs?: number };
  pull: { fromRow: number; mayPause: true };
  /** The pull's stream, learning the pinned dates and the API's total on the way. */
  stream(streamed: StreamedBlock): PullStream;
  /** Rows of the whole report as the API last said (null: unknown). */
  expected(): number | null;
  resumed: boolean;
  /** When the run's first execution started (this one's start when it is the first). */
  startedAt: number;
  /** A failure or a stop of this execution: a Continuing error when it stopped with rows to keep. */
  fail(error: unknown, streamed: StreamedBlock): unknown;
  /** Committed: the record goes. */
  done(): void;
}

function newRunId(now: number): string {
  return `c${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Where a run's checkpoint lives (default: a saved report's, `cr.continue.report.<id>`) and how
 * long a paused write's staging sheet is kept (default: the writer's, for the next hourly run).
 */
export interface ContinuationKind {
  checkpoints: (store: PropertyStore) => CheckpointStore<ReportCheckpoint>;
  keepPausedMs?: number;
}

/** Null when this run cannot continue (no saved report, no document store). */
export function runContinuation(
  execution: Execution,
  request: RunReportRequest,
  blockId: string | undefined,
  kind: ContinuationKind = { checkpoints: reportCheckpoints },
): RunContinuation | null {
  const store = execution.platform.documentProperties;
  if (!blockId || !store) return null;
  const cps: CheckpointStore<ReportCheckpoint> = kind.checkpoints(store);
  const cp = cps.load(blockId);
  const now = (): number => execution.platform.now();
  const runId = cp?.run ?? newRunId(now());
  let pinned: ResolvedRange | null = cp ? { startDate: cp.startDate, endDate: cp.endDate, dataThrough: cp.dataThrough } : null;
  let expected: number | null = cp?.total ?? null;
  return {
    request: cp ? { ...request, start: cp.startDate, end: cp.endDate } : request,
    target: {
      runId,
      runIsLive: continuingRuns(store),
      pausable: true,
      ...(cp ? { resume: cp } : {}),
      ...(kind.keepPausedMs === undefined ? {} : { keepPausedMs: kind.keepPausedMs }),
    },
    pull: { fromRow: cp?.rows ?? 0, mayPause: true },
    resumed: cp !== null,
    startedAt: cp?.startedAt ?? execution.startedAt,
    expected: () => expected,
    stream: (streamed) => ({
      rows(batch, total) {
        if (total !== null) expected = total;
        streamed.rows(batch, total);
      },
      restart() {
        // Other columns than the staged rows have: the staged rows cannot be kept.
        if (cp) throw new CreatorError('PAGINATION', "The report's columns changed between executions; it starts over next time.");
        streamed.restart();
      },
      pin(range) {
        if (!pinned) pinned = range;
      },
    }),
    fail(error, streamed) {
      if (isCreatorError(error) && error.code === 'TIME_BUDGET' && pinned) {
        const kept = streamed.pause();
        if (kept) {
          const next: ReportCheckpoint = {
            v: 1,
            run: runId,
            staging: kept.staging,
            rows: kept.rows,
            tail: kept.tail,
            total: expected,
            startDate: pinned.startDate,
            endDate: pinned.endDate,
            dataThrough: pinned.dataThrough,
            startedAt: cp?.startedAt ?? execution.startedAt,
            executions: (cp?.executions ?? 0) + 1,
            updatedAt: now(),
          };
          cps.save(blockId, next);
          return new Continuing(next);
        }
      }
      // Anything else starts the report over next time (its staging sheet goes with the write).
      if (cp) cps.clear(blockId);
      return error;
    },
    done: () => cps.clear(blockId),
  };
}
