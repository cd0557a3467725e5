import type { Sheet } from '../platform/types';
import { intersect, readInSlices, sheetRect, subtractAll, type Rect } from './rect';

/**
 * Cells in `target` outside what this block owns that hold anything (a value or a formula, even
 * one showing ""). Returns their bounding box, or null when the block may be written.
 */
export function findConflict(sheet: Sheet, target: Rect, owned: Rect[]): Rect | null {
  const inSheet = sheetRect(sheet);
  let top = Infinity;
  let left = Infinity;
  let bottom = 0;
  let right = 0;
  for (const part of subtractAll([target], owned)) {
    const clipped = intersect(part, inSheet);
    if (!clipped) continue;
    readInSlices(sheet, clipped, (values, formulas, offset) => {
      for (let r = 0; r < values.length; r++) {
        for (let c = 0; c < clipped.cols; c++) {
          if (values[r][c] === '' && formulas[r][c] === '') continue;
          top = Math.min(top, clipped.row + offset + r);
          bottom = Math.max(bottom, clipped.row + offset + r);
          left = Math.min(left, clipped.col + c);
          right = Math.max(right, clipped.col + c);
        }
      }
    });
  }
  return bottom === 0 ? null : { row: top, col: left, rows: bottom - top + 1, cols: right - left + 1 };
}
