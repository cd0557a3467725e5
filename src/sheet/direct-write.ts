import { CreatorError } from '../shared/errors';
import type { Sheet } from '../platform/types';
import { blockRangeName, forget, markOwned, pendingRangeName, readOwned } from './block-ownership';
import { blockIdOn, droppedColumns, findTarget, growToFit, ownedOn, type BlockPlan, type BlockSink } from './block-place';
import { fingerprint, forgetRecord, writeRecord } from './block-record';
import { blockConflictError, findConflict, type Conflict } from './conflicts';
import { intersect, rangeOf, readInSlices, sheetRect, toA1, type Rect } from './rect';
import { applyFormats, type ValuesWriter } from './staged-values';
import type { Exclusive } from './report-table';

/**
 * A block written straight into its target, for a sheet this run makes or an area holding no block
 * of this report (not even an unfinished one) and nothing else: there is nothing there to protect,
 * so staging the block and copying it into place would only write every cell twice.
 *
 * Each chunk is written under the document lock (`target.exclusive`): the area it is about to fill
 * is first marked as this block's unfinished write (`CR_<id>_pending`, block-ownership.ts), then
 * filled. So:
 * - a run killed midway (the time limit: no finally runs) leaves an area the next run of the same
 *   report knows as its own: it stages its block, puts it over that area and clears the rest;
 * - another run of the same report meanwhile sees the mark and stages instead; if it lands its
 *   block first, this run notices before its next chunk and stops without touching anything;
 * - any failure of a live run empties what it wrote (and the rows it added), or removes the sheet
 *   it made, unless the user typed there meanwhile; cells outside the area are never touched.
 * Number formats, the bold header, the note, the named range and the fingerprints come at commit.
 */
export function claimDirect(plan: BlockPlan): BlockSink | null {
  const { spreadsheet, target, sheetName, start, width } = plan;
  const existing = findTarget(spreadsheet, target, sheetName);
  if (existing) {
    const id = blockIdOn(target, existing);
    if (readOwned(spreadsheet, pendingRangeName(id)) || ownedOn(existing, readOwned(spreadsheet, blockRangeName(id)))) return null;
    // Rows below the sheet's last content are empty: only the used part of the block's columns is
    // read, up to the first cell holding anything.
    if (holdsAnything(existing, { row: start.row, col: start.col, rows: existing.getMaxRows(), cols: width })) return null;
    return directSink(plan, existing, false);
  }
  const active = spreadsheet.getActiveSheet();
  const made = spreadsheet.insertSheet(sheetName);
  // The user stays where they were while it fills (insertSheet activates); commit shows it.
  if (active) spreadsheet.setActiveSheet(active);
  return directSink(plan, made, true);
}

/** Every cell the sheet holds content in lies inside this (null: none). */
function usedRect(sheet: Sheet): Rect | null {
  const rows = sheet.getLastRow();
  const cols = sheet.getLastColumn();
  return rows > 0 && cols > 0 ? { row: 1, col: 1, rows, cols } : null;
}

/** Cells holding anything in `rect` outside `owned`, reading only the sheet's used part. */
function contentIn(sheet: Sheet, rect: Rect, owned: Rect[] = []): Conflict | null {
  const used = usedRect(sheet);
  const part = used && intersect(rect, used);
  return part ? findConflict(sheet, part, owned) : null;
}

function holdsAnything(sheet: Sheet, rect: Rect): boolean {
  const used = usedRect(sheet);
  const part = used && intersect(rect, used);
  let found = false;
  if (part)
    readInSlices(sheet, part, (values, formulas) => {
      found = values.some((row, r) => row.some((v, c) => v !== '' || formulas[r][c] !== ''));
      return found;
    });
  return found;
}

