import { plainCell, type CellValue } from '../shared/cell';
import { thousands } from '../shared/text-size';

/**
 * A table as a custom function returns it: a 2D array of strings, finite numbers, booleans and
 * Dates (plainCell), every row exactly as wide as the header.
 */
export type GridCell = CellValue;

export interface TableLike {
  columns: ReadonlyArray<{ header: string }>;
  rows: ReadonlyArray<ReadonlyArray<unknown>>;
}

/**
 * Google refuses a custom-function result it finds too large ("Result too large", reported near
 * 60,000 rows x 8 columns, 480,000 cells; whether it counts cells or bytes is unknown). A formula
 * returns at most this many cells, well below, so the cell never shows the platform's raw error.
 */
export const MAX_FORMULA_CELLS = 200_000;

/** The last row of a cut result: what happened and how to get everything. */
export function cutMessage(kept: number, total: number): string {
  return `Cut at ${thousands(kept)} of ${thousands(total)} rows: Google Sheets refuses larger formula results. Add a limit to get fewer rows, or pull the report from the sidebar (Extensions > Creator Reporting > Open sidebar) to get them all.`;
}

/**
 * The last row of a result cut to the sheet: Sheets does not add rows (or columns) for a formula's
 * result, it shows #REF! instead, and a custom function cannot insert them.
 */
export function sheetCutMessage(rows: { kept: number; total: number } | null, cols: { kept: number; total: number } | null): string {
  const parts: string[] = [];
  if (rows) parts.push(`${thousands(rows.kept)} of ${thousands(rows.total)} rows`);
  if (cols) parts.push(`${thousands(cols.kept)} of ${thousands(cols.total)} columns`);
  const insert = [rows ? 'rows below this formula' : '', cols ? 'columns to its right' : ''].filter(Boolean).join(' and ');
  return `Cut at ${parts.join(' and ')}: the sheet ends there. Insert ${insert} to see more, or pull the report from the sidebar (Extensions > Creator Reporting > Open sidebar) to get them all.`;
}

/** The cells below and right of a formula's cell, counting it: where its result can spill. */
export interface SheetRoom {
  rows: number;
  cols: number;
}

/**
 * The most data rows a result `width` columns wide shows uncut: more and it is cut (see toGrid).
 * A formula's pull needs no more rows than this.
 */
export function rowsThatFit(width: number, header: boolean, maxCells: number = MAX_FORMULA_CELLS): number {
  return Math.max(1, Math.floor(maxCells / Math.max(1, width)) - (header ? 1 : 0));
}

/**
 * Header row (optional) then data rows, each exactly as wide as the header. With no data rows, one
 * row carries `emptyMessage` in its first cell: Sheets cannot show an empty result, and a blank
 * would look like a result that is still loading. Past `maxCells` the rows are cut and a last row
 * says so (see MAX_FORMULA_CELLS), counting `total` rows: the report's own count when the pull
 * fetched only the rows that can be shown (default: the table's rows). With `room`, the result is
 * also cut to the rows and columns the sheet has below and right of the formula, and the last row
 * says to insert rows (or columns).
 */
export function toGrid(
  table: TableLike,
  options: {
    header: boolean;
    emptyMessage: string;
    maxCells?: number;
    total?: number;
    room?: SheetRoom | null;
    /** A line below the table (PullResult.partialComparison), when the table is not cut and it fits. */
    note?: string;
  },
): GridCell[][] {
  const full = Math.max(1, table.columns.length);
  const room = options.room ?? null;
  const width = room ? Math.max(1, Math.min(full, room.cols)) : full;
  const pad = (cells: GridCell[]): GridCell[] => {
    const row = cells.slice(0, width);
    while (row.length < width) row.push('');
    return row;
  };
  const total = Math.max(options.total ?? 0, table.rows.length);
  const byCells = rowsThatFit(full, options.header, options.maxCells);
  // Data rows the sheet has room for below the header.
  const bySheet = room ? room.rows - (options.header ? 1 : 0) : Infinity;
  const narrowed = width < full && table.rows.length > 0;
  const sheetBinds = narrowed || (total > bySheet && bySheet <= byCells);
  const cut = sheetBinds || total > byCells;
  // Room for the closing row.
  const keep = cut ? Math.max(sheetBinds ? 0 : 1, Math.min(byCells, bySheet) - 1) : table.rows.length;
  const rows = cut ? table.rows.slice(0, keep) : table.rows;
  const closing = (): string =>
    sheetBinds
      ? sheetCutMessage(rows.length < total ? { kept: rows.length, total } : null, narrowed ? { kept: width, total: full } : null)
      : cutMessage(rows.length, total);
  // Not even one data row fits above the closing row: the closing row alone says why.
  if (cut && rows.length === 0) return [pad([closing()])];
  const grid: GridCell[][] = [];
  if (options.header) grid.push(pad(table.columns.map((c) => c.header)));
  for (const row of rows) grid.push(pad(row.map(plainCell)));
  if (cut) grid.push(pad([closing()]));
  if (!table.rows.length) grid.push(pad([options.emptyMessage]));
  else if (options.note && !cut && rows.length + 1 <= Math.min(byCells, bySheet)) grid.push(pad([options.note]));
  return grid;
}
