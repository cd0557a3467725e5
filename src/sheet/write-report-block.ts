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

function rowsPerCall(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_CALL, Math.floor(MAX_CELLS_PER_CALL / Math.max(1, columns))));
}

function prepareGrid(input: WriteBlockInput): { values: CellValue[][]; formats: string[][] } {
  const { columns, rows } = input.table;
  const text = columns.map((c) => isTextColumn(c.type));
  const formatRow = columns.map((c) => c.format || 'General');
  const values: CellValue[][] = [columns.map((c) => toCellValue(c.header, true))];
  for (const row of rows) values.push(columns.map((_, i) => toCellValue(row[i], text[i])));
  // The header row stays automatic so a format like '$#,##0' never touches a header label.
  const formats: string[][] = [columns.map(() => 'General')];
  for (let i = 0; i < rows.length; i++) formats.push(formatRow);
  return { values, formats };
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
  const grid = prepareGrid(input);

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
    const step = rowsPerCall(columns);
    for (let offset = 0; offset < rect.rows; offset += step) {
      const n = Math.min(step, rect.rows - offset);
      const range = sheet.getRange(rect.row + offset, rect.col, n, columns);
      range.setValues(grid.values.slice(offset, offset + n));
      range.setNumberFormats(grid.formats.slice(offset, offset + n));
      input.onProgress?.(Math.max(0, offset + n - 1), rect.rows - 1);
    }
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
