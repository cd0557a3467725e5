import type { Spreadsheet } from '../platform/types';
import { beginBlockWrite } from './block-write';
import type { WriteBlockInput, WriteBlockResult } from './report-table';

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
    // One setValues call at a time, so progress is reported as a big table is staged.
    for (let offset = 0; offset < rows.length; ) {
      const end = Math.min(rows.length, offset + write.callRows);
      write.appendRows(rows.slice(offset, end));
      offset = end;
      input.onProgress?.(offset, rows.length);
    }
    return write.commit(input.note);
  } catch (error) {
    write.abort();
    throw error;
  }
}
