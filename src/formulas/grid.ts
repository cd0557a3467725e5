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
 * fetched only the rows that can be shown (default: the table's rows).
 */
export function toGrid(
  table: TableLike,
  options: { header: boolean; emptyMessage: string; maxCells?: number; total?: number },
): GridCell[][] {
  const width = Math.max(1, table.columns.length);
  const pad = (cells: GridCell[]): GridCell[] => {
    const row = cells.slice(0, width);
    while (row.length < width) row.push('');
    return row;
  };
  const grid: GridCell[][] = [];
  if (options.header) grid.push(pad(table.columns.map((c) => c.header)));
  const room = rowsThatFit(width, options.header, options.maxCells);
  const total = Math.max(options.total ?? 0, table.rows.length);
  const cut = total > room;
  // Room for the closing row.
  const rows = cut ? table.rows.slice(0, Math.max(1, room - 1)) : table.rows;
  for (const row of rows) grid.push(pad(row.map(plainCell)));
  if (cut) grid.push(pad([cutMessage(rows.length, total)]));
  if (!table.rows.length) grid.push(pad([options.emptyMessage]));
  return grid;
}
