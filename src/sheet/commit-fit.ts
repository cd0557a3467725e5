import { CreatorError } from '../shared/errors';
import { thousands } from '../shared/text-size';
import { estimateWords } from '../shared/duration-words';
import type { Sheet } from '../platform/types';
import { SHEETS_PRICES } from '../platform/sheets-prices';
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
 *
 * The commit's reads (the old block's edit check, a resumed write's record) are bounded by the
 * same budget: where no execution could hold them beside the copy, the commit goes on without
 * them (the block checked by its shape, as one past MAX_FINGERPRINT_CELLS is), rather than a
 * report Google is slow for being refused every day while a bigger one, never read, refreshes.
 */

/** The slices copied to learn the pace: a fiftieth of the block and half of that (3% of the commit's cost). */
const PROBE_SHARE = 50;
/** Rows read to price the calls of a commit that copies and reads nothing (a promoted first pull). */
const NO_COPY_PROBE_ROWS = 40;

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
   * had all its time for the commit (one that does not fit such an execution never will). Answers
   * which reads the commit makes: those that an execution could hold beside the copy.
   */
  fit(staging: Sheet, size: CommitSize, how: { pausable: boolean; fresh: boolean }): CommitReads;
  /**
   * After the first rows of a block expected to have `rows` rows: stops a write whose commit could
   * never fit one execution, even without its reads, before it stages more. Learns the pace only when a write's pace says so.
   */
  early(staging: Sheet, size: () => CommitSize, staged: number): void;
}

/**
 * The commit's cells: the block it copies into place, and the cells it reads: the old block's for
 * the user's edits (`checkCells`), and a resumed write's new block for its record (`recordCells`),
 * each only up to MAX_FINGERPRINT_CELLS; 0 where there is nothing to read.
 */
export interface CommitSize {
  rows: number;
  cols: number;
  /**
   * The rows the copy covers, when fewer than `rows` (the rows at the top of a refresh that did not
   * change stay in place, commit-span.ts); default: all.
   */
  copyRows?: number;
  checkCells: number;
  /**
   * The edit check's calls when it reads in many (a block too big to read whole: a read per sample
   * row and one of the rows at the edge), each priced beside the one call the reads are priced at.
   */
  checkCalls?: number;
  recordCells?: number;
  /**
   * Cells the check for the user's content where the block grows reads (values and formulas):
   * read whatever the time, since going without could overwrite what the user wrote there.
   */
  guardCells?: number;
}

/**
 * Which of its reads a commit makes (commit-fit.ts): the edit check (the user's typed-over cells
 * found, not overwritten) before the record's (a hashed record for the next refresh), so where only
 * one fits beside the copy it is the check.
 */
export interface CommitReads {
  check: boolean;
  record: boolean;
}

export const ALL_READS: CommitReads = { check: true, record: true };
const NO_READS: CommitReads = { check: false, record: false };
const READ_CHOICES: CommitReads[] = [ALL_READS, { check: true, record: false }, NO_READS];

/** A cell read, in writes of a cell: the cost model's read price against its write price (bench/README.md). */
export const READ_PER_WRITE = 2.5;

/** The share of a whole execution a commit may take in one that had nothing else to do. */
const FRESH_SHARE = 0.9;

/**
 * The calls a commit makes besides its copy and reads (formats, notes, the named range, its
 * record's properties, the staging sheet's removal) and the run's record after it: about 30 in the
 * emulator (1.4 s at the model's prices; 43 s at 30 times them, more than the stop's reserve).
 * Counted at a call's measured price, or where nothing is measured, at the model's ratio of a call
 * to a cell written applied to the writes' pace.
 */
const OTHER_CALLS = 30;
/** A call's own price in cells written, at the model's ratio. */
const CALL_CELLS = SHEETS_PRICES.callMs / SHEETS_PRICES.writeCellMs;

/** What one call of a kind costs: its own time and, per cell, the rest. */
interface Pace {
  callMs: number;
  cellMs: number;
}

