import { thousands } from '../shared/text-size';
import { CreatorError, isCreatorError } from '../shared/errors';
import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, forget, markOwned, pendingRangeName } from './block-ownership';
import {
  blockIdOn,
  CELL_LIMIT,
  droppedColumns,
  findTarget,
  growToFit,
  pinnedRows,
  settleCommitted,
  type BlockPlan,
  type BlockSink,
  type BlockTarget,
  type StagedSoFar,
  type WrittenBlock,
} from './block-place';
import { blockState, samplesHold } from './block-edits';
import { locateBlock, ownedRects } from './block-locate';
import { refuseUnrecognised } from './block-recover';
import { MAX_FINGERPRINT_CELLS, readRecord, type BlockRecord, type PinnedRows } from './block-record';
import { forgetPendingCommit, stagePendingCommit } from './pending-commit';
import { writtenRecord, type WrittenRecord } from './written-record';
import type { ReadyRows } from './ready-rows';
import { rowCells, type RowCells } from './row-cells';
import { promoteStaging, promotes } from './staging-promote';
import { OutOfTime, stepClock, type StepClock } from '../platform/deadline';
import { ALL_READS, copyPace, READ_PER_WRITE, type CommitReads, type CommitSize } from './commit-fit';
import { toCellValue, type CellValue } from './cell-values';
import { blockConflictError, findConflict } from './conflicts';
import { claimDirect } from './direct-write';
import { intersect, parseCell, rangeOf, sheetRect, subtractAll, toA1, type Rect } from './rect';
import type { BlockColumn, WriteBlockResult } from './report-table';
import { applyFormats, formatsKey, rowsPerCall, writeWithSetValues } from './staged-values';
import { unchangedTopRows } from './commit-span';
import { copySize, oldBlock, type HashedRows } from './commit-size';
import { carryBand, keepHashes, takeHashes } from './staged-hashes';
import { KEEP_PAUSED_MS, keepForLater, makeStaging, removeSheet, sweepStaging } from './staging-sheets';

/**
 * Block writes: all-or-nothing at every size.
 *
 *   const w = beginBlockWrite(spreadsheet, { sheetName, blockId, columns });  // no user cell changes
 *   w.appendRows(rows);            // as often as rows arrive (a streamed pull: once per batch)
 *   const result = w.commit(note); // under the document lock; or w.abort() on any failure
 *
 * Text is clipped to Sheets' 50,000-character cell limit (counted for the note). How the rows are
 * written is decided at the first write, under the document lock (`target.exclusive`):
 *
 * - Straight into the target (direct-write.ts) when it is a sheet this run makes, kept hidden
 *   until commit: nothing there to protect. A failure removes the sheet; a run killed midway
 *   leaves it hidden and marked as this report's, which the next run rewrites and shows.
 * - Staged otherwise (a refresh, a first write into a sheet that exists, or leftovers of a killed
 *   run): rows go to a hidden staging sheet
 *   and nothing on the user's sheets changes before commit. commit checks the target (cells the
 *   user typed, inserted or deleted inside the old block; content where the new block goes), then
 *   puts the staged block in place with ONE Range.copyTo over old ∪ new: values, formats, bold
 *   header and note land together, old rows beyond the new block are emptied by the same copy,
 *   and cells of the user inside that bounding box (but outside both blocks) are copied into the
 *   staging area first so the copy hands them back unchanged. A failure before that copy leaves
 *   the target untouched; the copy itself is one call. Then the block's named range, shape and
 *   fingerprints are recorded, and the staging sheet goes (commit or abort; a killed run's is swept
 *   by a later write, staging-sheets.ts). What the copy is about to do is stored before it, so a
 *   run killed between the copy and the record is finished by the next (pending-commit.ts).
 */
export type { BlockTarget } from './block-place';

