import { CreatorError } from '../shared/errors';
import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, forget, markOwned, pendingRangeName, readOwned } from './block-ownership';
import { fingerprint } from './block-hasher';
import {
  blockIdOn,
  droppedColumns,
  findTarget,
  growToFit,
  ownedOn,
  pinnedRows,
  settleCommitted,
  type BlockPlan,
  type BlockSink,
} from './block-place';
import { bringIntoView } from './bring-into-view';
import { blockConflictError, findConflict, type Conflict } from './conflicts';
import { intersect, rangeOf, sheetRect, toA1, type Rect } from './rect';
import { applyFormats, type ValuesWriter } from './staged-values';
import type { Exclusive } from './report-table';

/**
 * A block written straight into a sheet this run makes: there is nothing there to protect, so
 * staging the block and copying it into place would only write every cell twice.
 *
 * The new sheet stays hidden until commit. Rows the user could see while it fills could be typed
 * over, and the block's fingerprint, taken at commit, would take such an edit for the report's own:
 * the next refresh would then replace it without a word. (An area on a sheet that already exists
 * cannot be hidden, so a first write there is staged like a refresh.)
 *
 * Each chunk is written under the document lock (`target.exclusive`): the area it is about to fill
 * is first marked as this block's unfinished write (`CR_<id>_pending`, block-ownership.ts), then
 * filled. So:
 * - a run killed midway (the time limit: no finally runs) leaves a hidden sheet the next run of the
 *   same report knows as its own: it stages its block, puts it over that area, clears the rest and
 *   shows the sheet;
 * - another run of the same report meanwhile finds the sheet and stages instead; if it lands its
 *   block first, this run notices before its next chunk and stops without touching anything;
 * - any failure of a live run removes the sheet it made (or, if the user unhid it and typed there
 *   meanwhile, empties only what it wrote).
 * Number formats, the bold header, the note, the named range and the fingerprints come at commit.
 */
/**
 * A direct write whose block another run of the same report finished first (a double click, two
 * editors): nothing of this run is left in the sheet, and the block now exists, so the run may
 * write its rows again as a refresh of it (run/run-report.ts does).
 */
export class SupersededWrite extends CreatorError {
  constructor(message: string) {
    super('WRITE_FAILED', message);
  }
}

export function claimDirect(plan: BlockPlan): BlockSink | null {
  const { spreadsheet, target, sheetName } = plan;
  if (findTarget(spreadsheet, target, sheetName)) return null;
  const active = spreadsheet.getActiveSheet();
  const made = spreadsheet.insertSheet(sheetName);
  // The user stays where they were while it fills (insertSheet activates); commit shows it.
  if (active) spreadsheet.setActiveSheet(active);
  made.hideSheet();
  return directSink(plan, made);
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

/**
 * What a failed direct write leaves: a sheet holding nothing else goes; otherwise the rows it wrote
 * are cleared (formats and note too once it formatted them) and its pending mark is dropped.
 */
function removeUnfinished(
  spreadsheet: Spreadsheet,
  sheet: Sheet,
  { claimed, formatted, pendingName }: { claimed: Rect | null; formatted: boolean; pendingName: string },
): void {
  const area = claimed ? intersect(claimed, sheetRect(sheet)) : null;
  if (!contentIn(sheet, sheetRect(sheet), area ? [area] : [])) {
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
  if (claimed) forget(spreadsheet, pendingName);
}

function directSink(plan: BlockPlan, sheet: Sheet): BlockSink {
  const { spreadsheet, target, start, width, writeValues } = plan;
  const exclusive: Exclusive = target.exclusive ?? ((work) => work());
  const name = sheet.getName();
  const blockId = blockIdOn(target, sheet);
  const committedName = blockRangeName(blockId);
  const pendingName = pendingRangeName(blockId);
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
    const message = `Sheet '${name}' changed while this report was being written into it (another run of the report finished first, or the sheet was deleted), so this run stopped without touching it. Run the report again for the newest data.`;
    let landed = false;
    try {
      landed = !!ownedOn(sheet, readOwned(spreadsheet, committedName));
    } catch (_) {
      // The sheet was deleted.
    }
    throw landed ? new SupersededWrite(message) : new CreatorError('WRITE_FAILED', message);
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

  const cleanUp = (): void => removeUnfinished(spreadsheet, sheet, { claimed, formatted, pendingName });

  return {
    staged: false,
    append,
    commit(header, note, columns, dataRows, written) {
      return exclusive(() => {
        if (header) append([header], 0);
        checkClaim();
        // Right to left, so each index still points at its column.
        for (const i of droppedColumns(target.columns, columns)) sheet.deleteColumn(start.col + i);
        const rect: Rect = { row: start.row, col: start.col, rows: dataRows + 1, cols: columns.length };
        formatted = true;
        applyFormats(sheet, dataRows, columns, rect);
        sheet.getRange(rect.row, rect.col, 1, rect.cols).setFontWeight('bold');
        sheet.getRange(rect.row, rect.col).setNote(note);
        markOwned(spreadsheet, committedName, sheet, rect);
        ended = true;
        forget(spreadsheet, pendingName);
        const record = written.orRead(() => fingerprint(sheet, rect, pinnedRows(target), true));
        settleCommitted(sheet, committedName, rect, record);
        // As a staged write's new sheet, made at its commit, is shown.
        bringIntoView(sheet);
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
