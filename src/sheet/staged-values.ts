import type { Sheet } from '../platform/types';
import type { CellValue } from './cell-values';
import type { BlockColumn } from './report-table';

/**
 * Sheets handles big setValues grids well; these bounds keep each call's payload reasonable.
 * setValues is the only way values are written: the Sheets advanced service would save about a
 * fifth of the write time per cell (bench/README.md) but needs the `spreadsheets` scope (every
 * spreadsheet of the user, a sensitive scope under verification) instead of
 * `spreadsheets.currentonly` (docs/platform.md, "Scopes").
 */
const MAX_ROWS_PER_CALL = 20_000;
/**
 * A call's rows are held in memory from their pages' arrival until it is made. At 300,000 cells
 * (20,000 rows of 15 columns) most rows outlived two of V8's young-generation collections and were
 * copied into the old generation first: about 300 ms of collections in a 120,000-row pull's add-on
 * CPU. At 200,000 (13,333 rows) they were 45–55 ms, as at 120,000 (bench/README.md, "What 3× would
 * take"), and a 120,000-row pull still takes 10 calls (4 more: about 0.2 s of Google's time at the
 * model's assumed 50 ms a call).
 */
const MAX_CELLS_PER_CALL = 200_000;
/** For a date column without a format of its own (the catalog's date format). */
const DATE_FORMAT = 'yyyy-mm-dd';

/** Writes rows of safe cell values at a row of a sheet, from column `col` (default 1). */
export type ValuesWriter = (sheet: Sheet, row: number, values: CellValue[][], col?: number) => void;

/** Rows in one setValues call of a block `columns` wide: a writer gathers this many before writing. */
export function rowsPerCall(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_CALL, Math.floor(MAX_CELLS_PER_CALL / Math.max(1, columns))));
}

export const writeWithSetValues: ValuesWriter = (sheet, row, values, col = 1) => {
  const width = values[0]?.length ?? 0;
  const step = rowsPerCall(width);
  for (let offset = 0; offset < values.length; offset += step) {
    const part = values.length <= step ? values : values.slice(offset, offset + step);
    sheet.getRange(row + offset, col, part.length, width).setValues(part);
  }
};

/** Adjacent columns sharing a number format: one format call each, whatever the row count. */
function formatRuns(columns: BlockColumn[]): Array<{ at: number; width: number; format: string }> {
  const runs: Array<{ at: number; width: number; format: string }> = [];
  columns.forEach((c, i) => {
    // A date column always gets the catalog's date format rather than the locale's.
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

/** The formats applyFormats gives these columns, as one text: two blocks with it equal look alike. */
export function formatsKey(columns: BlockColumn[]): string {
  return formatRuns(columns)
    .map((run) => `${run.width}:${run.format}`)
    .join('|');
}
