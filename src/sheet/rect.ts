import { CreatorError } from '../shared/errors';
import type { Sheet } from '../platform/types';

/** A rectangle of cells, 1-based, as Sheets' getRange(row, column, numRows, numColumns) takes it. */
export interface Rect {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** Every cell the sheet has now: what a rect is clipped to before it is read or cleared. */
export function sheetRect(sheet: Sheet): Rect {
  return { row: 1, col: 1, rows: sheet.getMaxRows(), cols: sheet.getMaxColumns() };
}

/** Up to the sheet's last row and column with content (a value or a formula): every cell past it is empty. */
export function contentRect(sheet: Sheet): Rect {
  return { row: 1, col: 1, rows: sheet.getLastRow(), cols: sheet.getLastColumn() };
}

export function rangeOf(sheet: Sheet, r: Rect): GoogleAppsScript.Spreadsheet.Range {
  return sheet.getRange(r.row, r.col, r.rows, r.cols);
}

function columnLetters(col: number): string {
  let out = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

export function toA1(rect: Rect): string {
  const first = `${columnLetters(rect.col)}${rect.row}`;
  if (rect.rows === 1 && rect.cols === 1) return first;
  return `${first}:${columnLetters(rect.col + rect.cols - 1)}${rect.row + rect.rows - 1}`;
}

/** "B3" -> { row: 3, col: 2 }. Only a single cell is accepted: the block's size comes from the table. */
export function parseCell(a1: string): { row: number; col: number } {
  const match = /^\s*([A-Za-z]{1,3})([1-9][0-9]{0,6})\s*$/.exec(a1);
  if (!match) throw new CreatorError('BAD_INPUT', `"${a1.slice(0, 20)}" is not a cell address. Use one like A1.`);
  let col = 0;
  for (const ch of match[1].toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), col };
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const row = Math.max(a.row, b.row);
  const col = Math.max(a.col, b.col);
  const lastRow = Math.min(a.row + a.rows, b.row + b.rows);
  const lastCol = Math.min(a.col + a.cols, b.col + b.cols);
  return lastRow > row && lastCol > col ? { row, col, rows: lastRow - row, cols: lastCol - col } : null;
}

/** The parts of `a` outside `b`: at most four rectangles (above, below, left, right). */
function subtract(a: Rect, b: Rect): Rect[] {
  const overlap = intersect(a, b);
  if (!overlap) return [a];
  const out: Rect[] = [];
  const aEndRow = a.row + a.rows;
  const aEndCol = a.col + a.cols;
  const oEndRow = overlap.row + overlap.rows;
  const oEndCol = overlap.col + overlap.cols;
  if (overlap.row > a.row) out.push({ row: a.row, col: a.col, rows: overlap.row - a.row, cols: a.cols });
  if (oEndRow < aEndRow) out.push({ row: oEndRow, col: a.col, rows: aEndRow - oEndRow, cols: a.cols });
  if (overlap.col > a.col) out.push({ row: overlap.row, col: a.col, rows: overlap.rows, cols: overlap.col - a.col });
  if (oEndCol < aEndCol) out.push({ row: overlap.row, col: oEndCol, rows: overlap.rows, cols: aEndCol - oEndCol });
  return out;
}

/** Every part of each rect outside all of `holes`. */
export function subtractAll(rects: Rect[], holes: Rect[]): Rect[] {
  let parts = rects;
  for (const hole of holes) parts = parts.flatMap((r) => subtract(r, hole));
  return parts;
}

const MAX_ROWS_PER_READ = 20_000;

/**
 * Reads a rect's values and formulas in slices of rows (one huge getValues is slow and heavy), and
 * hands each slice to `visit` with its first row's offset inside the rect.
 */
export function readInSlices(
  sheet: Sheet,
  rect: Rect,
  visit: (values: unknown[][], formulas: string[][], offset: number) => void,
  /** false: values only (`formulas` is then empty), half the cells read. */
  withFormulas = true,
): void {
  for (let offset = 0; offset < rect.rows; offset += MAX_ROWS_PER_READ) {
    const range = sheet.getRange(rect.row + offset, rect.col, Math.min(MAX_ROWS_PER_READ, rect.rows - offset), rect.cols);
    visit(range.getValues(), withFormulas ? range.getFormulas() : [], offset);
  }
}
