import { CreatorError } from '../shared/errors';
import type { Sheet } from '../platform/types';
import { rangeOf } from './rect';

/**
 * A staged write's commit is one Range.copyTo of the whole block, and Google's price for a copy is
 * not known: the cost model prices it as a write, a public measurement several times cheaper. So
 * the writer does not assume it: where the commit would not fit at the pace of a write (the safe
 * side), it copies a slice of the staging sheet onto itself (no cell changes) and times it, and
 * judges the commit at that pace instead.
 *
 *   const pace = copyPace(clock);
 *   pace.fit(staging, { rows, cols }, { pausable, resumed });  // throws when the copy cannot run now
 *
 * Three outcomes: the copy fits the time left (it runs); it would fit a fresh execution (a pausable
 * write stops, TIME_BUDGET, and its run commits in the next; any other write stops as too big for
 * one run); it could not fit even there (TOO_LARGE: a block this size cannot be refreshed at once).
 */

/** The slice copied to learn the pace: a fiftieth of the block (2% of the commit's cost). */
const PROBE_SHARE = 50;

export interface CopyClock {
  now(): number;
  /** Epoch ms by which the write must have stopped in this execution. */
  stopBy: number;
  /** What a whole execution has for its work (its stop time less its start): null when unknown. */
  executionMs: number | null;
  /** Ms per cell the staged rows took to write in this execution (null: none written yet). */
  writeMsPerCell(): number | null;
}

export interface CopyPace {
  /**
   * Before the commit's copy of `size` cells from `staging` (data from row 2): throws when it cannot
   * run now. `fresh`: an earlier execution staged the rows and this one staged none, so this one
   * had all its time for the commit (one that does not fit such an execution never will).
   */
  fit(staging: Sheet, size: { rows: number; cols: number }, how: { pausable: boolean; fresh: boolean }): void;
  /**
   * After the first rows of a block expected to have `rows` rows: stops a write whose commit could
   * never fit one execution before it stages more. Learns the pace only when a write's pace says so.
   */
  early(staging: Sheet, size: { rows: number; cols: number }, staged: number): void;
}

export function copyPace(clock: CopyClock): CopyPace {
  let learned: number | null = null;
  const probe = (staging: Sheet, rows: number, cols: number): number => {
    const slice = { row: 2, col: 1, rows: Math.max(1, Math.min(rows, staging.getMaxRows() - 1)), cols };
    const started = clock.now();
    // Onto itself: the same values, formats and notes (the idiom Sheets users know as copying a range over itself).
    rangeOf(staging, slice).copyTo(staging.getRange(slice.row, slice.col));
    learned = Math.max(0, clock.now() - started) / (slice.rows * slice.cols);
    return learned;
  };
  const tooBig = (cells: { rows: number; cols: number }, ms: number): CreatorError => neverFits(cells, ms, clock.executionMs ?? ms);
  const pace: CopyPace = {
    fit(staging, size, how) {
      const cells = size.rows * size.cols;
      const write = clock.writeMsPerCell();
      const guess = learned ?? write;
      if (guess !== null && clock.now() + cells * guess <= clock.stopBy) return;
      // Before the probe: even it (a fiftieth, at a write's pace) must fit.
      if (learned === null && write !== null && clock.now() + (cells / PROBE_SHARE) * write > clock.stopBy) throw notNow(how.pausable);
      const ms = (learned ?? probe(staging, Math.ceil((size.rows - 1) / PROBE_SHARE), size.cols)) * cells;
      if ((clock.executionMs !== null && ms > clock.executionMs) || (how.fresh && clock.now() + ms > clock.stopBy)) throw tooBig(size, ms);
      if (clock.now() + ms > clock.stopBy) throw notNow(how.pausable);
    },
    early(staging, size, staged) {
      if (learned !== null || clock.executionMs === null || staged <= 0) return;
      const cells = size.rows * size.cols;
      const write = clock.writeMsPerCell();
      if (write === null || cells * write <= clock.executionMs) return;
      const ms = probe(staging, Math.min(staged, Math.ceil(size.rows / PROBE_SHARE)), size.cols) * cells;
      if (ms > clock.executionMs) throw tooBig(size, ms);
    },
  };
  return pace;
}

/** The stop of a write whose commit does not fit the time left (its run commits in the next execution). */
export const COMMIT_NEXT =
  "The report's rows are all in, but putting them in place would pass Google's time limit for this execution; that happens in the next one.";

function notNow(pausable: boolean): CreatorError {
  return new CreatorError(
    'TIME_BUDGET',
    pausable
      ? COMMIT_NEXT
      : "This report is too big for one run: putting its rows in place would pass Google's time limit for one execution, so the run stopped and the previous data is unchanged. Use a row limit or a shorter date range.",
  );
}

function minutes(ms: number): string {
  const m = Math.max(1, Math.round(ms / 60_000));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

function neverFits(size: { rows: number; cols: number }, ms: number, executionMs: number): CreatorError {
  const n = (v: number): string => v.toLocaleString('en-US');
  return new CreatorError(
    'TOO_LARGE',
    `This report has ${n(size.rows - 1)} rows of ${n(size.cols)} columns (${n(size.rows * size.cols)} cells): putting them in place at once would take about ${minutes(ms)} at Google's pace today, more than one execution may run (${minutes(executionMs)}), so it cannot be refreshed as one block. The previous data is unchanged. Save it as a history report (Keep history: each refresh adds only the new days), or use a shorter date range.`,
  );
}