function directSink(plan: BlockPlan, sheet: Sheet, created: boolean): BlockSink {
  const { spreadsheet, target, start, width, writeValues } = plan;
  const exclusive: Exclusive = target.exclusive ?? ((work) => work());
  const name = sheet.getName();
  const blockId = blockIdOn(target, sheet);
  const committedName = blockRangeName(blockId);
  const pendingName = pendingRangeName(blockId);
  const original = created ? null : { rows: sheet.getMaxRows(), cols: sheet.getMaxColumns() };
  /** The area marked as this write's own so far (null: nothing written yet). */
  let claimed: Rect | null = null;
  let formatted = false;
  /** Committed, handed to another run, or cleaned up. */
  let ended = false;

  const stillOurs = (area: Rect): boolean => {
    try {
      const pending = ownedOn(sheet, readOwned(spreadsheet, pendingName));
      return !!pending && pending.row === area.row && pending.col === area.col && !ownedOn(sheet, readOwned(spreadsheet, committedName));
    } catch (_) {
      return false; // the sheet was deleted
    }
  };
  const checkClaim = (): void => {
    if (!claimed || stillOurs(claimed)) return;
    ended = true;
    throw new CreatorError(
      'WRITE_FAILED',
      `Sheet '${name}' changed while this report was being written into it (another run of the report finished first, or the sheet was deleted), so this run stopped without touching it. Run the report again for the newest data.`,
    );
  };

  const append = (values: Parameters<ValuesWriter>[2], at: number): void =>
    exclusive(() => {
      checkClaim();
      const rect: Rect = { row: start.row + at, col: start.col, rows: values.length, cols: width };
      // The user may have typed below while the pull ran.
      const conflict = contentIn(sheet, rect);
      if (conflict) throw blockConflictError(name, conflict);
      growToFit(sheet, rect);
      claimed = { row: start.row, col: start.col, rows: at + values.length, cols: width };
      markOwned(spreadsheet, pendingName, sheet, claimed);
      writeValues(sheet, rect.row, values, rect.col);
    });

  const cleanUp = (): void => {
    const area = claimed ? intersect(claimed, sheetRect(sheet)) : null;
    if (created && !contentIn(sheet, sheetRect(sheet), area ? [area] : [])) {
      if (claimed) forget(spreadsheet, pendingName);
      spreadsheet.deleteSheet(sheet);
      return;
    }
    if (area) {
      const range = rangeOf(sheet, area);
      if (formatted) {
        range.clear();
        range.clearNote();
      } else range.clearContent();
    }
    if (original) shrinkTo(sheet, original);
    if (claimed) forget(spreadsheet, pendingName);
  };

  return {
    append,
    commit(header, note, columns, dataRows) {
      return exclusive(() => {
        if (header) append([header], 0);
        checkClaim();
        dropColumns(
          sheet,
          created,
          { row: start.row, col: start.col, rows: dataRows + 1, cols: width },
          droppedColumns(target.columns, columns),
        );
        const rect: Rect = { row: start.row, col: start.col, rows: dataRows + 1, cols: columns.length };
        formatted = true;
        applyFormats(sheet, dataRows, columns, rect);
        sheet.getRange(rect.row, rect.col, 1, rect.cols).setFontWeight('bold');
        sheet.getRange(rect.row, rect.col).setNote(note);
        markOwned(spreadsheet, committedName, sheet, rect);
        ended = true;
        forget(spreadsheet, pendingName);
        forgetRecord(sheet, committedName);
        writeRecord(sheet, committedName, fingerprint(sheet, rect, true));
        // Freezing is only done for a block at the top: freezing down to a lower header would pin the
        // user's own rows above it.
        if (rect.row === 1 && sheet.getFrozenRows() < 1) sheet.setFrozenRows(1);
        // As a staged write's new sheet, made at its commit, is shown.
        if (created) spreadsheet.setActiveSheet(sheet);
        return { sheetName: sheet.getName(), sheetId: sheet.getSheetId(), blockId, range: toA1(rect), rows: dataRows, clippedCells: 0 };
      });
    },
    abort() {
      if (ended) return;
      ended = true;
      try {
        exclusive(() => {
          if (!claimed || stillOurs(claimed)) cleanUp();
        });
      } catch (_) {
        // The mark stays: the next run of this report owns what is left and rewrites it.
      }
    },
  };
}

/**
 * Takes the dropped columns (indexes right to left) out of the written area: a new sheet loses
 * the sheet column; on a sheet that was there, only the area's own cells move left, by one copy of
 * what is right of the column, and the area's last column is emptied.
 */
function dropColumns(sheet: Sheet, created: boolean, area: Rect, dropped: number[]): void {
  let cols = area.cols;
  for (const i of dropped) {
    if (created) sheet.deleteColumn(area.col + i);
    else {
      const right = cols - i - 1;
      if (right > 0)
        rangeOf(sheet, { row: area.row, col: area.col + i + 1, rows: area.rows, cols: right }).copyTo(
          sheet.getRange(area.row, area.col + i),
        );
      rangeOf(sheet, { row: area.row, col: area.col + cols - 1, rows: area.rows, cols: 1 }).clear();
    }
    cols--;
  }
}

/** Removes the rows and columns this write added to a sheet that had fewer, when they hold nothing. */
function shrinkTo(sheet: Sheet, original: { rows: number; cols: number }): void {
  const rows = sheet.getMaxRows() - original.rows;
  if (rows > 0 && !holdsAnything(sheet, { row: original.rows + 1, col: 1, rows, cols: sheet.getMaxColumns() }))
    sheet.deleteRows(original.rows + 1, rows);
  const cols = sheet.getMaxColumns() - original.cols;
  if (cols > 0 && !holdsAnything(sheet, { row: 1, col: original.cols + 1, rows: sheet.getMaxRows(), cols }))
    sheet.deleteColumns(original.cols + 1, cols);
}
