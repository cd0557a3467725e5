import { CreatorError, isCreatorError } from '../shared/errors';
import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, forget, markOwned, pendingRangeName, readOwned, type OwnedArea } from './block-ownership';
import { toCellValue, isTextColumn, type CellValue } from './cell-values';
import { blockConflictError, findConflict } from './conflicts';
import { takeSnapshot, restoreSnapshot, type Snapshot } from './snapshot';
import { intersect, parseCell, rangeOf, sheetRect, subtractAll, toA1, type Rect } from './rect';
import type { WriteBlockInput, WriteBlockResult } from './report-table';

/** Sheets handles big setValues grids well; these bounds keep each call's payload reasonable. */
const MAX_ROWS_PER_CALL = 20_000;
const MAX_CELLS_PER_CALL = 400_000;
/** A sheet holds at most 10 million cells; refuse early rather than fail midway. */
const MAX_BLOCK_CELLS = 5_000_000;
/** For a date column without a format of its own (the catalog's date format). */
const DATE_FORMAT = 'yyyy-mm-dd';

function rowsPerCall(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_CALL, Math.floor(MAX_CELLS_PER_CALL / Math.max(1, columns))));
}

function prepareValues(input: WriteBlockInput): CellValue[][] {
  const { columns, rows, sheetSafe } = input.table;
  const header = columns.map((c) => toCellValue(c.header, true));
  // Safe rows are passed on as they are: the grid holds references to them, not a copy.
  if (sheetSafe) return [header, ...(rows as CellValue[][])];
  const text = columns.map((c) => isTextColumn(c.type));
  const values: CellValue[][] = [header];
  for (const row of rows) values.push(columns.map((_, i) => toCellValue(row[i], text[i])));
  return values;
}

/** Bytes per Sheets API request: big enough that a 100,000-row block takes a handful. */
const API_REQUEST_BYTES = 2_000_000;
const SIZE_SAMPLE_ROWS = 50;

/** A1 of a rectangle with its sheet, as the Sheets API names ranges. */
function apiRange(sheetName: string, rect: Rect): string {
  return `'${sheetName.replace(/'/g, "''")}'!${toA1(rect)}`;
}

/** Rows per API request, from the JSON size of a sample of rows. */
function apiRowsPerRequest(values: CellValue[][], serial: (date: Date) => number): number {
  const step = Math.max(1, Math.floor(values.length / SIZE_SAMPLE_ROWS));
  let bytes = 0;
  let rows = 0;
  for (let i = 0; i < values.length && rows < SIZE_SAMPLE_ROWS; i += step, rows++) bytes += JSON.stringify(forApi(values[i], serial)).length;
  return Math.max(1, Math.floor((API_REQUEST_BYTES * rows) / Math.max(1, bytes)));
}

/** A row as JSON can carry it: dates as serial numbers (the column's date format shows them). */
function forApi(row: CellValue[], serial: (date: Date) => number): unknown[] {
  for (let j = 0; j < row.length; j++) {
    if (typeof row[j] === 'object') return row.map((v) => (typeof v === 'object' ? serial(v) : v));
  }
  return row;
}

/**
 * The rows through the Sheets advanced service. Returns false, having written nothing, when the
 * service refuses the first request (not enabled for this project, or the scope is missing):
 * then setValues writes them. A later failure is a failed write like any other.
 */
function writeThroughApi(
  spreadsheet: Spreadsheet,
  sheetName: string,
  rect: Rect,
  values: CellValue[][],
  input: WriteBlockInput,
  api: NonNullable<WriteBlockInput['sheetsApi']>,
): boolean {
  const step = apiRowsPerRequest(values, api.serial);
  const id = spreadsheet.getId();
  for (let offset = 0; offset < rect.rows; offset += step) {
    const n = Math.min(step, rect.rows - offset);
    const rows: unknown[][] = new Array(n);
    for (let i = 0; i < n; i++) rows[i] = forApi(values[offset + i], api.serial);
    const range = apiRange(sheetName, { ...rect, row: rect.row + offset, rows: n });
    try {
      api.values.batchUpdate(id, [{ range, values: rows }]);
    } catch (error) {
      if (offset === 0) return false;
      throw error;
    }
    input.onProgress?.(Math.max(0, offset + n - 1), rect.rows - 1);
  }
  return true;
}

function writeWithSetValues(sheet: Sheet, rect: Rect, values: CellValue[][], input: WriteBlockInput): void {
  const step = rowsPerCall(rect.cols);
  for (let offset = 0; offset < rect.rows; offset += step) {
    const n = Math.min(step, rect.rows - offset);
    sheet.getRange(rect.row + offset, rect.col, n, rect.cols).setValues(values.slice(offset, offset + n));
    input.onProgress?.(Math.max(0, offset + n - 1), rect.rows - 1);
  }
}

