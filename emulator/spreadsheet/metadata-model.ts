/** Named ranges and developer metadata, kept in place when rows and columns move (as Sheets does). */
import type { SheetModel } from './sheet-model';

export interface GridRect {
  sheet: SheetModel;
  row: number;
  col: number;
  numRows: number;
  numCols: number;
}

export interface NamedRangeModel {
  name: string;
  rect: GridRect;
}

export type MetadataVisibility = 'DOCUMENT' | 'PROJECT';

export type MetadataLocation =
  | { type: 'SPREADSHEET' }
  | { type: 'SHEET'; sheet: SheetModel }
  | { type: 'ROW' | 'COLUMN'; sheet: SheetModel; start: number; count: number };

export interface MetadataModel {
  id: number;
  key: string;
  value: string | null;
  visibility: MetadataVisibility;
  location: MetadataLocation;
}

/** A 1-D span after inserting `count` lines after line `after`. */
export function spanAfterInsert(start: number, len: number, after: number, count: number): [number, number] {
  if (start > after) return [start + count, len];
  if (start + len - 1 > after) return [start, len + count];
  return [start, len];
}

/** A 1-D span after deleting lines first..first+count-1; null when nothing of it is left. */
export function spanAfterDelete(start: number, len: number, first: number, count: number): [number, number] | null {
  const end = start + len - 1;
  const last = first + count - 1;
  const overlap = Math.max(0, Math.min(end, last) - Math.max(start, first) + 1);
  const left = len - overlap;
  if (left <= 0) return null;
  return [start < first ? start : Math.max(first, start - count), left];
}

export type Dimension = 'ROWS' | 'COLUMNS';

/** A 1-D span after `count` lines are inserted after line `at`, or deleted from line `at` on. */
function spanAfter(op: 'insert' | 'delete', start: number, len: number, at: number, count: number): [number, number] | null {
  return op === 'insert' ? spanAfterInsert(start, len, at, count) : spanAfterDelete(start, len, at, count);
}

/** Moves every rect on `sheet`; returns false for rects that lost all their cells. */
export function moveRect(rect: GridRect, sheet: SheetModel, dim: Dimension, op: 'insert' | 'delete', at: number, count: number): boolean {
  if (rect.sheet !== sheet) return true;
  const rows = dim === 'ROWS';
  const start = rows ? rect.row : rect.col;
  const len = rows ? rect.numRows : rect.numCols;
  const next = spanAfter(op, start, len, at, count);
  if (!next) return false;
  if (rows) [rect.row, rect.numRows] = next;
  else [rect.col, rect.numCols] = next;
  return true;
}

export function moveMetadata(
  meta: MetadataModel,
  sheet: SheetModel,
  dim: Dimension,
  op: 'insert' | 'delete',
  at: number,
  count: number,
): boolean {
  const loc = meta.location;
  if (loc.type !== 'ROW' && loc.type !== 'COLUMN') return true;
  if (loc.type !== (dim === 'ROWS' ? 'ROW' : 'COLUMN') || loc.sheet !== sheet) return true;
  const next = spanAfter(op, loc.start, loc.count, at, count);
  if (!next) return false;
  [loc.start, loc.count] = next;
  return true;
}
