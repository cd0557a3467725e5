import type { Sheet, Spreadsheet } from '../platform/types';
import { CreatorError } from '../shared/errors';
import { blockState } from './block-edits';
import { blocksOnSheet } from './block-handover';
import { blockRangeName, markOwned, readOwned } from './block-ownership';
import { readRecord, type StoredBlockRecord } from './block-record';
import { cellHash, rowHashText } from './cell-hash';
import { conflictPlace, findConflict } from './conflicts';
import { intersect, parseCell, readInSlices, sheetRect, toA1, type Rect } from './rect';

/**
 * A block whose named range the user deleted (Data > Named ranges) still has its record on the
 * sheet. Where the record's hashes match the cells at the place it was last written (or, for a
 * record from before places were stored, the report's start cell), or else at the one place on
 * the sheet whose row matches the record's header (rows or columns inserted around the block
 * after its range was gone), those cells are the report's own: its named range is made again and
 * the refresh goes on as usual. Where they match nowhere, or at two places, nothing tells the
 * report's cells from the user's, so the block is only described (`unrecognised`), for a refusal
 * that names it.
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

/**
 * Above this many cells (last row by last column) the sheet is not searched: reading costs about
 * 25 µs a cell and the person is waiting. The block is then looked for at its known places only.
 */
const MAX_SEARCH_CELLS = 200_000;

/** Top-left cells of every row segment, the record's width, whose hash is the record's header's. */
function headerMatches(sheet: Sheet, record: StoredBlockRecord): Array<{ row: number; col: number }> {
  if (record.v !== 2 || record.head.length === 0) return [];
  const rows = sheet.getLastRow() - record.rows + 1;
  const cols = sheet.getLastColumn();
  if (rows < 1 || cols < record.cols || sheet.getLastRow() * cols > MAX_SEARCH_CELLS) return [];
  const found: Array<{ row: number; col: number }> = [];
  const cells = new Array<number>(cols);
  readInSlices(sheet, { row: 1, col: 1, rows, cols }, (values, formulas, offset) => {
    for (let r = 0; r < values.length; r++) {
      for (let c = 0; c < cols; c++) cells[c] = cellHash(values[r][c], formulas[r]?.[c]);
      for (let c = 0; c + record.cols <= cols; c++) {
        if (rowHashText(cells.slice(c, c + record.cols)) === record.head[0]) found.push({ row: 1 + offset + r, col: 1 + c });
      }
    }
  });
  return found;
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
  const sized = (p: { row: number; col: number }): Rect => ({ ...p, rows: record.rows, cols: record.cols });
  const known = places(record, startCell).map(sized);
  if (!hashed(record)) return { kind: 'unrecognised', rect: known[0] };
  // Another report's cells are never taken, however alike.
  const others = blocksOnSheet(spreadsheet, sheet).map((b) => b.rect);
  const isBlock = (rect: Rect): boolean =>
    inside(sheet, rect) && !others.some((o) => intersect(o, rect)) && blockState(sheet, rect, record).kind !== 'edited';
  let matching = known.filter(isBlock);
  if (matching.length === 0) {
    const seen = (p: { row: number; col: number }) => known.some((k) => k.row === p.row && k.col === p.col);
    matching = headerMatches(sheet, record)
      .filter((p) => !seen(p))
      .map(sized)
      .filter(isBlock);
  }
  if (matching.length !== 1) return { kind: 'unrecognised', rect: known[0] };
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