export interface BlockWrite {
  /**
   * Rows made into the cells this write sends and hashed now, while they are fresh in memory, for
   * a later appendRows (nothing is written yet; rows never appended are simply dropped).
   */
  ready(rows: unknown[][]): ReadyRows;
  /**
   * One setValues call's rows. `expected`: the rows the whole block will have, where known (the
   * commit's cost depends on it).
   */
  appendRows(rows: unknown[][] | ReadyRows, expected?: number | null): void;
  /** Data rows written so far. */
  readonly rows: number;
  /** The data rows that fill the next setValues call (the header rides with the first). */
  readonly callRows: number;
  /**
   * `columns`: begin's columns with their final number formats, when rows that arrived later
   * widened one (a streamed table's whole numbers joined by fractions), less any that no row
   * filled (a streamed table's laid-out catalog column): those are dropped; default: begin's.
   */
  commit(note: string, columns?: BlockColumn[]): WriteBlockResult;
  abort(): void;
  /**
   * Ends the write keeping its staging sheet for a later execution (a pausable write stopped by
   * the time limit): what is staged so far; null (and the write aborted) when nothing was staged.
   */
  pause(): StagedSoFar | null;
}

/**
 * A spreadsheet holds at most 10 million cells, and the staging copy needs as many again as the
 * block while a refresh runs: refuse early rather than fail midway.
 */
export const MAX_BLOCK_CELLS = 4_000_000;

/**
 * Per row written, what a staged write's commit adds later: the copy into place and, for a block
 * small enough to be fingerprinted (MAX_FINGERPRINT_CELLS), the check of the old block for the
 * user's edits (a read: about two and a half writes, by the cost model's read price). The size is
 * the whole block's where the API said it. A direct write's commit adds nothing. The copy is
 * counted as a write here (the safe side: a public figure makes it several times cheaper).
 *
 * A pausable write adds nothing: it stages what fits and has its commit (the check and the copy)
 * judged at the commit at a pace it measures (commit-fit.ts), in this execution or the next. The
 * rows must be staged before any commit, so keeping time back for one only made each execution
 * after the first stage a single call's rows: a 60,000-row refresh at 15 times the model took
 * five executions instead of one.
 */
const COPY_SHARE = 1;
const CHECK_SHARE = READ_PER_WRITE;

function commitShare(sink: BlockSink | null, pausable: boolean, rows: number, width: number): number {
  if (sink?.staged !== true || pausable) return 0;
  return COPY_SHARE + (rows * width <= MAX_FINGERPRINT_CELLS ? CHECK_SHARE : 0);
}

/**
 * Before a chunk: stop cleanly (the write aborted, the user's sheets as they were) when the chunk
 * and the commit it will cost would pass the execution's stop time at the pace so far.
 */
function checkpoint(
  write: BlockWrite,
  pace: StepClock | null,
  at: { sink: BlockSink | null; width: number; pausable: boolean; expected: number },
  rows: number,
  next: number,
): void {
  if (!pace) return;
  const { sink, pausable } = at;
  try {
    const share = commitShare(sink, pausable, Math.max(rows + next, at.expected), at.width);
    pace.before(next + (rows + next) * share);
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
    // A pausable write keeps what it staged: its run takes it (BlockWrite.pause) and continues later.
    if (pausable) throw new CreatorError('TIME_BUDGET', PAUSED_WRITE);
    write.abort();
    throw new CreatorError(
      'TIME_BUDGET',
      `This report is too big for one run: ${thousands(rows)} rows were written when the next ${thousands(next)} would have passed Google's time limit for one execution, so the run stopped and the previous data is unchanged. Use a row limit or a shorter date range.`,
    );
  }
}

/** The stop of a pausable write; its run continues in a later execution. */
export const PAUSED_WRITE = "The write stopped before Google's time limit for one execution; it continues in the next one.";

/**
 * A staged write's timing: its commit's copy judged at a measured pace (commit-fit.ts). `copyAll`:
 * an earlier execution's commit found the staged rows cannot stay in place (a sort) and stopped.
 */
