import type { Spreadsheet } from '../platform/types';
import { beginBlockWrite, type BlockTarget, type BlockWrite } from './block-write';
import { readyQueue, type ReadyQueue } from './ready-rows';
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
  /** rowKey of the last rows staged (up to TAIL_KEYS), by the report's key columns. */
  tail: string[];
}

/**
 * The rows a continued run remembers: a page of the API's (500 rows at most) and the rows it asks
 * for again before it (a continued pull starts that much earlier, run/continue-run.ts), so a row
 * that moved up or down by as much between executions is still recognised. 600 keys of at most 9
 * characters keep the checkpoint under Apps Script's 9 KB per property value.
 */
export const TAIL_KEYS = 600;

/**
 * A row's identity across executions: the hash of its key cells (the report's dates and
 * dimensions, the catalog's key, as a history and a BigQuery export identify a row), so a row the
 * API served again with revised metrics is the same row. Without key columns: the whole row.
 */
export function rowKey(row: unknown[], keyColumns: readonly number[] | null = null): string {
  const text = JSON.stringify(keyColumns ? keyColumns.map((i) => row[i]) : row);
  let h = 2166136261;
  let g = 5381;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h = Math.imul(h ^ c, 16777619);
    g = (Math.imul(g, 33) + c) | 0;
  }
  // 32 + 10 bits: short enough for TAIL_KEYS in one property value.
  return (h >>> 0).toString(36) + ((g >>> 0) % 1024).toString(36);
}

/**
 * The earlier executions' last rows, as many of each key as were staged: a row served again is
 * dropped (once per time it was staged) among the first rows this execution receives.
 */
function repeats(tail: readonly string[]): { drop(key: string): boolean; done(): boolean } {
  const left = new Map<string, number>();
  for (const key of tail) left.set(key, (left.get(key) ?? 0) + 1);
  // The rows asked for again come first; a row that moved lies within a page of them.
  let window = 2 * TAIL_KEYS;
  return {
    drop(key) {
      window--;
      const n = left.get(key) ?? 0;
      if (n > 0) left.set(key, n - 1);
      return n > 0;
    },
    done: () => window <= 0,
  };
}

/** The columns of the report's key fields; null (the whole row) when the block has none of them. */
function keyColumnsOf(columns: readonly BlockColumn[], fields: readonly string[] | undefined): number[] | null {
  if (!fields?.length) return null;
  const at = columns.map((c, i) => (c.field !== undefined && fields.indexOf(c.field) >= 0 ? i : -1)).filter((i) => i >= 0);
  return at.length ? at : null;
}

type StreamInput = Omit<WriteBlockInput, 'table' | 'note' | 'onProgress' | 'resume'> & {
  resume?: Continued;
  /** The report's key fields (dates and dimensions), by which a continued run recognises a row. */
  keyFields?: readonly string[];
};

/** The block write of a stream whose first batch has these columns. */
function targetOf(input: StreamInput, columns: BlockColumn[], sheetSafe: boolean | undefined): BlockTarget {
  return {
    sheetName: input.sheetName,
    blockId: input.blockId,
    sheetId: input.sheetId,
    columns,
    startCell: input.startCell,
    sheetSafe,
    exclusive: input.exclusive,
    now: input.now,
    stopBy: input.stopBy,
    executionMs: input.executionMs,
    runId: input.runId,
    runIsLive: input.runIsLive,
    pausable: input.pausable,
    keepPausedMs: input.keepPausedMs,
    resume: input.resume ? { staging: input.resume.staging, rows: input.resume.rows } : undefined,
  };
}

/**
 * The streamed form of writeReportBlock (see block-write.ts for the staged, all-or-nothing write):
 * only the rows not yet staged are held, up to one setValues call's (BlockWrite.callRows), so a
 * pull's memory stays bounded whatever its size. Rows are made into cells and hashed as they
 * arrive (BlockWrite.ready). The target's conflicts are checked again at commit.
 */
export function streamReportBlock(
  spreadsheet: Spreadsheet,
  input: StreamInput,
  /** After each chunk is staged: rows written so far, and of how many where known. */
  onWritten?: (rows: number, expected: number | null) => void,
): StreamedBlock {
  let write: BlockWrite | null = null;
  let waiting: ReadyQueue | null = null;
  let expected: number | null = null;
  // The earlier executions' last rows: the first rows of this one drop any it brings again.
  let skip = input.resume?.tail.length ? repeats(input.resume.tail) : null;
  let keyColumns: number[] | null = null;
  const tail: string[] = input.resume?.tail ?? [];
  // This execution's last rows staged: keyed only when it pauses (a key is a JSON text of the row).
  let recent: unknown[][] = [];
  const keyOf = (row: unknown[]): string => rowKey(row, keyColumns);
  // Whether this execution's write touched the staging sheet (a chunk or the commit was tried).
  let touched = false;
  const begin = (columns: BlockColumn[], sheetSafe: boolean | undefined): BlockWrite =>
    beginBlockWrite(spreadsheet, targetOf(input, columns, sheetSafe));
  /** Stages whole calls' worth of rows (or everything, at the end): one write each. */
  const stage = (w: BlockWrite, all: boolean): void => {
    while (waiting && (waiting.rows >= w.callRows || (all && waiting.rows > 0))) {
      const chunk = waiting.take(w.callRows);
      touched = true;
      w.appendRows(chunk, expected);
      if (input.pausable) recent = recent.concat(chunk.rows.slice(-TAIL_KEYS)).slice(-TAIL_KEYS);
      onWritten?.(w.rows, expected === null ? null : Math.max(expected, w.rows));
    }
  };
  const block: StreamedBlock = {
    rows(batch, rowsExpected) {
      if (rowsExpected !== undefined && rowsExpected !== null) expected = rowsExpected;
      if (!write) {
        write = begin(batch.columns, batch.sheetSafe);
        keyColumns = keyColumnsOf(batch.columns, input.keyFields);
        waiting = readyQueue(batch.columns.length);
      }
      const seen = skip;
      const kept = seen ? batch.rows.filter((row) => seen.done() || !seen.drop(keyOf(row))) : batch.rows;
      if (seen?.done()) skip = null;
      waiting?.add(write.ready(kept));
      stage(write, false);
    },
    restart: () => block.abort(),
    commit(note, columns) {
      const w = write ?? begin(columns, true);
      write = null;
      try {
        stage(w, true);
        touched = true;
        return w.commit(note, columns);
      } catch (error) {
        // A pausable write stays open for its run to keep (pause()) or drop (abort()), unless it
        // ended itself (a commit that failed past its copy's check).
        if (input.pausable) write = w;
        else w.abort();
        throw error;
      }
    },
    abort() {
      write?.abort();
      write = null;
      waiting = null;
      recent = [];
    },
    pause() {
      const w = write;
      write = null;
      waiting = null;
      // Nothing tried on the staging sheet in this execution: what the earlier ones staged stays as it is.
      if (w && !touched) w.abort();
      const kept = w && touched ? w.pause() : (input.resume ?? null);
      if (!kept) return null;
      return { ...kept, tail: tail.concat(recent.map(keyOf)).slice(-TAIL_KEYS) };
    },
    get staged() {
      return (write ? write.rows : (input.resume?.rows ?? 0)) + (waiting?.rows ?? 0);
    },
  };
  return block;
}
