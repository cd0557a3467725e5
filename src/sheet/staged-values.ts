import type { Sheet, Spreadsheet } from '../platform/types';
import type { CellValue } from './cell-values';
import { toA1, type Rect } from './rect';
import type { BlockColumn, SheetsApi } from './report-table';

/** Sheets handles big setValues grids well; these bounds keep each call's payload reasonable. */
const MAX_ROWS_PER_CALL = 20_000;
const MAX_CELLS_PER_CALL = 400_000;
/** Bytes per Sheets API request: big enough that a 100,000-row block takes a handful. */
const API_REQUEST_BYTES = 2_000_000;
const SIZE_SAMPLE_ROWS = 50;
/** For a date column without a format of its own (the catalog's date format). */
const DATE_FORMAT = 'yyyy-mm-dd';

/** Writes rows of safe cell values at a row of a sheet, from column `col` (default 1). */
export type ValuesWriter = (sheet: Sheet, row: number, values: CellValue[][], col?: number) => void;

function rowsPerCall(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_CALL, Math.floor(MAX_CELLS_PER_CALL / Math.max(1, columns))));
}

function writeWithSetValues(sheet: Sheet, row: number, values: CellValue[][], col: number): void {
  const width = values[0]?.length ?? 0;
  const step = rowsPerCall(width);
  for (let offset = 0; offset < values.length; offset += step) {
    const part = values.length <= step ? values : values.slice(offset, offset + step);
    sheet.getRange(row + offset, col, part.length, width).setValues(part);
  }
}

/** A row as JSON can carry it: dates as serial numbers (the column's date format shows them). */
function forApi(row: CellValue[], serial: (date: Date) => number): unknown[] {
  for (let j = 0; j < row.length; j++) {
    if (typeof row[j] === 'object') return row.map((v) => (typeof v === 'object' ? serial(v) : v));
  }
  return row;
}

/** Rows per API request, from the JSON size of a sample of rows. */
function apiRowsPerRequest(values: CellValue[][], serial: (date: Date) => number): number {
  const step = Math.max(1, Math.floor(values.length / SIZE_SAMPLE_ROWS));
  let bytes = 0;
  let rows = 0;
  for (let i = 0; i < values.length && rows < SIZE_SAMPLE_ROWS; i += step, rows++)
    bytes += JSON.stringify(forApi(values[i], serial)).length;
  return Math.max(1, Math.floor((API_REQUEST_BYTES * rows) / Math.max(1, bytes)));
}

/** A1 of a rectangle with its sheet, as the Sheets API names ranges. */
function apiRange(sheetName: string, rect: Rect): string {
  return `'${sheetName.replace(/'/g, "''")}'!${toA1(rect)}`;
}

/**
 * The writer for a block (on its staging sheet, or straight on the target): through the Sheets advanced service (about 2 MB a request) where
 * it is enabled, else setValues. When the service refuses its very first request (not enabled for
 * this project, or the scope is missing) nothing was written, and setValues takes over for good.
 */
export function valuesWriter(spreadsheet: Spreadsheet, api: SheetsApi | null | undefined): ValuesWriter {
  let useApi = !!api;
  let sent = 0;
  return (sheet, row, values, col = 1) => {
    if (!useApi || !api || values.length === 0) return writeWithSetValues(sheet, row, values, col);
    const width = values[0].length;
    const step = apiRowsPerRequest(values, api.serial);
    const id = spreadsheet.getId();
    const name = sheet.getName();
    for (let offset = 0; offset < values.length; offset += step) {
      const n = Math.min(step, values.length - offset);
      const rows: unknown[][] = new Array(n);
      for (let i = 0; i < n; i++) rows[i] = forApi(values[offset + i], api.serial);
      try {
        api.values.batchUpdate(id, [{ range: apiRange(name, { row: row + offset, col, rows: n, cols: width }), values: rows }]);
        sent++;
      } catch (error) {
        if (sent > 0) throw error;
        useApi = false;
        return writeWithSetValues(sheet, row, values, col);
      }
    }
  };
}

/** Adjacent columns sharing a number format: one format call each, whatever the row count. */
function formatRuns(columns: BlockColumn[]): Array<{ at: number; width: number; format: string }> {
  const runs: Array<{ at: number; width: number; format: string }> = [];
  columns.forEach((c, i) => {
    // A date column always gets a date format: the Sheets API sends dates as serial numbers,
    // which would otherwise show as numbers (setValues would pick a locale's date format).
    const format = c.format || (c.type === 'date' ? DATE_FORMAT : 'General');
    const last = runs[runs.length - 1];
    if (last && last.format === format) last.width++;
    else runs.push({ at: i, width: 1, format });
  });
  return runs;
}

/**
 * Number formats per column rather than a per-cell grid, for a request whose size does not grow
 * with the rows. The header row stays automatic so a format like '$#,##0' never touches a label.
 */
export function applyFormats(sheet: Sheet, dataRows: number, columns: BlockColumn[], at = { row: 1, col: 1 }): void {
  sheet.getRange(at.row, at.col, 1, columns.length).setNumberFormat('General');
  if (dataRows < 1) return;
  for (const run of formatRuns(columns)) sheet.getRange(at.row + 1, at.col + run.at, dataRows, run.width).setNumberFormat(run.format);
}