function stagedTiming(
  target: BlockTarget,
  pace: StepClock | null,
  at: { width: number; expected: () => number; rows: () => number; size: (rows: number) => CommitSize; copyAll: () => boolean },
): NonNullable<BlockPlan['timing']> {
  const copies =
    pace && target.stopBy !== undefined
      ? copyPace({
          now: target.now,
          stopBy: target.stopBy,
          executionMs: target.executionMs ?? null,
          writeMsPerCell: () => (pace.done ? pace.msPerUnit / at.width : null),
        })
      : null;
  const pausable = target.pausable === true;
  let whole = false;
  return {
    staged(staging) {
      if (pausable) copies?.early(staging, () => at.size(at.expected()), at.rows());
    },
    beforeCopy(staging, size) {
      return copies?.fit(staging, size, { pausable, fresh: target.resume !== undefined && pace?.done === 0 }) ?? ALL_READS;
    },
    refit(staging, size) {
      try {
        // Not as a fresh execution: the next one needs none of the reads this one spent its time on.
        copies?.fit(staging, size, { pausable, fresh: false });
      } catch (error) {
        whole = isCreatorError(error) && error.code === 'TIME_BUDGET';
        throw error;
      }
    },
    copiesWhole: () => whole || at.copyAll(),
  };
}

/** What a write under way knows of its rows' hashes, `rows` data rows staged (more to come). */
function soFar(hashed: boolean, written: WrittenRecord, rows: number): HashedRows {
  return { hashed, bands: written.bands, rows: rows + 1, more: true };
}

/** `make`'s value, made at the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** A step, its pace learned when there is a stop time to keep. */
function timed(pace: StepClock | null, units: number, step: () => void): void {
  if (pace) pace.run(units, step);
  else step();
}

function endedError(): never {
  throw new CreatorError('INTERNAL', 'This block write has already ended. Run the report again.');
}

function tooLarge(rows: number, columns: number): CreatorError {
  return new CreatorError(
    'TOO_LARGE',
    `This report has ${rows} rows of ${columns} columns, more than a sheet can hold comfortably. Use a row limit or a shorter date range.`,
  );
}

function noColumns(): CreatorError {
  return new CreatorError('BAD_INPUT', 'The report has no columns to write.');
}

/** The target's sheet name, where its block starts and how wide it is, each checked. */
function shapeOf(target: BlockTarget): { sheetName: string; start: { row: number; col: number }; width: number } {
  const sheetName = target.sheetName.trim();
  if (!sheetName || sheetName.length > 100) throw new CreatorError('BAD_INPUT', 'Give the sheet a name of 1 to 100 characters.');
  if (target.columns.length === 0) throw noColumns();
  return { sheetName, start: parseCell(target.startCell ?? 'A1'), width: target.columns.length };
}

/** BlockWrite.ready: rows made into the cells that are sent, each hashed as getValues will read it back. */
function readied(cells: RowCells, width: number, batch: unknown[][]): ReadyRows {
  return { rows: batch, ...cells.ready(batch, width) };
}

/** Refuses (the write aborted) a block of `rows` data rows too big for the spreadsheet's cells. */
function refuseTooLarge(write: BlockWrite, rows: number, width: number): void {
  if ((rows + 1) * width <= MAX_BLOCK_CELLS) return;
  write.abort();
  throw tooLarge(rows, width);
}

