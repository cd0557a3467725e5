import type { Spreadsheet } from '../platform/types';
import { beginBlockWrite } from './block-write';
import type { WriteBlockInput, WriteBlockResult } from './report-table';

/**
 * Rows staged per appendRows call: progress can be reported while a big table is staged, and a
 * streamed block gathers this many before staging them (a handful of writes, not one per page).
 */
export const ROWS_PER_BATCH = 20_000;

/**
 * Writes a whole table as one block the report owns (see block-write.ts for the staged, all-or-
 * nothing write). Everything that can fail before the block lands (bad input, the user's cells in
 * the way or inside the old block, a write that dies midway) leaves the user's sheets as they were.
 */
export function writeReportBlock(spreadsheet: Spreadsheet, input: WriteBlockInput): WriteBlockResult {
  const write = beginBlockWrite(spreadsheet, {
    sheetName: input.sheetName,
    blockId: input.blockId,
    sheetId: input.sheetId,
    columns: input.table.columns,
    startCell: input.startCell,
    sheetSafe: input.table.sheetSafe,
    fixedTail: input.table.fixedTail,
    exclusive: input.exclusive,
    now: input.now,
    runId: input.runId,
    runIsLive: input.runIsLive,
    stopBy: input.stopBy,
  });
  try {
    const { rows } = input.table;
    for (let offset = 0; offset < rows.length; offset += ROWS_PER_BATCH) {
      write.appendRows(rows.slice(offset, offset + ROWS_PER_BATCH));
      input.onProgress?.(Math.min(rows.length, offset + ROWS_PER_BATCH), rows.length);
    }
    return write.commit(input.note);
  } catch (error) {
    write.abort();
    throw error;
  }
}
