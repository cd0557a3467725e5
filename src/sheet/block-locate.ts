import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, pendingRangeName, readOwned } from './block-ownership';
import { recoverBlock } from './block-recover';
import { settlePendingCommit } from './pending-commit';
import { parseCell, type Rect } from './rect';

/**
 * Where a report's block is on a sheet, found by its named ranges only: Sheets moves a named
 * range with the cells when the user inserts rows above the block (a title) or columns to its left
 * (notes), so the block is where its range says, never where it was first put. Every path that
 * checks or writes a block starts here. A block whose named range the user deleted is recognised
 * from its record and its range made again where that is certain (block-recover.ts); a commit
 * killed between its copy and its record is finished or dropped first (pending-commit.ts).
 */
export interface LocatedBlock {
  /** What the last finished write covers (`CR_<id>`). */
  committed: Rect | null;
  /** What an unfinished write marked (`CR_<id>_pending`), left by a run that died midway. */
  pending: Rect | null;
  /** The block's top-left cell: where its header is now, or where a new block goes. */
  origin: { row: number; col: number };
  /** Where a block whose named range was deleted, and which could not be recognised, was. */
  orphan: Rect | null;
}

export function locateBlock(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string, startCell?: string): LocatedBlock {
  const on = (name: string): Rect | null => {
    const area = readOwned(spreadsheet, name);
    return area && area.sheet.getSheetId() === sheet.getSheetId() ? area.rect : null;
  };
  // A commit killed between its copy and its record is settled first: the block is then where it says.
  settlePendingCommit(spreadsheet, sheet, blockId);
  let committed = on(blockRangeName(blockId));
  const pending = on(pendingRangeName(blockId));
  let orphan: Rect | null = null;
  if (!committed && !pending) {
    const recovery = recoverBlock(spreadsheet, sheet, blockId, startCell);
    if (recovery?.kind === 'recovered') committed = recovery.rect;
    else if (recovery) orphan = recovery.rect;
  }
  const at = committed ?? pending;
  return { committed, pending, origin: at ? { row: at.row, col: at.col } : parseCell(startCell ?? 'A1'), orphan };
}

/** The block's own cells (finished and unfinished): content there is the report's, not the user's. */
export function ownedRects(located: LocatedBlock): Rect[] {
  return [located.committed, located.pending].filter((r): r is Rect => r !== null);
}