export function beginBlockWrite(spreadsheet: Spreadsheet, target: BlockTarget): BlockWrite {
  const { sheetName, start, width } = shapeOf(target);
  const { columns } = target;
  const pace = target.stopBy === undefined ? null : stepClock(target.stopBy, target.now);
  let expectedRows = 0;
  // Priced by the bands hashed so far; the replaced block looked up once (a pause's band too; the commit looks again).
  const replaced = once(() => oldBlock(plan));
  const size = (dataRows: number): CommitSize => copySize(plan, dataRows, false, soFar(knownRecord, written, rows), replaced());
  let copyAll = false;
  const timing = stagedTiming(target, pace, { width, expected: () => expectedRows, rows: () => rows, size, copyAll: () => copyAll });
  const plan: BlockPlan = { spreadsheet, target, sheetName, start, width, writeValues: writeWithSetValues, timing };

  let sink: BlockSink | null = null;
  let ended = false;
  // A continued write: the header and the earlier executions' rows are on its staging sheet already.
  let rows = target.resume?.rows ?? 0;
  // The header travels with the first rows: one request less for a report that fits in one.
  let header: CellValue[] | null = target.resume ? null : columns.map((c) => toCellValue(c.header, true));
  const cells = rowCells(columns, target.sheetSafe);
  const written = writtenRecord(width);
  // The rows staged in earlier executions were hashed there: their hashes come with the staging
  // sheet (staged-hashes.ts), else the block is fingerprinted at commit.
  let knownRecord = !target.resume;
  const use = (s: BlockSink): void => {
    sink = s;
    const staging = target.resume ? s.sheet?.() : null;
    const taken = staging ? takeHashes(staging, rows + 1, width) : null;
    if (staging) knownRecord = written.resume(taken?.carried ?? null);
    copyAll = taken?.copyAll === true;
  };

  const openSink = <T>(first: (s: BlockSink) => T): T => (sink ? first(sink) : sinkFor(plan, use, first));

  const live = (): void => void (ended && endedError());

  const write: BlockWrite = {
    get rows() {
      return rows;
    },
    get callRows() {
      return Math.max(1, rowsPerCall(width) - (header ? 1 : 0));
    },
    ready: (batch) => readied(cells, width, batch),
    appendRows(given: unknown[][] | ReadyRows, expected?: number | null) {
      live();
      const count = Array.isArray(given) ? given.length : given.rows.length;
      refuseTooLarge(write, rows + count, width);
      if (count === 0) return;
      expectedRows = Math.max(expectedRows, expected ?? 0, rows + count);
      checkpoint(write, pace, { sink, width, pausable: target.pausable === true, expected: expected ?? 0 }, rows, count);
      // A pausable write that fails is left open: its run keeps what was staged, or aborts it.
      guarded(sheetName, target.pausable ? null : write, () => {
        const batch = Array.isArray(given) ? write.ready(given) : given;
        const at = header ? 0 : 1 + rows;
        const values = header ? [header, ...batch.values] : batch.values;
        timed(pace, count, () => openSink((s) => s.append(values, at)));
        if (header) written.add([header]);
        written.add(batch.values, batch.digest);
        header = null;
        rows += count;
        // Outside the timed step: a probe of the copy's pace is no part of the writes' pace.
        const staging = sink?.copies?.() ? sink.sheet?.() : null;
        if (staging) timing.staged(staging);
      });
    },
    commit(note: string, finalColumns?: BlockColumn[]): WriteBlockResult {
      live();
      const kept = finalColumns ?? columns;
      const block = writtenBlock(() => (knownRecord ? written : null), droppedColumns(columns, kept), pinnedRows(target), kept);
      return endWith(target, write, () => {
        if (kept.length === 0) throw noColumns();
        if (header) written.add([header]);
        const result = guarded(sheetName, null, () =>
          openSink((s) => s.commit(header, withClipNote(note, cells.clipped), kept, rows, block)),
        );
        return { ...result, clippedCells: cells.clipped };
      });
    },
    abort() {
      ended = true;
      const s = sink;
      sink = null;
      s?.abort();
    },
    pause() {
      const s = sink;
      if (!s?.detach || ended || rows === 0) {
        write.abort();
        return null;
      }
      ended = true;
      sink = null;
      keepStagedHashes(plan, s.sheet?.() ?? null, knownRecord ? written : null, Math.max(expectedRows, rows) + 1, replaced);
      knownRecord = false;
      return { staging: s.detach(), rows };
    },
  };
  return write;
}

