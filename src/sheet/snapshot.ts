import type { Sheet } from '../platform/types';
import { toCellValue, type CellValue } from './cell-values';
import { intersect, rangeOf, sheetRect, subtractAll, type Rect } from './rect';

/**
 * The previous block's values and formats, kept while a rewrite runs so a write that throws
 * midway can put them back. Past this size the copy would cost more memory than a failed refresh
 * is worth; then the pending mark still keeps ownership and the next run completes the block.
 */
const MAX_SNAPSHOT_CELLS = 2_000_000;

export interface Snapshot {
  rect: Rect;
  values: unknown[][];
  formats: string[][];
}

export function takeSnapshot(sheet: Sheet, committed: Rect): Snapshot | null {
  if (committed.rows * committed.cols > MAX_SNAPSHOT_CELLS) return null;
  const range = rangeOf(sheet, committed);
  return { rect: committed, values: range.getValues(), formats: range.getNumberFormats() };
}

export function restoreSnapshot(sheet: Sheet, attempted: Rect, snapshot: Snapshot): void {
  const inSheet = sheetRect(sheet);
  for (const part of subtractAll([attempted], [snapshot.rect])) {
    const clipped = intersect(part, inSheet);
    if (clipped) rangeOf(sheet, clipped).clear();
  }
  // getValues hands text back without its protective apostrophe: text cells are re-protected.
  const values: CellValue[][] = snapshot.values.map((row) => row.map((v) => toCellValue(v, true)));
  const range = rangeOf(sheet, snapshot.rect);
  range.setValues(values);
  range.setNumberFormats(snapshot.formats);
}
