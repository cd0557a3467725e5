import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, forget, isBlockRangeName, markOwned, pendingRangeName, readOwned, type OwnedArea } from './block-ownership';
import { forgetRecord, readRecord, writeRecord } from './block-record';
import { movePendingCommit } from './pending-commit';
import type { Rect } from './rect';

/** A block some report owns on a sheet, as found by its named range. */
export interface BlockOnSheet {
  /** The named range that marks it (`CR_<encoded id>`). */
  rangeName: string;
  rect: Rect;
  /** The note on its header cell: what it is and how fresh (see sidebar/block-note). */
  note: string;
}

/** Every finished block on `sheet`, in the order the spreadsheet lists its named ranges. */
export function blocksOnSheet(spreadsheet: Spreadsheet, sheet: Sheet): BlockOnSheet[] {
  const out: BlockOnSheet[] = [];
  for (const named of spreadsheet.getNamedRanges()) {
    const name = named.getName();
    if (name.indexOf('CR_') !== 0 || !isBlockRangeName(name)) continue;
    const range = named.getRange();
    if (range.getSheet().getSheetId() !== sheet.getSheetId()) continue;
    const rect = { row: range.getRow(), col: range.getColumn(), rows: range.getNumRows(), cols: range.getNumColumns() };
    out.push({ rangeName: name, rect, note: sheet.getRange(rect.row, rect.col).getNote() });
  }
  return out;
}

export function ownsBlockOn(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string): OwnedArea | null {
  const area = readOwned(spreadsheet, blockRangeName(blockId));
  return area && area.sheet.getSheetId() === sheet.getSheetId() ? area : null;
}

/**
 * Hands a block (and any unfinished write it marked) from one owner to another, e.g. from the
 * report builder to the saved report made from it, so the new owner refreshes those cells instead
 * of calling them someone else's. Does nothing when `from` owns nothing on the sheet or `to`
 * already owns a block there. Returns whether a block changed hands.
 */
export function handOverBlock(spreadsheet: Spreadsheet, sheet: Sheet, from: string, to: string): boolean {
  if (from === to || ownsBlockOn(spreadsheet, sheet, to)) return false;
  const block = ownsBlockOn(spreadsheet, sheet, from);
  if (!block) return false;
  markOwned(spreadsheet, blockRangeName(to), block.sheet, block.rect);
  forget(spreadsheet, blockRangeName(from));
  // What the writer remembers of the block (its shape and fingerprints) goes with it.
  const record = readRecord(block.sheet, blockRangeName(from));
  forgetRecord(block.sheet, blockRangeName(from));
  if (record) writeRecord(block.sheet, blockRangeName(to), record);
  movePendingCommit(block.sheet, blockRangeName(from), blockRangeName(to));
  const pending = readOwned(spreadsheet, pendingRangeName(from));
  if (pending) {
    markOwned(spreadsheet, pendingRangeName(to), pending.sheet, pending.rect);
    forget(spreadsheet, pendingRangeName(from));
  }
  return true;
}
