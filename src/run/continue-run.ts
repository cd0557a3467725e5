import { CreatorError, isCreatorError, userMessage } from '../shared/errors';
import type { Execution } from '../platform/execution';
import type { ResolvedRange } from '../dates';
import type { PullStream } from '../pull/pull-report';
import type { RunReportRequest } from '../shared/types';
import { TAIL_KEYS, type StreamedBlock } from '../sheet/stream-report-block';
import { MAX_PAGE_SIZE } from '../api/pagination';
import type { PropertyStore } from '../platform/types';
import { continuingRuns, continuingText, reportCheckpoints, type CheckpointStore, type ReportCheckpoint } from './continuation';

/**
 * A saved report's run that one execution cannot hold: its pull and its staged write stop before
 * the limit, the staging sheet is kept as the run's, and the next execution goes on from the rows
 * staged, with the dates pinned at the first one. Only a whole report is ever committed.
 */
export class Continuing extends CreatorError {
  /** `failure`: what stopped this execution when it was not the time limit (the run goes on from its rows). */
  constructor(
    readonly checkpoint: ReportCheckpoint,
    failure?: string,
  ) {
    super(
      'TIME_BUDGET',
      failure
        ? `${continuingText(checkpoint)}: this run stopped on an error (${failure.replace(/\.$/, '')}), so the next one goes on from the rows it has; the previous data stays in place until every row is in.`
        : `${continuingText(checkpoint)}: the report is too big for one run, so it goes on in the next; the previous data stays in place until every row is in.`,
    );
  }
}

/**
 * Failures that say nothing about the rows staged (the API or Google busy or down, a write refused
 * midway): the next execution goes on from them. Anything else (other columns, dates no longer
 * served, the staging sheet gone or changed, a report too big) starts the report over.
 */
const TRANSIENT: readonly string[] = ['RATE_LIMITED', 'SERVER_ERROR', 'NETWORK', 'BUSY', 'WRITE_FAILED'];

/** Transient failures in a row before a run gives up its rows and starts over. */
export const MAX_FAILURES = 3;

/**
 * Rows a continued pull asks for again before the ones it has: a row that moved up by as many
 * between executions is still pulled, and the tail of keys (TAIL_KEYS, a page and this) still
 * recognises every row asked for again.
 */
const OVERLAP_ROWS = TAIL_KEYS - MAX_PAGE_SIZE;

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
    pull: { fromRow: cp ? Math.max(0, cp.rows - OVERLAP_ROWS) : 0, mayPause: true },
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
      const code = isCreatorError(error) ? error.code : null;
      const paused = code === 'TIME_BUDGET';
      const failures = paused ? 0 : (cp?.failures ?? 0) + 1;
      const keep = paused || (code !== null && TRANSIENT.indexOf(code) >= 0 && failures <= MAX_FAILURES);
      const kept = keep && pinned ? streamed.pause() : null;
      if (kept && pinned) {
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
          ...(failures ? { failures } : {}),
        };
        cps.save(blockId, next);
        return new Continuing(next, paused ? undefined : userMessage(error));
      }
      // Anything else starts the report over next time (its staging sheet goes with the write).
      if (cp) cps.clear(blockId);
      return error;
    },
    done: () => cps.clear(blockId),
  };
}
