import { plainCell, type CellValue } from '../shared/cell';

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
 * Header row (optional) then data rows, each exactly as wide as the header. With no data rows, one
 * row carries `emptyMessage` in its first cell: Sheets cannot show an empty result, and a blank
 * would look like a result that is still loading.
 */
export function toGrid(table: TableLike, options: { header: boolean; emptyMessage: string }): GridCell[][] {
  const width = Math.max(1, table.columns.length);
  const pad = (cells: GridCell[]): GridCell[] => {
    const row = cells.slice(0, width);
    while (row.length < width) row.push('');
    return row;
  };
  const grid: GridCell[][] = [];
  if (options.header) grid.push(pad(table.columns.map((c) => c.header)));
  for (const row of table.rows) grid.push(pad(row.map(plainCell)));
  if (!table.rows.length) grid.push(pad([options.emptyMessage]));
  return grid;
}
