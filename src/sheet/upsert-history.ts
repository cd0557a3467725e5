import { CreatorError } from '../shared/errors';
import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, markOwned } from './block-ownership';
import { locateBlock } from './block-locate';
import { isTextColumn, toCellValue } from './cell-values';
import { blockConflictError, findConflict } from './conflicts';
import { dropJournal, settleInterruptedWrite, writeJournal } from './history-journal';
import { toA1, type Rect } from './rect';
import type { BlockTable } from './report-table';
import { writeReportBlock } from './write-report-block';

/** A spreadsheet holds at most 10 million cells; a history refuses to grow past this share of it. */
export const SHEET_CELL_LIMIT = 10_000_000;
const WARN_SHARE = 0.8;

export interface HistoryBlockInput {
  sheetName: string;
  blockId: string;
  /** The pulled rows (site, day and dimension columns plus metrics), in any order. */
  table: BlockTable;
  /** Columns (by index in `table`) that identify a row: site, date, dimensions. */
  keyColumns: number[];
  /** The date column's index. */
  dayColumn: number;
  /** The first day this refresh re-read: stored rows before it are never touched. */
  windowStart: string | null;
  /** The `YYYY-MM-DD` of a date cell as read back from the sheet or the table. */
  dayOf(cell: unknown): string | null;
  /** The header note, from what the upsert is about to do. */
  note(facts: HistoryFacts): string;
  /** Top-left cell of a new block. Default "A1". */
  startCell?: string;
  /** The platform's clock (WriteBlockInput.now). */
  now: () => number;
}

export interface HistoryFacts {
  firstDay: string | null;
  lastDay: string | null;
  rows: number;
  /** Rows that existed and whose values changed (revisions of past days). */
  updated: number;
  /** New rows: appended at the end, or inserted (with the whole sheet row) beside their day. */
  added: number;
  /** The latest past day whose stored values changed in this refresh; null when none did. */
  revisedDay: string | null;
  /** Share of the spreadsheet's cell limit the sheet uses after the write. */
  sheetShare: number;
  /** The sheet's size after the write, to say when it would fill up. */
  sheetCells: number;
  /** The block's note before this write ("" the first time): what it said about earlier revisions. */
  previousNote: string;
}

export interface HistoryWriteResult extends HistoryFacts {
  sheetName: string;
  range: string;
}

interface Line {
  key: string;
  day: string;
  cells: unknown[];
  /** Index in the stored tail, or -1 for a new row. */
  stored: number;
}

function same(a: unknown, b: unknown, dayOf: (cell: unknown) => string | null): boolean {
  if (a === b) return true;
  const da = dayOf(a);
  if (da !== null) return da === dayOf(b);
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return String(a ?? '') === String(b ?? '');
}

/**
 * Writes a history block: rows already stored are updated in place, new ones go in date order
 * (appended, or inserted with their whole sheet row so cells the user keeps beside the block stay
 * beside the same rows), rows before the revision window are never read into the write, and a key
 * is never stored twice. The first write is an ordinary block write.
 */