/**
 * The hashes of a paused write's rows kept with its staging sheet, in the old block's bands where
 * it can (carryBand; `rows`: the block's, header included, as far as known), none when they are not
 * known: a failure to keep them costs the next execution a read, not the rows. `replaced`: the
 * block it replaces, as this execution looked it up.
 */
function keepStagedHashes(
  plan: BlockPlan,
  staging: Sheet | null,
  written: WrittenRecord | null,
  rows: number,
  replaced: () => ReturnType<typeof oldBlock>,
): void {
  if (!staging) return;
  try {
    const band = carryBand(replaced().record, rows);
    keepHashes(staging, written ? written.carry(band) : null, plan.timing?.copiesWhole() === true);
  } catch (_) {
    // Kept or not, the rows are on the staging sheet: its commit reads them when it must.
  }
}

/** What the commit knows of the rows sent (`hashed`: the record, when it knows them), its record made once. */
function writtenBlock(hashed: () => WrittenRecord | null, dropped: number[], pinned: PinnedRows, kept: BlockColumn[]): WrittenBlock {
  let record: BlockRecord | null | undefined;
  let written: WrittenRecord | null = null;
  const block: WrittenBlock = {
    record() {
      if (record !== undefined) return record;
      written = hashed();
      const finished = written ? written.finish(dropped, pinned) : null;
      // With its columns' formats: a later refresh leaves unchanged rows in place only under the same ones.
      return (record = finished && { ...finished, formats: formatsKey(kept) });
    },
    orRead: (read) => block.record() ?? { ...read(), formats: formatsKey(kept) },
    bandsAt: (band) => (block.record() && written ? written.bands(band) : null),
    rowsAt: (from, to) => (block.record() && written ? written.rows(from, to) : null),
  };
  return block;
}

/**
 * A commit, after which the write has ended, except when a pausable write stopped before its copy
 * (commit-fit.ts), its staging untouched: its run keeps it for the next execution (pause()).
 */
function endWith(target: BlockTarget, write: BlockWrite, commit: () => WriteBlockResult): WriteBlockResult {
  let keep = false;
  try {
    return commit();
  } catch (error) {
    keep = target.pausable === true && isCreatorError(error) && error.code === 'TIME_BUDGET';
    throw error;
  } finally {
    if (!keep) write.abort();
  }
}

/**
 * Decided at the first write, and (when direct) the target claimed in the same locked step; `use`
 * learns the sink before `first` runs, so a failure there still cleans it up.
 */
function sinkFor<T>(plan: BlockPlan, use: (s: BlockSink) => void, first: (s: BlockSink) => T): T {
  const { spreadsheet, target } = plan;
  sweepStaging(spreadsheet, target.now(), target.runIsLive);
  const start = (s: BlockSink): T => {
    use(s);
    return first(s);
  };
  if (target.resume) return start(adoptedSink(plan, target.resume));
  const exclusive = target.exclusive ?? (<R>(work: () => R): R => work());
  let claimed = false;
  try {
    const direct = exclusive(() => {
      // A pausable write is staged: a stop keeps its rows on a sheet of its own, nothing on the user's.
      const s = target.pausable ? null : claimDirect(plan);
      claimed = s !== null;
      return s ? { value: start(s) } : null;
    });
    if (direct) return direct.value;
  } catch (error) {
    // Another writer holds the lock for long: staging needs none until commit.
    if (claimed || !isCreatorError(error) || error.code !== 'BUSY') throw error;
  }
  return start(stagedSink(plan, target.now()));
}

/**
 * The staging sheet an earlier execution of this run filled, its rows going on after the ones
 * there: only if it is still hidden and holds exactly the header and those rows (nobody changed it).
 */