interface Timed {
  cells: number;
  ms: number;
}

/**
 * Two slices, one about half the other: their difference is the price of a cell, what is left of
 * the smaller the call's own. One slice alone would charge the call's time to every cell, and a
 * small slice would make a big copy look several times dearer than it is.
 */
function twoPoint(small: Timed, big: Timed): Pace {
  if (big.cells <= small.cells) return { callMs: 0, cellMs: big.ms / Math.max(1, big.cells) };
  const cellMs = Math.max(0, big.ms - small.ms) / (big.cells - small.cells);
  return { cellMs, callMs: Math.max(0, small.ms - small.cells * cellMs) };
}

const costAt = (pace: Pace, cells: number): number => (cells > 0 ? pace.callMs + cells * pace.cellMs : 0);

export function copyPace(clock: CopyClock): CopyPace {
  let learned: Pace | null = null;
  let reads: Pace = { callMs: 0, cellMs: 0 };
  /** `copies` false: a commit with no copy, whose calls are priced at a read's (nothing is copied to learn it). */
  const probe = (staging: Sheet, rows: number, cols: number, copies = true): Pace => {
    const total = Math.max(1, Math.min(rows, staging.getMaxRows() - 1));
    const timed = (n: number, step: (slice: { row: number; col: number; rows: number; cols: number }) => void): Timed => {
      const slice = { row: 2, col: 1, rows: n, cols };
      const started = clock.now();
      step(slice);
      return { cells: n * cols, ms: Math.max(0, clock.now() - started) };
    };
    // Onto itself: the same values, formats and notes (the idiom Sheets users know as copying a range over itself).
    const copy = (n: number): Timed => timed(n, (slice) => rangeOf(staging, slice).copyTo(staging.getRange(slice.row, slice.col)));
    // The edit check before the copy reads the old block: its pace from the same slices.
    const read = (n: number): Timed => timed(n, (slice) => void rangeOf(staging, slice).getValues());
    const half = Math.max(1, Math.floor(total / 2));
    const copied = copies ? twoPoint(copy(half), copy(total)) : null;
    reads = twoPoint(read(half), read(total));
    learned = copied ?? { callMs: reads.callMs, cellMs: reads.cellMs / READ_PER_WRITE };
    return learned;
  };
  /** The whole commit at the paces learned: the check's read, then the copy, and its other calls. */
  const commitMs = (size: CommitSize, copy: Pace): number =>
    costAt(copy, copyCells(size)) + costAt(reads, readCells(size)) + (size.checkCalls ?? 0) * reads.callMs + OTHER_CALLS * copy.callMs;
  /** At a write's pace, on the safe side: a copy as a write, a read at the model's multiple of one. */
  const safeMs = (size: CommitSize, write: number): number =>
    (copyCells(size) + readCells(size) * READ_PER_WRITE + (OTHER_CALLS + (size.checkCalls ?? 0)) * CALL_CELLS) * write;
  const pace: CopyPace = {
    fit(staging, size, how) {
      const cells = size.rows * size.cols;
      const write = clock.writeMsPerCell();
      // What fits on the safe side (a copy at a write's pace, a read at the model's multiple of it)
      // needs no measuring.
      if (learned === null && write !== null && clock.now() + safeMs(size, write) <= clock.stopBy) return ALL_READS;
      if (learned !== null && clock.now() + commitMs(size, learned) <= clock.stopBy) return ALL_READS;
      // A commit with no copy (the staging sheet becomes the block's) is measured on the rows staged,
      // by reading them: a few rows for its calls' price, a fiftieth when it has reads to price.
      const shape = cells > 0 ? size : { rows: staging.getLastRow(), cols: staging.getLastColumn() };
      const fiftieth = Math.ceil((shape.rows - 1) / PROBE_SHARE);
      const slice = cells > 0 || readCells(size) > 0 ? fiftieth : Math.min(fiftieth, NO_COPY_PROBE_ROWS);
      // Before the probe: even it must fit (two slices, a fiftieth and half that, each copied and
      // read, at a write's pace on the safe side): at 30 times the model it is most of a minute.
      const probeMs = (write ?? 0) * 1.5 * Math.max(1, slice) * shape.cols * (1 + READ_PER_WRITE);
      if (learned === null && write !== null && clock.now() + probeMs > clock.stopBy) throw notNow(how.pausable);
      const paced = learned ?? probe(staging, slice, shape.cols, cells > 0);
      // A fresh execution still spends a little before its commit (the last page asked again, this
      // measuring), at least a tenth, and at a slow pace more (the same calls): the next spends as
      // much. One that could not hold the commit beside what it spent never will.
      const room = roomFor(clock, how.fresh);
      const never = (ms: number): boolean => room !== null && ms > room;
      // The most reads an execution could hold beside the copy, the edit check first.
      const choices = READ_CHOICES.map((reads) => ({ reads, ms: commitMs(withReads(size, reads), paced) }));
      const chosen = choices.find((c) => !never(c.ms)) ?? choices[choices.length - 1];
      if (never(chosen.ms)) throw neverFits(shape, chosen.ms, room ?? chosen.ms);
      if (clock.now() + chosen.ms > clock.stopBy) throw notNow(how.pausable);
      return chosen.reads;
    },
    early(staging, sizeOf, staged) {
      if (learned !== null || clock.executionMs === null || staged <= 0) return;
      const write = clock.writeMsPerCell();
      if (write === null) return;
      // The reads count on the safe side (they may be most of the commit); only the copy must fit.
      const size = sizeOf();
      if (safeMs(size, write) <= clock.executionMs) return;
      const ms = commitMs(copyOnly(size), probe(staging, Math.min(staged, Math.ceil(size.rows / PROBE_SHARE)), size.cols));
      if (ms > clock.executionMs) throw neverFits(size, ms, clock.executionMs);
    },
  };
  return pace;
}

