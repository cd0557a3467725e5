import { isCreatorError } from '../shared/errors';
import type { Spreadsheet } from '../platform/types';
import { beginBlockWrite, type BlockWrite } from './block-write';
import { ROWS_PER_BATCH } from './write-report-block';
import type { BlockColumn, BlockTable, WriteBlockInput, WriteBlockResult } from './report-table';
import type { StagedSoFar } from './block-place';

/** A block whose rows arrive in batches: staged as they come, put in place at commit. */
export interface StreamedBlock {
  /**
   * Stages a batch (every batch has the same columns): nothing on the user's sheets changes.
   * `expected`: the rows the whole block will have, where known (for progress).
   */
  rows(batch: BlockTable, expected?: number | null): void;
  /** Drops what was staged: the rows will come again, maybe with other columns. */
  restart(): void;
  /**
   * Puts the block in place (call it under the document lock), as writeReportBlock does for a
   * whole table. `columns`: the final ones (formats a later batch widened, laid-out columns no row
   * filled left out, which the staged block drops; the columns when no batch came at all).
   */
  commit(note: string, columns: BlockColumn[]): WriteBlockResult;
  /** Removes the staging; the user's sheets stay as they were. */
  abort(): void;
  /**
   * After a pausable write stopped (TIME_BUDGET): ends it keeping its staging sheet, and says what
   * is there, with the keys of its last rows (to drop them should the API's pages have shifted
   * when the run continues). Null when nothing was staged (the write is aborted then).
   */
  pause(): Continued | null;
  /** Data rows the block has so far (staged or waiting), earlier executions' included. */
  readonly staged: number;
}

/** Where a continued write stands between executions. */
export interface Continued extends StagedSoFar {
  /** rowKey of the last rows staged (up to TAIL_KEYS). */
  tail: string[];
}

/** A page's worth: the most rows a page can shift by between executions before its count check fails. */
export const TAIL_KEYS = 500;

/**
 * A row's identity across executions: the hash of its cells as written. The rows of one pinned
 * report differ in their key columns, so equal hashes mean the same row served twice.
 */
export function rowKey(row: unknown[]): string {
  const text = JSON.stringify(row);
  let h = 2166136261;
  let g = 5381;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h = Math.imul(h ^ c, 16777619);
    g = (Math.imul(g, 33) + c) | 0;
  }
  return (h >>> 0).toString(36) + (g >>> 0).toString(36);
}

/**
 * The streamed form of writeReportBlock (see block-write.ts for the staged, all-or-nothing write):
 * only the rows not yet staged are held, up to ROWS_PER_BATCH, so a pull's memory stays bounded
 * by a few batches whatever its size. The target's conflicts are checked again at commit.
 */
export function streamReportBlock(
  spreadsheet: Spreadsheet,
  input: Omit<WriteBlockInput, 'table' | 'note' | 'onProgress' | 'resume'> & { resume?: Continued },
  /** After each chunk is staged: rows written so far, and of how many where known. */
  onWritten?: (rows: number, expected: number | null) => void,
): StreamedBlock {
  let write: BlockWrite | null = null;
  let waiting: unknown[][] = [];
  let expected: number | null = null;
  // The earlier executions' last rows: the first batch of this one drops any it brings again.
  let skip: Set<string> | null = input.resume?.tail.length ? new Set(input.resume.tail) : null;
  let lastChunk: unknown[][] = [];
  const begin = (columns: BlockColumn[], sheetSafe: boolean | undefined): BlockWrite =>
    beginBlockWrite(spreadsheet, {
      sheetName: input.sheetName,
      blockId: input.blockId,
      sheetId: input.sheetId,
      columns,
      startCell: input.startCell,
      sheetSafe,
      exclusive: input.exclusive,
      now: input.now,
      stopBy: input.stopBy,
      runId: input.runId,
      runIsLive: input.runIsLive,
      pausable: input.pausable,
      keepPausedMs: input.keepPausedMs,
      resume: input.resume ? { staging: input.resume.staging, rows: input.resume.rows } : undefined,
    });
  /** Stages whole chunks of ROWS_PER_BATCH (or everything, at the end): one write each. */
  const stage = (w: BlockWrite, all: boolean): void => {
    while (waiting.length >= ROWS_PER_BATCH || (all && waiting.length > 0)) {
      const chunk = waiting.length > ROWS_PER_BATCH ? waiting.slice(0, ROWS_PER_BATCH) : waiting;
      waiting = chunk === waiting ? [] : waiting.slice(ROWS_PER_BATCH);
      w.appendRows(chunk, expected);
      lastChunk = chunk;
      onWritten?.(w.rows, expected === null ? null : Math.max(expected, w.rows));
    }
  };
  const block: StreamedBlock = {
    rows(batch, rowsExpected) {
      if (rowsExpected !== undefined && rowsExpected !== null) expected = rowsExpected;
      if (!write) write = begin(batch.columns, batch.sheetSafe);
      const seen = skip;
      skip = null;
      for (const row of batch.rows) if (!seen?.has(rowKey(row))) waiting.push(row);
      stage(write, false);
    },
    restart() {
      block.abort();
    },
    commit(note, columns) {
      const w = write ?? begin(columns, true);
      write = null;
      try {
        stage(w, true);
      } catch (error) {
        // A pausable write stopped by the time limit stays open for pause().
        if (input.pausable && isCreatorError(error) && error.code === 'TIME_BUDGET') write = w;
        else w.abort();
        throw error;
      }
      return w.commit(note, columns);
    },
    abort() {
      write?.abort();
      write = null;
      waiting = [];
    },
    pause() {
      const w = write;
      write = null;
      waiting = [];
      const kept = w ? w.pause() : null;
      if (!kept) return null;
      const older = lastChunk.length ? [] : (input.resume?.tail ?? []);
      const tail = older.concat(lastChunk.slice(-TAIL_KEYS).map(rowKey)).slice(-TAIL_KEYS);
      return { ...kept, tail };
    },
    get staged() {
      return (write ? write.rows : (input.resume?.rows ?? 0)) + waiting.length;
    },
  };
  return block;
}
