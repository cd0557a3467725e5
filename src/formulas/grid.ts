import { isDate } from '../shared/user-input';

/**
 * A table as a custom function returns it: a 2D array of strings, finite numbers, booleans and
 * Dates. Anything else a row might carry (null, NaN, an object the API added) becomes a blank or
 * text, so a cell never shows "undefined", "NaN" or "[object Object]".
 */
export type GridCell = string | number | boolean | Date;

export interface TableLike {
  columns: ReadonlyArray<{ header: string }>;
  rows: ReadonlyArray<ReadonlyArray<unknown>>;
}

export function toCell(value: unknown): GridCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return isFinite(value) ? value : '';
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (isDate(value)) return isNaN(value.getTime()) ? '' : value;
  if (typeof value === 'object') {
    const inner = (value as { value?: unknown }).value;
    if (inner !== undefined) return toCell(inner);
    try {
      return JSON.stringify(value);
    } catch (_) {
      return '';
    }
  }
  return String(value);
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
  for (const row of table.rows) grid.push(pad(row.map(toCell)));
  if (!table.rows.length) grid.push(pad([options.emptyMessage]));
  return grid;
}
