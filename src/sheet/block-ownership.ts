import type { Sheet, Spreadsheet } from '../platform/types';
import { rangeOf, type Rect } from './rect';

/**
 * A report's block is marked with a named range (developer metadata cannot mark an arbitrary
 * range). `CR_<id>` is what the last finished write covers. While a write is under way, the area
 * it is about to fill is also marked `CR_<id>_pending`, so a write that dies midway still owns
 * every cell it may have touched: the next write clears or overwrites them instead of reporting
 * its own leftovers as someone else's content.
 */
export interface OwnedArea {
  sheet: Sheet;
  rect: Rect;
}

/** Named-range names allow letters, digits and "_": anything else is escaped so ids never collide. */
function encodeBlockId(blockId: string): string {
  let out = '';
  for (const ch of blockId) {
    out += /[A-Za-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`;
  }
  return out;
}

export function blockRangeName(blockId: string): string {
  return `CR_${encodeBlockId(blockId)}`;
}

// "pending" has non-hex letters, so no encoded id can end in "_pending": no collisions.
export function pendingRangeName(blockId: string): string {
  return `${blockRangeName(blockId)}_pending`;
}

/**
 * Names the add-on gives besides a block's own: an unfinished write's area, a dashboard tile's
 * cells (bindings/tile-cells). Their suffixes start with a non-hex letter, so no block's name ends so.
 */
const AUXILIARY = /_(pending|tile\d+x\d+|tilechange\d+x\d+)$/;

/** Whether a `CR_` name marks a block, not one of the ranges that go with blocks. */
export function isBlockRangeName(name: string): boolean {
  return !AUXILIARY.test(name);
}

function findNamed(spreadsheet: Spreadsheet, name: string): GoogleAppsScript.Spreadsheet.NamedRange | null {
  for (const named of spreadsheet.getNamedRanges()) if (named.getName() === name) return named;
  return null;
}

export function readOwned(spreadsheet: Spreadsheet, name: string): OwnedArea | null {
  const named = findNamed(spreadsheet, name);
  if (!named) return null;
  const range = named.getRange();
  return {
    sheet: range.getSheet(),
    rect: { row: range.getRow(), col: range.getColumn(), rows: range.getNumRows(), cols: range.getNumColumns() },
  };
}

export function markOwned(spreadsheet: Spreadsheet, name: string, sheet: Sheet, rect: Rect): void {
  const range = rangeOf(sheet, rect);
  const named = findNamed(spreadsheet, name);
  if (named) named.setRange(range);
  else spreadsheet.setNamedRange(name, range);
}

export function forget(spreadsheet: Spreadsheet, name: string): void {
  if (findNamed(spreadsheet, name)) spreadsheet.removeNamedRange(name);
}
