import { CreatorError } from '../shared/errors';
import type { Sheet } from '../platform/types';
import { contentRect, intersect, readInSlices, subtractAll, toA1, type Rect } from './rect';

/** Up to this many cells in the way are named one by one; more are named by their bounding box. */
const CELLS_NAMED = 5;

export interface Conflict {
  /** The bounding box of every cell in the way. */
  box: Rect;
  /** How many cells are in the way. */
  count: number;
  /** The first few of them, in reading order. */
  cells: Rect[];
}

/**
 * What findConflict reads (values and formulas): `target` less what the block owns, up to the
 * sheet's last content. Past the last row and column with content every cell is empty: a block
 * growing into rows the sheet has (added at its bottom, or left by a longer report) reads none of
 * them, not minutes' worth.
 */
export function conflictAreas(sheet: Sheet, target: Rect, owned: Rect[]): Rect[] {
  const content = contentRect(sheet);
  return subtractAll([target], owned)
    .map((part) => intersect(part, content))
    .filter((part): part is Rect => part !== null);
}

/**
 * Cells in `target` outside what this block owns that hold anything (a value or a formula, even
 * one showing ""). Returns where they are, or null when the block may be written.
 */
export function findConflict(sheet: Sheet, target: Rect, owned: Rect[]): Conflict | null {
  let top = Infinity;
  let left = Infinity;
  let bottom = 0;
  let right = 0;
  let count = 0;
  const cells: Rect[] = [];
  for (const clipped of conflictAreas(sheet, target, owned)) {
    readInSlices(sheet, clipped, (values, formulas, offset) => {
      for (let r = 0; r < values.length; r++) {
        for (let c = 0; c < clipped.cols; c++) {
          if (values[r][c] === '' && formulas[r][c] === '') continue;
          const row = clipped.row + offset + r;
          const col = clipped.col + c;
          top = Math.min(top, row);
          bottom = Math.max(bottom, row);
          left = Math.min(left, col);
          right = Math.max(right, col);
          count++;
          if (cells.length < CELLS_NAMED + 1) cells.push({ row, col, rows: 1, cols: 1 });
        }
      }
    });
  }
  if (bottom === 0) return null;
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return { box: { row: top, col: left, rows: bottom - top + 1, cols: right - left + 1 }, count, cells };
}

/**
 * Where the cells in the way are, as a person looks for them: "B3", "A6 and B7", "A1, C2 and D9",
 * or for many cells their area: "A1:G31 (40 cells)". A box around two far-apart cells would send
 * the user looking through hundreds of empty ones.
 */
export function conflictPlace(conflict: Conflict): string {
  if (conflict.count > CELLS_NAMED) return `${toA1(conflict.box)} (${conflict.count} cells)`;
  const names = conflict.cells.map(toA1);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function blockConflictError(sheetName: string, conflict: Conflict): CreatorError {
  return new CreatorError(
    'BLOCK_CONFLICT',
    `Sheet '${sheetName}' has other content in ${conflictPlace(conflict)}, where this report needs to write. Move that content or choose another sheet.`,
  );
}