/** Adjacent columns sharing a number format: one format call each, whatever the row count. */
function formatRuns(columns: WriteBlockInput['table']['columns']): Array<{ at: number; width: number; format: string }> {
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
 * Number formats per column rather than a per-cell grid: the same cells end up with the same
 * formats, for a request whose size does not grow with the rows. The header row stays automatic
 * so a format like '$#,##0' never touches a header label.
 */
function applyFormats(sheet: Sheet, rect: Rect, input: WriteBlockInput): void {
  sheet.getRange(rect.row, rect.col, 1, rect.cols).setNumberFormat('General');
  if (rect.rows < 2) return;
  for (const run of formatRuns(input.table.columns)) {
    sheet.getRange(rect.row + 1, rect.col + run.at, rect.rows - 1, run.width).setNumberFormat(run.format);
  }
}

function sameSheet(a: Sheet, b: Sheet): boolean {
  return a.getSheetId() === b.getSheetId();
}

function ownedOn(sheet: Sheet | null, area: OwnedArea | null): Rect | null {
  return sheet && area && sameSheet(sheet, area.sheet) ? area.rect : null;
}

/** Google's limit of 10 million cells per spreadsheet, in its own words ("... above the limit of N cells"). */
const CELL_LIMIT = /above the limit of [\d,]+ cells/i;

function growToFit(sheet: Sheet, rect: Rect): void {
  const lastRow = rect.row + rect.rows - 1;
  const lastCol = rect.col + rect.cols - 1;
  const maxRows = sheet.getMaxRows();
  const maxCols = sheet.getMaxColumns();
  try {
    if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);
    if (lastCol > maxCols) sheet.insertColumnsAfter(maxCols, lastCol - maxCols);
  } catch (error) {
    if (!CELL_LIMIT.test(error instanceof Error ? error.message : String(error))) throw error;
    throw new CreatorError(
      'TOO_LARGE',
      `This report needs ${rect.rows} rows, more than fit in this spreadsheet: Google allows 10 million cells per spreadsheet. Delete sheets, rows or columns you do not need, add a limit, or pull it into another spreadsheet.`,
    );
  }
}

/**
 * Writes a report's table as one block it owns. Everything that can fail before writing (bad
 * input, another owner's content in the way) fails before the first cell changes; a write that
 * throws midway puts the previous block back. Cells outside the block are never written or cleared.
 */
export function writeReportBlock(spreadsheet: Spreadsheet, input: WriteBlockInput): WriteBlockResult {
  const sheetName = input.sheetName.trim();
  if (!sheetName || sheetName.length > 100) {
    throw new CreatorError('BAD_INPUT', 'Give the sheet a name of 1 to 100 characters.');
  }
  const columns = input.table.columns.length;
  if (columns === 0) throw new CreatorError('BAD_INPUT', 'The report has no columns to write.');
  const start = parseCell(input.startCell ?? 'A1');
  const rect: Rect = { row: start.row, col: start.col, rows: input.table.rows.length + 1, cols: columns };
  if (rect.rows * rect.cols > MAX_BLOCK_CELLS) {
    throw new CreatorError(
      'TOO_LARGE',
      `This report has ${rect.rows - 1} rows of ${columns} columns, more than a sheet can hold comfortably. Use a row limit or a shorter date range.`,
    );
  }
  const values = prepareValues(input);

  const committedName = blockRangeName(input.blockId);
  const pendingName = pendingRangeName(input.blockId);
  const existing = spreadsheet.getSheetByName(sheetName);
  const committed = ownedOn(existing, readOwned(spreadsheet, committedName));
  const pending = ownedOn(existing, readOwned(spreadsheet, pendingName));
  const owned = [committed, pending].filter((r): r is Rect => r !== null);

  if (existing) {
    const conflict = findConflict(existing, rect, owned);
    if (conflict) throw blockConflictError(sheetName, conflict);
  }

  // From here on the sheet changes.
  const sheet = existing ?? spreadsheet.insertSheet(sheetName);
  // Leftovers of a write that died midway (never committed): ours, and worth nothing.
  if (pending) for (const r of subtractAll([pending], committed ? [committed, rect] : [rect])) rangeOf(sheet, r).clear();
  const snapshot: Snapshot | null = committed ? takeSnapshot(sheet, committed) : null;
  growToFit(sheet, rect);
  markOwned(spreadsheet, pendingName, sheet, rect);

  try {
    // Formats first: a date cell sent as a serial number must land in a date-formatted cell.
    applyFormats(sheet, rect, input);
    const api = input.sheetsApi;
    if (!api || !writeThroughApi(spreadsheet, sheetName, rect, values, input, api)) writeWithSetValues(sheet, rect, values, input);
    if (committed) {
      for (const r of subtractAll([committed], [rect])) rangeOf(sheet, r).clear();
      if (committed.row !== rect.row || committed.col !== rect.col) {
        sheet.getRange(committed.row, committed.col).clearNote();
      }
    }
    const header = sheet.getRange(rect.row, rect.col, 1, columns);
    header.setFontWeight('bold');
    sheet.getRange(rect.row, rect.col).setNote(input.note);
    // Freezing is only done for a block at the top: freezing down to a lower header would pin the
    // user's own rows above it.
    if (rect.row === 1 && sheet.getFrozenRows() < 1) sheet.setFrozenRows(1);
  } catch (error) {
    const restored = snapshot ? tryRestore(sheet, rect, snapshot) : !committed && tryClear(sheet, rect);
    if (restored) forget(spreadsheet, pendingName);
    if (isCreatorError(error)) throw error;
    throw new CreatorError(
      'WRITE_FAILED',
      restored
        ? `Writing to sheet '${sheetName}' failed midway; the previous data is back in place. Try again.`
        : `Writing to sheet '${sheetName}' failed midway. Run the report again to complete it.`,
    );
  }

  markOwned(spreadsheet, committedName, sheet, rect);
  forget(spreadsheet, pendingName);
  return { sheetName, range: toA1(rect), rows: rect.rows - 1 };
}

function tryRestore(sheet: Sheet, rect: Rect, snapshot: Snapshot): boolean {
  try {
    restoreSnapshot(sheet, rect, snapshot);
    return true;
  } catch (_) {
    return false;
  }
}

/** A first write has nothing to restore: empty what it may have filled (it was all empty). */
function tryClear(sheet: Sheet, rect: Rect): boolean {
  try {
    const inSheet = intersect(rect, sheetRect(sheet));
    if (inSheet) rangeOf(sheet, inSheet).clear();
    return true;
  } catch (_) {
    return false;
  }
}
