import type { Sheet } from '../platform/types';
import { blockRangeName, readOwned } from './block-ownership';
import { blockIdOn, findTarget, type BlockPlan } from './block-place';
import { EDGE_ROWS, sampleRows } from './block-hasher';
import { bandOf, MAX_FINGERPRINT_CELLS, readRecord, type BlockRecord, type StoredBlockRecord } from './block-record';
import type { CommitSize } from './commit-fit';
import { topByBands } from './commit-span';
import { conflictAreas } from './conflicts';
import type { Rect } from './rect';

/**
 * What a staged write's commit will cost, priced before it runs (commit-fit.ts judges it against
 * the time left): the cells its copy covers and the cells its checks read.
 */

/** The sheet the write goes to, and the block there it replaces: where it is, and its record. */
export function oldBlock(plan: BlockPlan): { sheet: Sheet | null; rect: Rect | null; record: StoredBlockRecord | null } {
  const { spreadsheet, target, sheetName } = plan;
  const sheet = findTarget(spreadsheet, target, sheetName);
  const name = sheet ? blockRangeName(blockIdOn(target, sheet)) : null;
  const old = sheet && name ? readOwned(spreadsheet, name) : null;
  if (!sheet || !name || !old || old.sheet.getSheetId() !== sheet.getSheetId()) return { sheet, rect: null, record: null };
  return { sheet, rect: old.rect, record: readRecord(sheet, name) };
}

/** What a write knows of its rows' hashes for the commit's price (`rows`: those hashed, header included). */
export interface HashedRows {
  /** Every row's hash is known (false: the record is read back from the new block). */
  hashed: boolean;
  bands(band: number): string[] | null;
  rows: number;
  /** Rows are still to come. */
  more: boolean;
}

/**
 * The cells the commit's copy covers: the new block and, where it was bigger, the old one, less
 * the rows at the top the bands say stay in place (commit-span.ts); none when the staging sheet
 * becomes the block's sheet (`promoted`).
 */
export function copySize(plan: BlockPlan, dataRows: number, promoted: boolean, fresh: HashedRows, old = oldBlock(plan)): CommitSize {
  const { width } = plan;
  const { sheet, rect, record: stored } = old;
  const record = stored?.v === 2 ? stored : null;
  // Rows hashed in no execution (a resumed write that kept no hashes): the record is read from the new block.
  const newCells = (dataRows + 1) * width;
  const reread = !fresh.hashed && newCells <= MAX_FINGERPRINT_CELLS ? newCells : 0;
  if (promoted) return { rows: 0, cols: 0, checkCells: 0, recordCells: reread };
  const rows = Math.max(dataRows + 1, rect?.rows ?? 0);
  // After a commit found the rows cannot stay (copiesWhole), every row is priced as copied.
  const bands = fresh.hashed && record?.band && !plan.timing?.copiesWhole() ? fresh.bands(record.band) : null;
  return {
    rows,
    cols: Math.max(width, rect?.cols ?? 0),
    copyRows: rows - topByBands(record, { bands, rows: fresh.rows }, fresh.more),
    ...checkSize(rect, record, fresh.hashed),
    recordCells: reread,
    guardCells: sheet ? guardCells(sheet, { ...(rect ?? plan.start), rows: dataRows + 1, cols: width }, rect) : 0,
  };
}

/**
 * What the edit check reads of the old block: all of it, or past MAX_FINGERPRINT_CELLS a row per
 * band, each its own call (the sample rows that vouch for the rows a refresh leaves in place), and
 * the rows at the edge of those. None past it when the new rows' hashes are not all known
 * (`hashedAll` false): the commit then leaves no row in place and has nothing to vouch for.
 */
function checkSize(old: Rect | null, record: BlockRecord | null, hashedAll: boolean): Pick<CommitSize, 'checkCells' | 'checkCalls'> {
  if (!old) return { checkCells: 0 };
  if (old.rows * old.cols <= MAX_FINGERPRINT_CELLS) return { checkCells: old.rows * old.cols };
  if (!hashedAll) return { checkCells: 0 };
  const samples = sampleRows(old.rows, record?.band ?? bandOf(old.rows)).length;
  return { checkCells: (samples + EDGE_ROWS) * old.cols, checkCalls: samples + 1 };
}

/** What findConflict reads where the new block goes past the old: values and formulas. */
function guardCells(sheet: Sheet, rect: Rect, old: Rect | null): number {
  return conflictAreas(sheet, rect, old ? [old] : []).reduce((cells, area) => cells + 2 * area.rows * area.cols, 0);
}
