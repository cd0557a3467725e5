import type { Spreadsheet } from '../platform/types';
import { beginBlockWrite, type BlockWrite } from './block-write';
import { ROWS_PER_BATCH } from './write-report-block';
import type { BlockColumn, BlockTable, WriteBlockInput, WriteBlockResult } from './report-table';

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
}

/**
 * The streamed form of writeReportBlock (see block-write.ts for the staged, all-or-nothing write):
 * only the rows not yet staged are held, up to ROWS_PER_BATCH, so a pull's memory stays bounded
 * by a few batches whatever its size. The target's conflicts are checked again at commit.
 */
export function streamReportBlock(
  spreadsheet: Spreadsheet,
  input: Omit<WriteBlockInput, 'table' | 'note' | 'onProgress'>,
  /** After each chunk is staged: rows written so far, and of how many where known. */
  onWritten?: (rows: number, expected: number | null) => void,
): StreamedBlock {
  let write: BlockWrite | null = null;
  let waiting: unknown[][] = [];
  let expected: number | null = null;
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
    });
  /** Stages whole chunks of ROWS_PER_BATCH (or everything, at the end): one write each. */
  const stage = (w: BlockWrite, all: boolean): void => {
    while (waiting.length >= ROWS_PER_BATCH || (all && waiting.length > 0)) {
      const chunk = waiting.length > ROWS_PER_BATCH ? waiting.slice(0, ROWS_PER_BATCH) : waiting;
      waiting = chunk === waiting ? [] : waiting.slice(ROWS_PER_BATCH);
      w.appendRows(chunk);
      onWritten?.(w.rows, expected === null ? null : Math.max(expected, w.rows));
    }
  };
  const block: StreamedBlock = {
    rows(batch, rowsExpected) {
      if (rowsExpected !== undefined && rowsExpected !== null) expected = rowsExpected;
      if (!write) write = begin(batch.columns, batch.sheetSafe);
      for (const row of batch.rows) waiting.push(row);
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
        w.abort();
        throw error;
      }
      return w.commit(note, columns);
    },
    abort() {
      write?.abort();
      write = null;
      waiting = [];
    },
  };
  return block;
}
