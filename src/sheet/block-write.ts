import { CreatorError, isCreatorError } from '../shared/errors';
import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, forget, markOwned, pendingRangeName, readOwned, type OwnedArea } from './block-ownership';
import { describeUserEdits, fingerprint, forgetRecord, readRecord, writeRecord } from './block-record';
import { clipText } from './cell-limit';
import { isTextColumn, toCellValue, type CellValue } from './cell-values';
import { applyFormats, valuesWriter } from './staged-values';
import { blockConflictError, findConflict } from './conflicts';
import { intersect, parseCell, rangeOf, sheetRect, subtractAll, toA1, type Rect } from './rect';
import type { BlockColumn, BlockId, SheetsApi, WriteBlockResult } from './report-table';

/**
 * Staged block writes: a refresh is all-or-nothing at every size.
 *
 *   const w = beginBlockWrite(spreadsheet, { sheetName, blockId, columns });  // no user cell changes
 *   w.appendRows(rows);            // as often as rows arrive (a streamed pull: once per batch)
 *   const result = w.commit(note); // under the document lock; or w.abort() on any failure
 *
 * begin makes a hidden staging sheet for the block and writes the header there; appendRows writes
 * rows there (text clipped to Sheets' 50,000-character cell limit, counted for the note). Nothing
 * on the user's sheets changes before commit. commit checks the target (cells the user typed,
 * inserted or deleted inside the old block; content where the new block goes), then puts the
 * staged block in place with ONE Range.copyTo over old ∪ new: values, formats, bold header and
 * note land together, old rows beyond the new block are emptied by the same copy, and cells of the
 * user inside that bounding box (but outside both blocks) are copied into the staging area first so
 * the copy hands them back unchanged. A failure before that copy leaves the target untouched; the
 * copy itself is one call. Then the block's named range, shape and fingerprints are recorded, and
 * the staging sheet goes (commit, abort, or the next begin for the same block removes it).
 */
export interface BlockTarget {
  sheetName: string;
  /** Stable per report (a saved report's id), or made from the target sheet's ID. Default: `sheet-<sheetId>`. */
  blockId?: BlockId;
  /** The sheet last written, by ID: a renamed sheet is followed instead of forked. */
  sheetId?: number | null;
  columns: BlockColumn[];
  /** Top-left cell of a new block. Default "A1"; an existing block stays where it is now. */
  startCell?: string;
  /** Rows arrive as safe cell values (src/table's forSheet output): only over-long text is touched. */
  sheetSafe?: boolean;
  /** Stage rows through the Sheets advanced service where it is enabled (see staged-values.ts). */
  sheetsApi?: SheetsApi | null;
}

export interface BlockWrite {
  appendRows(rows: unknown[][]): void;
  /** Data rows staged so far. */
  readonly rows: number;
  /**
   * `columns`: begin's columns with their final number formats, when rows that arrived later
   * widened one (a streamed table's whole numbers joined by fractions), less any that no row
   * filled (a streamed table's laid-out catalog column): those are dropped; default: begin's.
   */
  commit(note: string, columns?: BlockColumn[]): WriteBlockResult;
  abort(): void;
}

/**
 * A spreadsheet holds at most 10 million cells, and the staging copy needs as many again as the
 * block while a refresh runs: refuse early rather than fail midway.
 */
export const MAX_BLOCK_CELLS = 4_000_000;
const STAGING_PREFIX = 'CR staging ';

function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