function adoptedSink(plan: BlockPlan, resume: StagedSoFar): BlockSink {
  const sheet = plan.spreadsheet.getSheetByName(resume.staging);
  if (!sheet?.isSheetHidden() || sheet.getLastRow() !== resume.rows + 1) {
    // Still hidden but changed: its rows are worth nothing now (a sheet someone showed is left to them).
    if (sheet?.isSheetHidden()) removeSheet(plan.spreadsheet, sheet);
    throw new CreatorError('WRITE_FAILED', "The rows staged by this report's earlier run are gone, so it starts over next time.");
  }
  return stagedSink(plan, 0, sheet);
}

/**
 * A platform failure (a quota, a timeout) while staging or committing: the user's sheet is as it
 * was, which is what the message says. Our own errors pass as they are.
 */
function guarded<T>(sheetName: string, write: BlockWrite | null, step: () => T): T {
  try {
    return step();
  } catch (error) {
    write?.abort();
    if (isCreatorError(error)) throw error;
    if (CELL_LIMIT.test(error instanceof Error ? error.message : String(error))) {
      // The hidden staging sheet needs room for a second copy of the block while a refresh runs.
      throw new CreatorError(
        'TOO_LARGE',
        `This report does not fit in this spreadsheet: Google allows 10 million cells per spreadsheet, and a refresh needs room for a second copy of the block while it runs. Delete sheets, rows or columns you do not need, add a limit, or pull it into another spreadsheet.`,
      );
    }
    throw new CreatorError(
      'WRITE_FAILED',
      `Writing to sheet '${sheetName}' failed midway; the previous data is still in place. Try again.`,
    );
  }
}

/** Rows staged on a hidden sheet of their own, put in place by commitStaged. */
function stagedSink(plan: BlockPlan, now: number, adopted?: Sheet): BlockSink {
  const { spreadsheet, target, sheetName, width, writeValues } = plan;
  const made =
    adopted ??
    makeStaging(spreadsheet, typeof target.blockId === 'string' ? target.blockId : `sheet:${sheetName}`, width, now, target.runId);
  try {
    if (!adopted) made.getRange(1, 1, 1, width).setFontWeight('bold');
  } catch (error) {
    removeSheet(spreadsheet, made);
    throw error;
  }
  let staging: Sheet | null = made;
  const live = (): Sheet => {
    if (!staging) throw new CreatorError('INTERNAL', 'This block write has already ended. Run the report again.');
    return staging;
  };
  return {
    staged: true,
    append(values, at) {
      const sheet = live();
      growToFit(sheet, { row: 1 + at, col: 1, rows: values.length, cols: width });
      writeValues(sheet, 1 + at, values);
    },
    sheet: () => live(),
    copies: () => !promotes(plan),
    commit(header, note, columns, dataRows, written) {
      const sheet = live();
      const promoted = promotes(plan);
      const hashed = { hashed: written.record() !== null, bands: written.bandsAt, rows: dataRows + 1, more: false };
      const priced = copySize(plan, dataRows, promoted, hashed);
      // Before the staging sheet changes: a commit that cannot run now leaves it as the rows left it.
      const reads = plan.timing?.beforeCopy(sheet, priced) ?? ALL_READS;
      // Where fewer rows than priced can stay in place (their samples say they moved), the bigger
      // copy is judged again before anything changes.
      const copies = {
        priced: priced.copyRows ?? priced.rows,
        refit: (copyRows: number) => plan.timing?.refit(sheet, { rows: priced.rows, cols: priced.cols, checkCells: 0, copyRows }),
      };
      // A sheet made for this write goes again if the commit fails: a failed first run leaves no trace.
      let created: Sheet | null = null;
      const ready = (): void => {
        if (header) writeValues(sheet, 1, [header]);
        dropColumnsOnce(sheet, target.columns, columns);
        applyFormats(sheet, dataRows, columns);
      };
      try {
        const create = (): Sheet => (created = spreadsheet.insertSheet(sheetName));
        const size = { rows: dataRows + 1, cols: columns.length, columns };
        if (promoted) {
          ready();
          const result = promoteStaging(plan, sheet, size, note, written, reads);
          staging = null;
          return result;
        }
        const result = commitStaged(spreadsheet, sheet, target, sheetName, size, note, create, written, { ...reads, ...copies, ready });
        created = null;
        return result;
      } finally {
        removeSheet(spreadsheet, created);
      }
    },
    abort() {
      const sheet = staging;
      staging = null;
      removeSheet(spreadsheet, sheet);
    },
    detach() {
      const sheet = live();
      staging = null;
      keepForLater(sheet, target.now() + (target.keepPausedMs ?? KEEP_PAUSED_MS));
      return sheet.getName();
    },
  };
}

