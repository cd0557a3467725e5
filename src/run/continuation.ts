import type { PropertyStore } from '../platform/types';
import { thousands } from '../shared/text-size';

/**
 * A job too long for one execution (a saved report's pull and write, a backfill) stops at a
 * checkpoint of its own before Google's limit (platform/deadline.ts) and records where it stands
 * here; the next execution (the next hourly trigger, the sidebar's next chained call) reads it and
 * goes on from there. The record lives in the document's properties under one key per job, so any
 * editor's execution finds it, and is deleted when the job commits or gives up.
 *
 *   const cp = checkpoints<MyState>(store, 'backfill');
 *   const before = cp.load(jobId);           // null: start from the beginning
 *   ... work, and at a stop: cp.save(jobId, state) ... at the end: cp.clear(jobId)
 *
 * Each record must stay under Apps Script's 9 KB per property value: keep only a summary.
 */
export interface CheckpointStore<T> {
  load(id: string): T | null;
  save(id: string, state: T): void;
  clear(id: string): void;
  /** Every job of this kind that has a checkpoint. */
  all(): T[];
  /** The ids of every job of this kind that has a checkpoint (to drop abandoned ones). */
  ids(): string[];
}

export function checkpoints<T extends object>(store: PropertyStore, kind: string): CheckpointStore<T> {
  const prefix = `cr.continue.${kind}.`;
  const parse = (text: string | null): T | null => {
    if (!text) return null;
    try {
      const value = JSON.parse(text) as unknown;
      return value && typeof value === 'object' ? (value as T) : null;
    } catch (_) {
      return null;
    }
  };
  return {
    load: (id) => parse(store.getProperty(prefix + id)),
    save: (id, state) => void store.setProperty(prefix + id, JSON.stringify(state)),
    clear: (id) => void store.deleteProperty(prefix + id),
    all: () =>
      store
        .getKeys()
        .filter((k) => k.indexOf(prefix) === 0)
        .map((k) => parse(store.getProperty(k)))
        .filter((v): v is T => v !== null),
    ids: () =>
      store
        .getKeys()
        .filter((k) => k.indexOf(prefix) === 0)
        .map((k) => k.slice(prefix.length)),
  };
}

/** A report's run continued across executions: where its pull and its staged write stand. */
export interface ReportCheckpoint {
  v: 1;
  /** Names the run on its staging sheet's mark, so the sweep keeps that sheet while the run lives. */
  run: string;
  /** The hidden staging sheet the earlier executions filled, and its data rows. */
  staging: string;
  rows: number;
  /**
   * rowKey of the last rows staged, by the report's key (stream-report-block.ts): dropped if the
   * API serves them again (its pages shifted, or a row's metrics were revised meanwhile).
   */
  tail: string[];
  /** The API's total when the run last saw it (null: it sent none). */
  total: number | null;
  /** The dates pinned at the first execution: the run finishes the same report it started. */
  startDate: string;
  endDate: string;
  dataThrough: string;
  startedAt: number;
  executions: number;
  updatedAt: number;
  /** Executions in a row that ended on a transient failure (absent: the last one stopped in time). */
  failures?: number;
}

export function reportCheckpoints(store: PropertyStore): CheckpointStore<ReportCheckpoint> {
  return checkpoints<ReportCheckpoint>(store, 'report');
}

/** Whether a staging sheet's run is a continuing one (the sweep must keep its sheet). */
export function continuingRuns(store: PropertyStore): (run: string) => boolean {
  const runs = new Set(
    reportCheckpoints(store)
      .all()
      .map((c) => c.run),
  );
  return (run) => runs.has(run);
}

/** "continuing: 120,000 of 240,000 rows" (the total where the API said it). */
export function continuingText(cp: Pick<ReportCheckpoint, 'rows' | 'total'>): string {
  return `continuing: ${thousands(cp.rows)}${cp.total === null ? '' : ` of ${thousands(cp.total)}`} rows`;
}

/**
 * When a continued run should be done, at the pace of its executions so far (rows per execution),
 * one execution per `every` ms (the hourly trigger; a sidebar's chained call comes at once). One
 * more execution at least: a run with every row in still has its commit to make.
 */
export function finishEstimate(cp: Pick<ReportCheckpoint, 'rows' | 'total' | 'executions'>, now: number, every: number): number | null {
  if (cp.total === null || cp.rows <= 0 || cp.executions <= 0) return null;
  const perExecution = cp.rows / cp.executions;
  const left = Math.max(0, cp.total - cp.rows);
  return now + Math.max(1, Math.ceil(left / perExecution)) * every;
}