export function stagingSheetName(key: string): string {
  return `${STAGING_PREFIX}${shortHash(key)}`;
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

function tooLarge(rows: number, columns: number): CreatorError {
  return new CreatorError(
    'TOO_LARGE',
    `This report has ${rows} rows of ${columns} columns, more than a sheet can hold comfortably. Use a row limit or a shorter date range.`,
  );
}

function ownedOn(sheet: Sheet | null, area: OwnedArea | null): Rect | null {
  return sheet && area && area.sheet.getSheetId() === sheet.getSheetId() ? area.rect : null;
}

function removeSheet(spreadsheet: Spreadsheet, sheet: Sheet | null): void {
  if (!sheet) return;
  try {
    spreadsheet.deleteSheet(sheet);
  } catch (_) {
    // Best effort: the next begin for the same block removes a leftover staging sheet.
  }
}

/** The sheet the block goes to: the one it was written to (by ID, renamed or not), else by name. */
function findTarget(spreadsheet: Spreadsheet, target: BlockTarget, sheetName: string): Sheet | null {
  if (typeof target.sheetId === 'number') {
    const byId = spreadsheet.getSheets().find((s) => s.getSheetId() === target.sheetId);
    if (byId) return byId;
  }
  return spreadsheet.getSheetByName(sheetName);
}

function noColumns(): CreatorError {
  return new CreatorError('BAD_INPUT', 'The report has no columns to write.');
}

/** Staged columns the final ones leave out, deleted from the staging sheet (right to left). */
function dropColumns(staging: Sheet, staged: BlockColumn[], kept: BlockColumn[]): void {
  const keep = new Set(kept.map((c) => c.field));
  for (let i = staged.length - 1; i >= 0; i--) if (!keep.has(staged[i].field)) staging.deleteColumn(i + 1);
}

function makeStaging(spreadsheet: Spreadsheet, name: string, columns: number): Sheet {
  removeSheet(spreadsheet, spreadsheet.getSheetByName(name));
  const active = spreadsheet.getActiveSheet();
  const staging = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
  // insertSheet activates the new sheet; the user stays where they were and never sees it.
  if (active) spreadsheet.setActiveSheet(active);
  staging.hideSheet();
  if (columns > staging.getMaxColumns()) staging.insertColumnsAfter(staging.getMaxColumns(), columns - staging.getMaxColumns());
  return staging;
}

export function beginBlockWrite(spreadsheet: Spreadsheet, target: BlockTarget): BlockWrite {
  const sheetName = target.sheetName.trim();
  if (!sheetName || sheetName.length > 100) throw new CreatorError('BAD_INPUT', 'Give the sheet a name of 1 to 100 characters.');
  const { columns } = target;
  if (columns.length === 0) throw noColumns();
  const start = parseCell(target.startCell ?? 'A1');
  const width = columns.length;
  const text = columns.map((c) => isTextColumn(c.type));
  const writeValues = valuesWriter(spreadsheet, target.sheetsApi);

  let staging: Sheet | null = guarded(sheetName, null, () => {
    const made = makeStaging(
      spreadsheet,
      stagingSheetName(typeof target.blockId === 'string' ? target.blockId : `sheet:${sheetName}`),
      width,
    );
    try {
      made.getRange(1, 1, 1, width).setFontWeight('bold');
      return made;
    } catch (error) {
      removeSheet(spreadsheet, made);
      throw error;
    }
  });
  let rows = 0;
  // The header travels with the first rows: one request less for a report that fits in one.
  let header: CellValue[] | null = columns.map((c) => toCellValue(c.header, true));
  let clipped = 0;

  const clip = (value: string): string => {
    const fitted = clipText(value);
    if (fitted !== value) clipped++;
    return fitted;
  };
  const cell = (value: unknown, i: number): CellValue => toCellValue(typeof value === 'string' ? clip(value) : value, text[i]);
  // Safe rows are passed on as they are (no second copy), except a row holding an over-long text.
  const safeRow = (row: unknown[]): CellValue[] => {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v === 'string' && clipText(v) !== v) return row.map((c) => (typeof c === 'string' ? clip(c) : c)) as CellValue[];
    }
    return row as CellValue[];
  };
  const live = (): Sheet => {
    if (!staging) throw new CreatorError('INTERNAL', 'This block write has already ended. Run the report again.');
    return staging;
  };

  const write: BlockWrite = {
    get rows() {
      return rows;
    },
    appendRows(batch: unknown[][]) {
      const sheet = live();
      if ((rows + batch.length + 1) * width > MAX_BLOCK_CELLS) {
        write.abort();
        throw tooLarge(rows + batch.length, width);
      }
      if (batch.length === 0) return;
      guarded(sheetName, write, () => {
        const values = target.sheetSafe ? batch.map(safeRow) : batch.map((row) => columns.map((_, i) => cell(row[i], i)));
        growToFit(sheet, { row: 2 + rows, col: 1, rows: batch.length, cols: width });
        if (header) values.unshift(header);
        writeValues(sheet, header ? 1 : 2 + rows, values);
        header = null;
        rows += batch.length;
      });
    },
    commit(note: string, finalColumns?: BlockColumn[]): WriteBlockResult {
      const sheet = live();
      let created: Sheet | null = null;
      try {
        const kept = finalColumns ?? columns;
        if (kept.length === 0) throw noColumns();
        const size = { rows: rows + 1, cols: kept.length };
        // A sheet made for this write goes again if the commit fails: a failed first run leaves no trace.
        const create = (): Sheet => (created = spreadsheet.insertSheet(sheetName));
        const result = guarded(sheetName, null, () => {
          if (header) writeValues(sheet, 1, [header]);
          header = null;
          dropColumns(sheet, columns, kept);
          applyFormats(sheet, rows, kept);
          return commitStaged(spreadsheet, sheet, target, sheetName, start, size, withClipNote(note, clipped), create);
        });
        created = null;
        return { ...result, clippedCells: clipped };
      } finally {
        removeSheet(spreadsheet, created);
        write.abort();
      }
    },
    abort() {
      const sheet = staging;
      staging = null;
      removeSheet(spreadsheet, sheet);
    },
  };
  return write;
}