/**
 * Deletes the staging sheet's columns that no row filled, unless an execution killed after it did
 * so already (its header row then holds the kept columns' headers, and nothing after them):
 * deleting them again would take the report's own columns.
 */
function dropColumnsOnce(sheet: Sheet, begun: BlockColumn[], kept: BlockColumn[]): void {
  const dropped = droppedColumns(begun, kept);
  if (dropped.length === 0) return;
  const headers = sheet.getRange(1, 1, 1, Math.min(begun.length, sheet.getMaxColumns())).getValues()[0];
  const holds = (columns: BlockColumn[]): boolean =>
    headers.every((h, i) => String(h) === (i < columns.length ? String(columns[i].header) : ''));
  if (holds(kept) && !holds(begun)) return;
  for (const i of dropped) sheet.deleteColumn(i + 1);
}

function withClipNote(note: string, clipped: number): string {
  if (!clipped) return note;
  return `${note}\n${clipped} cell${clipped === 1 ? ' was' : 's were'} longer than Sheets' 50,000-character limit and ${clipped === 1 ? 'was' : 'were'} clipped (marked "[clipped: ...]").`;
}

/** The block note's line when a refresh replaced the user's sort of the rows. */
export const SORT_REPLACED =
  "The rows had been sorted in the sheet: this refresh wrote them in the report's own order. Sort again after each refresh, or set the report's sort.";

function editsError(sheetName: string, what: string): CreatorError {
  return new CreatorError(
    'BLOCK_CONFLICT',
    `Sheet '${sheetName}' has ${what}. The report was not written, so nothing there was overwritten. Move your rows or cells out of the block (or undo the change), then run it again; or write the report to another sheet.`,
  );
}

/**
 * The rows a refresh left in place get the staged block's formatting, as the copy would have given
 * them: the edit check reads values only, so a number format, a colour or an unbolded header the
 * user gave them would otherwise stay over the new report. A few calls, whatever the rows.
 */
function restyleKept(sheet: Sheet, kept: Rect, columns: BlockColumn[]): void {
  const range = rangeOf(sheet, kept);
  range.clearFormat();
  applyFormats(sheet, kept.rows - 1, columns, kept);
  sheet.getRange(kept.row, kept.col, 1, kept.cols).setFontWeight('bold');
}

/** The commit's copy as priced (rows), judged again when it must copy more; the staging made ready for it. */
interface CopyPriced {
  priced: number;
  refit(copyRows: number): void;
  /** The staging sheet's last touches (header, dropped columns, formats), once nothing stops the commit. */
  ready(): void;
}

