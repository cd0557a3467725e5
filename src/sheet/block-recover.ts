import type { Sheet, Spreadsheet } from '../platform/types';
import { CreatorError } from '../shared/errors';
import { blockState } from './block-edits';
import { blockRangeName, markOwned, readOwned } from './block-ownership';
import { readRecord, type StoredBlockRecord } from './block-record';
import { conflictPlace, findConflict } from './conflicts';
import { intersect, parseCell, sheetRect, toA1, type Rect } from './rect';

/**
 * A block whose named range the user deleted (Data > Named ranges) still has its record on the
 * sheet. Where the record's hashes match the cells at the place it was last written (or, for a
 * record from before places were stored, the report's start cell), those cells are the report's
 * own: its named range is made again and the refresh goes on as usual. Where they match nowhere,
 * or at two places, nothing tells the report's cells from the user's, so the block is only
 * described (`unrecognised`), for a refusal that names it.
 */
export type Recovery = { kind: 'recovered'; rect: Rect } | { kind: 'unrecognised'; rect: Rect };

/** Only hashes tell a block from other cells of its size; a shape-only record cannot. */
function hashed(record: StoredBlockRecord): boolean {
  return record.band !== null && record.rowHashes.length > 0;
}

function places(record: StoredBlockRecord, startCell: string | undefined): Array<{ row: number; col: number }> {
  const start = parseCell(startCell ?? 'A1');
  const at = record.v === 2 ? record.at : undefined;
  return at && (at.row !== start.row || at.col !== start.col) ? [at, start] : [start];
}

function inside(sheet: Sheet, rect: Rect): boolean {
  const clipped = intersect(rect, sheetRect(sheet));
  return clipped !== null && clipped.rows === rect.rows && clipped.cols === rect.cols;
}

export function recoverBlock(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string, startCell?: string): Recovery | null {
  const name = blockRangeName(blockId);
  // A named range elsewhere (the block moved to another sheet with it) is not this case.
  if (readOwned(spreadsheet, name)) return null;
  const record = readRecord(sheet, name);
  if (!record) return null;
  const rects = places(record, startCell).map((p) => ({ ...p, rows: record.rows, cols: record.cols }));
  const matching = hashed(record) ? rects.filter((rect) => inside(sheet, rect) && blockState(sheet, rect, record).kind !== 'edited') : [];
  if (matching.length !== 1) return { kind: 'unrecognised', rect: rects[0] };
  markOwned(spreadsheet, name, sheet, matching[0]);
  return { kind: 'recovered', rect: matching[0] };
}

/**
 * Refuses a write while cells remain where an unrecognised block was: they may be the user's now.
 * Names those cells (not the header the report is about to write) and how to go on.
 */
export function refuseUnrecognised(sheet: Sheet, sheetName: string, orphan: Rect | null): void {
  if (!orphan) return;
  const conflict = findConflict(sheet, orphan, []);
  if (!conflict) return;
  throw new CreatorError(
    'BLOCK_CONFLICT',
    `Sheet '${sheetName}' has content in ${conflictPlace(conflict)}, where this report's block was (${toA1(orphan)}). ` +
      'The block\u2019s named range was deleted and those cells no longer match what the report last wrote, so they may be yours: nothing was changed. ' +
      'To refresh the report there, clear or move those cells; or choose another sheet for it.',
  );
}
