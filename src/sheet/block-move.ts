import { CreatorError } from '../shared/errors';
import type { Spreadsheet } from '../platform/types';
import { blockRangeName, forget, markOwned, pendingRangeName, readOwned } from './block-ownership';
import { growToFit } from './block-place';
import { blockConflictError, findConflict } from './conflicts';
import { intersect, parseCell, rangeOf, toA1, type Rect } from './rect';

/**
 * Moves a block, whole, to start at `startCell` on its sheet: values, formats and its note, then
 * its named range; the cells it leaves are cleared (they were the block's own). Used when a
 * dashboard made with an older layout is rebuilt, so no refresh ever has to drop the data it has.
 * Refused (BLOCK_CONFLICT, nothing changed) when anything else is in the way. A block that does
 * not exist yet has nothing to move: its first write makes it at the new place.
 */
export function moveBlock(spreadsheet: Spreadsheet, blockId: string, startCell: string): void {
  const name = blockRangeName(blockId);
  const owned = readOwned(spreadsheet, name);
  if (!owned) return;
  const { sheet, rect } = owned;
  const start = parseCell(startCell);
  if (rect.row === start.row && rect.col === start.col) return;
  const to: Rect = { row: start.row, col: start.col, rows: rect.rows, cols: rect.cols };
  if (intersect(rect, to)) {
    // Never the case for a dashboard's parts (old: side by side on row 1; new: stacked in column A).
    throw new CreatorError('BLOCK_CONFLICT', `The report's block ${toA1(rect)} cannot move to ${startCell}: the two overlap.`);
  }
  const conflict = findConflict(sheet, to, []);
  if (conflict) throw blockConflictError(sheet.getName(), conflict);
  growToFit(sheet, to);
  const note = sheet.getRange(rect.row, rect.col).getNote();
  rangeOf(sheet, rect).copyTo(rangeOf(sheet, to));
  // The header's note says what the block is (other reports' messages name it): set whether or not copyTo carried it.
  if (note) sheet.getRange(to.row, to.col).setNote(note);
  markOwned(spreadsheet, name, sheet, to);
  forget(spreadsheet, pendingRangeName(blockId));
  rangeOf(sheet, rect).clear().clearNote();
}