function commitStaged(
  spreadsheet: Spreadsheet,
  staging: Sheet,
  target: BlockTarget,
  sheetName: string,
  size: { rows: number; cols: number; columns: BlockColumn[] },
  note: string,
  create: () => Sheet,
  written: WrittenBlock,
  reads: CommitReads & CopyPriced,
): WriteBlockResult {
  const existing = findTarget(spreadsheet, target, sheetName);
  const sheet = existing ?? create();
  const blockId = blockIdOn(target, sheet);
  const committedName = blockRangeName(blockId);
  const pendingName = pendingRangeName(blockId);
  // Pending: left by a write that died midway: ours, and worth nothing.
  const located = locateBlock(spreadsheet, sheet, blockId, target.startCell);
  const { committed, pending, origin, orphan } = located;
  const name = sheet.getName();
  refuseUnrecognised(sheet, name, orphan);

  // A block whose data rows the user only sorted is replaced in the report's own order, and says so.
  const record = committed ? readRecord(sheet, committedName) : null;
  const state = committed && record ? blockState(sheet, committed, record, reads.check) : null;
  if (state?.kind === 'edited') throw editsError(name, state.what);
  const sorted = state?.kind === 'sorted';
  const rect: Rect = { ...origin, rows: size.rows, cols: size.cols };
  const conflict = findConflict(sheet, rect, ownedRects(located));
  if (conflict) throw blockConflictError(name, conflict);

  // Rows at the top that did not change stay as they are: only the rest is copied (commit-span.ts).
  const v2 = record?.v === 2 ? record : null;
  const vouch = reads.check && committed && v2 ? (bands: number) => samplesHold(sheet, committed, v2, bands, written.rowsAt) : undefined;
  const top = committed ? unchangedTopRows({ record: v2, rect: committed, state }, { written, record: written.record(), rect }, vouch) : 0;
  const box: Rect = committed
    ? { row: rect.row, col: rect.col, rows: Math.max(rect.rows, committed.rows), cols: Math.max(rect.cols, committed.cols) }
    : rect;
  if (box.rows - top > reads.priced) reads.refit(box.rows - top);
  reads.ready();

  // Before the copy: an execution killed after it leaves what is needed to finish (pending-commit.ts).
  const fullNote = sorted ? `${note}\n${SORT_REPLACED}` : note;
  const newRecord = stagePendingCommit(
    { sheet, rangeName: committedName, rect, old: record },
    staging,
    { written, reads: reads.record },
    fullNote,
    target,
  );

  // The copy covers old and new together; the user's cells in that box's corners ride along.
  let copied = false;
  try {
    growToFit(staging, { row: 1, col: 1, rows: box.rows, cols: box.cols });
    growToFit(sheet, box);
    for (const corner of subtractAll([box], [rect, ...(committed ? [committed] : [])])) {
      rangeOf(sheet, corner).copyTo(staging.getRange(corner.row - box.row + 1, corner.col - box.col + 1));
    }
    if (top === 0) staging.getRange(1, 1).setNote(fullNote);
    if (top < box.rows)
      rangeOf(staging, { row: 1 + top, col: 1, rows: box.rows - top, cols: box.cols }).copyTo(sheet.getRange(box.row + top, box.col));
    copied = true;
    if (top > 0) restyleKept(sheet, { ...rect, rows: top }, size.columns);
    // After the rows it tells of: a run stopped between the two leaves an older time over new rows, never the reverse.
    if (top > 0) sheet.getRange(rect.row, rect.col).setNote(fullNote);
  } catch (error) {
    // Refused before the copy (a failure, not a kill: after one nothing runs): the old block is as recorded.
    if (!copied) forgetPendingCommit(sheet, committedName);
    throw error;
  }

  markOwned(spreadsheet, committedName, sheet, rect);
  if (pending) {
    for (const r of subtractAll([pending], [box])) {
      const inSheet = intersect(r, sheetRect(sheet));
      if (inSheet) rangeOf(sheet, inSheet).clear();
    }
    forget(spreadsheet, pendingName);
    // A first write killed midway left its new sheet hidden (direct-write.ts): complete, it is shown.
    if (sheet.isSheetHidden()) sheet.showSheet();
  }
  settleCommitted(sheet, committedName, rect, newRecord);
  forgetPendingCommit(sheet, committedName);
  return {
    sheetName: name,
    sheetId: sheet.getSheetId(),
    blockId,
    range: toA1(rect),
    rows: size.rows - 1,
    clippedCells: 0,
    sortReplaced: sorted,
  };
}