export function upsertHistoryBlock(spreadsheet: Spreadsheet, input: HistoryBlockInput): HistoryWriteResult {
  const { table, keyColumns, dayColumn, dayOf } = input;
  const keyOf = (cells: unknown[]): string =>
    JSON.stringify(keyColumns.map((i) => (i === dayColumn ? dayOf(cells[i]) : String(cells[i] ?? ''))));
  const fresh = new Map<string, unknown[]>();
  for (const row of table.rows) fresh.set(keyOf(row), row);
  const sortedFresh = [...fresh.values()].sort((a, b) => {
    const da = dayOf(a[dayColumn]) ?? '';
    const db = dayOf(b[dayColumn]) ?? '';
    return da < db ? -1 : da > db ? 1 : 0;
  });

  const sheet = spreadsheet.getSheetByName(input.sheetName.trim());
  // A write an earlier run could not finish is finished or undone before the block is read.
  if (sheet) settleInterruptedWrite(spreadsheet, sheet, input.blockId);
  const block = historyBlock(spreadsheet, sheet, input.blockId);
  const width = table.columns.length;

  if (!sheet || !block) return firstWrite(spreadsheet, sheet, input, sortedFresh);

  const headers = table.columns.map((c) => c.header);
  const storedHeader = sheet.getRange(block.row, block.col, 1, block.cols).getValues()[0].map(String);
  if (storedHeader.length !== headers.length || storedHeader.some((h, i) => h !== headers[i])) {
    throw new CreatorError(
      'BLOCK_CONFLICT',
      `The history in '${input.sheetName}' has the columns ${storedHeader.join(', ')}; this report now has ${headers.join(', ')}. Save the report to a new sheet to start a new history (the old one stays as it is).`,
    );
  }
  const storedCount = block.rows - 1;
  // Only the days from the revision window on are read; the rows before them are never touched.
  const dayCells =
    storedCount > 0
      ? sheet
          .getRange(block.row + 1, block.col + dayColumn, storedCount, 1)
          .getValues()
          .map((r) => dayOf(r[0]))
      : [];
  const lastStored = dayCells.reduce<string | null>((max, d) => (d !== null && (max === null || d > max) ? d : max), null);
  const firstStored = dayCells.find((d) => d !== null) ?? null;
  let tailFrom = storedCount;
  if (input.windowStart !== null) {
    const at = dayCells.findIndex((d) => d !== null && d >= input.windowStart!);
    tailFrom = at < 0 ? storedCount : at;
  }
  const tailRows = storedCount - tailFrom;
  const stored: Line[] = tailRows
    ? sheet
        .getRange(block.row + 1 + tailFrom, block.col, tailRows, width)
        .getValues()
        .map((cells, i) => ({ key: keyOf(cells), day: dayOf(cells[dayColumn]) ?? '', cells, stored: i }))
    : [];

  const { updated, revisedDay, added, merged, inserted } = mergeWindow(stored, sortedFresh, {
    keyOf,
    dayOf: (row) => dayOf(row[dayColumn]) ?? '',
    same: (a, b) => same(a, b, dayOf),
    windowStart: input.windowStart,
  });
  const appended = merged.length - tailRows - inserted.length;
  const total = storedCount + added.length;
  const cells = estimateCells(sheet, block.row + total, block.col + width - 1);
  refuseOverflow(input.sheetName, cells, total, width);

  const appendRect: Rect = { row: block.row + 1 + storedCount, col: block.col, rows: appended, cols: width };
  if (appended > 0) {
    const conflict = findConflict(sheet, appendRect, []);
    if (conflict) throw blockConflictError(input.sheetName, conflict);
  }

  const days = [firstStored, lastStored, ...added.map((a) => a.day)].filter((d): d is string => !!d).sort();
  const facts: HistoryFacts = {
    firstDay: days[0] ?? null,
    lastDay: days[days.length - 1] ?? null,
    rows: total,
    updated,
    added: added.length,
    revisedDay,
    sheetShare: cells / SHEET_CELL_LIMIT,
    sheetCells: cells,
    previousNote: String(sheet.getRange(block.row, block.col).getNote() ?? ''),
  };
  const note = input.note(facts);

  // From here on the sheet changes, journaled first so an interruption is settled (history-journal.ts).
  const rect: Rect = { row: block.row, col: block.col, rows: 1 + total, cols: width };
  journaledWrite(spreadsheet, sheet, input.blockId, { rect, tailFrom, inserted, lines: merged, table, note });
  return { ...facts, sheetName: input.sheetName.trim(), range: toA1(rect) };
}

/**
 * Inserts, writes and marks the window's rows, with a journal kept until the block is whole again;
 * a failure is settled at once when Sheets lets it, else by the next write.
 */
function journaledWrite(
  spreadsheet: Spreadsheet,
  sheet: Sheet,
  blockId: string,
  w: { rect: Rect; tailFrom: number; inserted: number[]; lines: Line[]; table: BlockTable; note: string },
): void {
  const { rect, tailFrom } = w;
  writeJournal(sheet, blockId, { inserted: w.inserted.map((i) => 1 + tailFrom + i), rows: rect.rows, cols: rect.cols });
  try {
    writeTail(sheet, w.table, { tailTop: rect.row + 1 + tailFrom, col: rect.col, inserted: w.inserted, lines: w.lines });
    markOwned(spreadsheet, blockRangeName(blockId), sheet, rect);
    sheet.getRange(rect.row, rect.col).setNote(w.note);
    dropJournal(sheet, blockId);
  } catch (error) {
    try {
      settleInterruptedWrite(spreadsheet, sheet, blockId);
    } catch (_) {
      // Sheets is still failing: the journal stays, and the next run settles it.
    }
    throw error;
  }
}

/**
 * A new row inside the window takes a whole sheet row, so what the user keeps beside later rows
 * moves down with them; then the window's rows are written in one call.
 */
function writeTail(sheet: Sheet, table: BlockTable, at: { tailTop: number; col: number; inserted: number[]; lines: Line[] }): void {
  const { tailTop, lines } = at;
  const width = table.columns.length;
  for (const i of at.inserted) sheet.insertRowsBefore(tailTop + i, 1);
  const grow = tailTop + lines.length - 1 - sheet.getMaxRows();
  if (grow > 0) sheet.insertRowsAfter(sheet.getMaxRows(), grow);
  if (!lines.length) return;
  const text = table.columns.map((c) => isTextColumn(c.type));
  const range = sheet.getRange(tailTop, at.col, lines.length, width);
  range.setValues(lines.map((line) => line.cells.map((cell, i) => toCellValue(cell, text[i]))));
  const formats = table.columns.map((c) => c.format || 'General');
  range.setNumberFormats(lines.map(() => formats));
}

