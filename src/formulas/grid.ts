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
 * Header row (optional) then data rows, each exactly as wide as the header. With no data rows, one
 * row carries `emptyMessage` in its first cell: Sheets cannot show an empty result, and a blank
 * would look like a result that is still loading. Past `maxCells` the rows are cut and a last row
 * says so (see MAX_FORMULA_CELLS).
 */
export function toGrid(table: TableLike, options: { header: boolean; emptyMessage: string; maxCells?: number }): GridCell[][] {
  const width = Math.max(1, table.columns.length);
  const pad = (cells: GridCell[]): GridCell[] => {
    const row = cells.slice(0, width);
    while (row.length < width) row.push('');
    return row;
  };
  const grid: GridCell[][] = [];
  if (options.header) grid.push(pad(table.columns.map((c) => c.header)));
  const maxRows = Math.floor((options.maxCells ?? MAX_FORMULA_CELLS) / width);
  // Room for the header and the closing row.
  const fits = Math.max(1, maxRows - grid.length - 1);
  const cut = table.rows.length + grid.length > maxRows;
  const rows = cut ? table.rows.slice(0, fits) : table.rows;
  for (const row of rows) grid.push(pad(row.map(plainCell)));
  if (cut) grid.push(pad([cutMessage(rows.length, table.rows.length)]));
  if (!table.rows.length) grid.push(pad([options.emptyMessage]));
  return grid;
}