/**
 * A platform failure (a quota, a timeout) while staging or committing: the user's sheet is as it
 * was, which is what the message says. Our own errors pass as they are.
 */
function guarded<T>(sheetName: string, write: BlockWrite | null, step: () => T): T {
  try {
    return step();
  } catch (error) {
    write?.abort();
    if (isCreatorError(error)) throw error;
    if (CELL_LIMIT.test(error instanceof Error ? error.message : String(error))) {
      // The hidden staging sheet needs room for a second copy of the block while a refresh runs.
      throw new CreatorError(
        'TOO_LARGE',
        `This report does not fit in this spreadsheet: Google allows 10 million cells per spreadsheet, and a refresh needs room for a second copy of the block while it runs. Delete sheets, rows or columns you do not need, add a limit, or pull it into another spreadsheet.`,
      );
    }
    throw new CreatorError(
      'WRITE_FAILED',
      `Writing to sheet '${sheetName}' failed midway; the previous data is still in place. Try again.`,
    );
  }
}

function withClipNote(note: string, clipped: number): string {
  if (!clipped) return note;
  return `${note}\n${clipped} cell${clipped === 1 ? ' was' : 's were'} longer than Sheets' 50,000-character limit and ${clipped === 1 ? 'was' : 'were'} clipped (marked "[clipped: ...]").`;
}

function editsError(sheetName: string, what: string): CreatorError {
  return new CreatorError(
    'BLOCK_CONFLICT',
    `Sheet '${sheetName}' has ${what}. The report was not written, so nothing there was overwritten. Move your rows or cells out of the block (or undo the change), then run it again; or write the report to another sheet.`,
  );
}

function commitStaged(
  spreadsheet: Spreadsheet,
  staging: Sheet,
  target: BlockTarget,
  sheetName: string,
  start: { row: number; col: number },
  size: { rows: number; cols: number },
  note: string,
  create: () => Sheet,
): WriteBlockResult {
  const existing = findTarget(spreadsheet, target, sheetName);
  const sheet = existing ?? create();
  const blockId =
    typeof target.blockId === 'function' ? target.blockId(sheet.getSheetId()) : (target.blockId ?? `sheet-${sheet.getSheetId()}`);
  const committedName = blockRangeName(blockId);
  const pendingName = pendingRangeName(blockId);
  const committed = ownedOn(sheet, readOwned(spreadsheet, committedName));
  // Left by an older version's write that died midway: ours, and worth nothing.
  const pending = ownedOn(sheet, readOwned(spreadsheet, pendingName));
  const name = sheet.getName();

  if (committed) {
    const record = readRecord(sheet, committedName);
    const edits = record ? describeUserEdits(sheet, committed, record) : null;
    if (edits) throw editsError(name, edits);
  }
  const rect: Rect = { row: committed?.row ?? start.row, col: committed?.col ?? start.col, rows: size.rows, cols: size.cols };
  const owned = [committed, pending].filter((r): r is Rect => r !== null);
  const conflict = findConflict(sheet, rect, owned);
  if (conflict) throw blockConflictError(name, conflict);

  // The copy covers old and new together; the user's cells in that box's corners ride along.
  const box: Rect = committed
    ? { row: rect.row, col: rect.col, rows: Math.max(rect.rows, committed.rows), cols: Math.max(rect.cols, committed.cols) }
    : rect;
  growToFit(staging, { row: 1, col: 1, rows: box.rows, cols: box.cols });
  growToFit(sheet, box);
  for (const corner of subtractAll([box], [rect, ...(committed ? [committed] : [])])) {
    rangeOf(sheet, corner).copyTo(staging.getRange(corner.row - box.row + 1, corner.col - box.col + 1));
  }
  staging.getRange(1, 1).setNote(note);
  rangeOf(staging, { row: 1, col: 1, rows: box.rows, cols: box.cols }).copyTo(sheet.getRange(box.row, box.col));

  markOwned(spreadsheet, committedName, sheet, rect);
  if (pending) {
    for (const r of subtractAll([pending], [box])) {
      const inSheet = intersect(r, sheetRect(sheet));
      if (inSheet) rangeOf(sheet, inSheet).clear();
    }
    forget(spreadsheet, pendingName);
  }
  forgetRecord(sheet, committedName);
  writeRecord(sheet, committedName, fingerprint(sheet, rect));
  // Freezing is only done for a block at the top: freezing down to a lower header would pin the
  // user's own rows above it.
  if (rect.row === 1 && sheet.getFrozenRows() < 1) sheet.setFrozenRows(1);
  return { sheetName: name, sheetId: sheet.getSheetId(), blockId, range: toA1(rect), rows: size.rows - 1, clippedCells: 0 };
}
