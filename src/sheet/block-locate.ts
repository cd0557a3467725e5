import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, pendingRangeName, readOwned } from './block-ownership';
import { parseCell, type Rect } from './rect';

/**
 * Where a report's block is on a sheet, found by its named ranges only: Sheets moves a named
 * range with the cells when the user inserts rows above the block (a title) or columns to its left
 * (notes), so the block is where its range says, never where it was first put. Every path that
 * checks or writes a block starts here.
 */
export interface LocatedBlock {
  /** What the last finished write covers (`CR_<id>`). */
  committed: Rect | null;
  /** What an unfinished write marked (`CR_<id>_pending`), left by a run that died midway. */
  pending: Rect | null;
  /** The block's top-left cell: where its header is now, or where a new block goes. */
  origin: { row: number; col: number };
}

export function locateBlock(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string, startCell?: string): LocatedBlock {
  const on = (name: string): Rect | null => {
    const area = readOwned(spreadsheet, name);
    return area && area.sheet.getSheetId() === sheet.getSheetId() ? area.rect : null;
  };
  const committed = on(blockRangeName(blockId));
  const pending = on(pendingRangeName(blockId));
  const at = committed ?? pending;
  return { committed, pending, origin: at ? { row: at.row, col: at.col } : parseCell(startCell ?? 'A1') };
}

/** The block's own cells (finished and unfinished): content there is the report's, not the user's. */
export function ownedRects(located: LocatedBlock): Rect[] {
  return [located.committed, located.pending].filter((r): r is Rect => r !== null);
}
