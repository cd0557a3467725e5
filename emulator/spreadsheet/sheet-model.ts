/** One sheet's grid: sparse rows of cells, dimensions, and sheet-level settings. */
import { hasContent, type Cell } from './cell';

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;

export const OUTSIDE_SHEET = 'The coordinates of the range are outside the dimensions of the sheet.';

export class SheetModel {
  maxRows = DEFAULT_ROWS;
  maxCols = DEFAULT_COLUMNS;
  frozenRows = 0;
  frozenCols = 0;
  hidden = false;
  tabColor: string | null = null;
  /** Recorded for tests: widths set with setColumnWidth, by 1-based column. */
  columnWidths: Record<number, number> = {};
  /** Recorded for tests: every autoResizeColumns call as [startColumn, numColumns]. */
  autoResized: Array<[number, number]> = [];
  /** rows[r - 1][c - 1]; holes are empty cells. */
  rows: Array<Array<Cell | undefined> | undefined> = [];

  constructor(
    public name: string,
    public readonly id: number,
  ) {}

  cell(row: number, col: number): Cell | undefined {
    return this.rows[row - 1]?.[col - 1];
  }

  ensure(row: number, col: number): Cell {
    const r = this.rows[row - 1] ?? (this.rows[row - 1] = []);
    return r[col - 1] ?? (r[col - 1] = { value: '' });
  }

  checkBounds(row: number, col: number, numRows: number, numCols: number): void {
    if (!Number.isInteger(row) || !Number.isInteger(col)) throw new Error('Range not found');
    if (row < 1) throw new Error('The starting row of the range is too small.');
    if (col < 1) throw new Error('The starting column of the range is too small.');
    if (numRows < 1) throw new Error('The number of rows in the range must be at least 1.');
    if (numCols < 1) throw new Error('The number of columns in the range must be at least 1.');
    if (row + numRows - 1 > this.maxRows || col + numCols - 1 > this.maxCols) throw new Error(OUTSIDE_SHEET);
  }

  /** Visits existing cells, row-major. */
  forEachCell(visit: (cell: Cell, row: number, col: number) => void): void {
    this.rows.forEach((r, ri) => r?.forEach((c, ci) => c && visit(c, ri + 1, ci + 1)));
  }

  lastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) if (this.rows[r - 1]?.some(hasContent)) return r;
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const r of this.rows) {
      if (!r) continue;
      for (let c = r.length; c > last; c--) {
        if (hasContent(r[c - 1])) {
          last = c;
          break;
        }
      }
    }
    return last;
  }

  insertRows(after: number, count: number): void {
    if (this.rows.length > after) this.rows.splice(after, 0, ...new Array<undefined>(count));
    this.maxRows += count;
  }

  insertColumns(after: number, count: number): void {
    for (const r of this.rows) if (r && r.length > after) r.splice(after, 0, ...new Array<undefined>(count));
    this.maxCols += count;
  }

  /** Removes the rows' cells; returns them so spills they took part in can be cut. */
  deleteRows(start: number, count: number): Cell[] {
    const removed = this.rows.splice(start - 1, count);
    this.maxRows -= count;
    return removed.flatMap((r) => (r ?? []).filter((c): c is Cell => !!c));
  }

  deleteColumns(start: number, count: number): Cell[] {
    const removed: Cell[] = [];
    for (const r of this.rows) if (r) removed.push(...r.splice(start - 1, count).filter((c): c is Cell => !!c));
    this.maxCols -= count;
    return removed;
  }
}