function copyCells(size: CommitSize): number {
  return (size.copyRows ?? size.rows) * size.cols;
}

function readCells(size: CommitSize): number {
  return size.checkCells + (size.recordCells ?? 0) + (size.guardCells ?? 0);
}

/**
 * The commit with only the reads it makes (the guard's it always makes). Without the edit check
 * nothing vouches for the rows at the top a refresh would leave in place (commit-span.ts), so it
 * copies every row.
 */
function withReads(size: CommitSize, reads: CommitReads): CommitSize {
  const check = reads.check ? {} : { checkCells: 0, checkCalls: 0, copyRows: size.rows };
  return { ...size, ...check, recordCells: reads.record ? size.recordCells : 0 };
}

/**
 * The least a commit could cost: its copy as the bands price it and the guard's reads (whether the
 * check that lets rows stay fits is for the commit to find).
 */
function copyOnly(size: CommitSize): CommitSize {
  return { ...size, checkCells: 0, checkCalls: 0, recordCells: 0 };
}

/** What an execution has for a commit: a whole one, or in a fresh one what it did not spend first (null: unknown). */
function roomFor(clock: CopyClock, fresh: boolean): number | null {
  const whole = clock.executionMs;
  if (whole === null || !fresh) return whole;
  return Math.min(whole * FRESH_SHARE, clock.stopBy - clock.now());
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

function neverFits(size: { rows: number; cols: number }, ms: number, executionMs: number): CreatorError {
  const n = thousands;
  return new CreatorError(
    'TOO_LARGE',
    `This report has ${n(size.rows - 1)} rows of ${n(size.cols)} columns (${n(size.rows * size.cols)} cells): putting them in place at once would take about ${estimateWords(ms)} at Google's pace today, more than one execution has for it (${estimateWords(executionMs)}), so it cannot be refreshed as one block. The previous data is unchanged. Save it as a history report (Keep history: each refresh adds only the new days), or use a shorter date range.`,
  );
}