/**
 * The window's rows after the refresh: stored rows updated in place (counting those whose values
 * changed), new ones after the stored rows of their day; `inserted` are the indexes of new rows
 * that come before the last stored one (each takes a whole sheet row).
 */
function mergeWindow(
  stored: Line[],
  sortedFresh: unknown[][],
  how: {
    keyOf(row: unknown[]): string;
    dayOf(row: unknown[]): string;
    same(a: unknown, b: unknown): boolean;
    windowStart: string | null;
  },
): { updated: number; revisedDay: string | null; added: Line[]; merged: Line[]; inserted: number[] } {
  const byKey = new Map(stored.map((line) => [line.key, line]));
  let updated = 0;
  let revisedDay: string | null = null;
  const added: Line[] = [];
  for (const row of sortedFresh) {
    const key = how.keyOf(row);
    const day = how.dayOf(row);
    if (how.windowStart !== null && day < how.windowStart) continue;
    const line = byKey.get(key);
    if (!line) {
      added.push({ key, day, cells: row, stored: -1 });
      continue;
    }
    if (!line.cells.every((cell, i) => how.same(cell, row[i]))) {
      updated += 1;
      if (revisedDay === null || day > revisedDay) revisedDay = day;
    }
    line.cells = row;
  }
  // Date order: stored rows keep their order; a new row goes after the stored rows of its day.
  const merged: Line[] = [...stored];
  for (const line of added) {
    let at = merged.length;
    while (at > 0 && merged[at - 1].day > line.day) at -= 1;
    merged.splice(at, 0, line);
  }
  const lastStoredIndex = merged.reduce((last, line, i) => (line.stored >= 0 ? i : last), -1);
  const inserted = merged.map((line, i) => (line.stored < 0 && i < lastStoredIndex ? i : -1)).filter((i) => i >= 0);
  return { updated, revisedDay, added, merged, inserted };
}

/** The first write of a history: an ordinary block write of the rows in date order. */
function firstWrite(spreadsheet: Spreadsheet, sheet: Sheet | null, input: HistoryBlockInput, sortedFresh: unknown[][]): HistoryWriteResult {
  const width = input.table.columns.length;
  const days = sortedFresh.map((r) => input.dayOf(r[input.dayColumn])).filter((d): d is string => d !== null);
  const rows = sortedFresh.length;
  const cells = estimateCells(sheet, 1 + rows, width);
  const facts: HistoryFacts = {
    firstDay: days[0] ?? null,
    lastDay: days[days.length - 1] ?? null,
    rows,
    updated: 0,
    added: rows,
    revisedDay: null,
    sheetShare: cells / SHEET_CELL_LIMIT,
    sheetCells: cells,
    previousNote: '',
  };
  refuseOverflow(input.sheetName, cells, rows, width);
  const written = writeReportBlock(spreadsheet, {
    sheetName: input.sheetName,
    blockId: input.blockId,
    table: { columns: input.table.columns, rows: sortedFresh },
    note: input.note(facts),
    now: input.now,
    ...(input.startCell ? { startCell: input.startCell } : {}),
  });
  return { ...facts, sheetName: written.sheetName, range: written.range };
}

/** Marks a block's note as a history's, so a block adopted from a plain pull starts a new history. */
export const HISTORY_NOTE_MARK = '(history)';

/**
 * The block of an existing history: owned by this report on this sheet, and a history (its note
 * says so). A plain block the report took over (from the builder's pull) is replaced by a new one.
 */
export function historyBlock(spreadsheet: Spreadsheet, sheet: Sheet | null, blockId: string): Rect | null {
  const owned = sheet ? locateBlock(spreadsheet, sheet, blockId).committed : null;
  if (!sheet || !owned) return null;
  const note = String(sheet.getRange(owned.row, owned.col).getNote() ?? '');
  return note.split('\n')[0].endsWith(HISTORY_NOTE_MARK) ? owned : null;
}

function estimateCells(sheet: Sheet | null, lastRow: number, lastCol: number): number {
  const rows = Math.max(sheet?.getMaxRows() ?? 1000, lastRow);
  const cols = Math.max(sheet?.getMaxColumns() ?? 26, lastCol);
  return rows * cols;
}

function refuseOverflow(sheetName: string, cells: number, rows: number, width: number): void {
  if (cells <= SHEET_CELL_LIMIT) return;
  throw new CreatorError(
    'TOO_LARGE',
    `The history in '${sheetName}' would need ${rows} rows of ${width} columns, past the 10 million cells a spreadsheet holds. Start a new history in another spreadsheet, or keep fewer sites or dimensions; nothing was written.`,
  );
}

/** Share of the limit at which the note starts warning. */
export function nearlyFull(facts: Pick<HistoryFacts, 'sheetShare'>): boolean {
  return facts.sheetShare >= WARN_SHARE;
}
