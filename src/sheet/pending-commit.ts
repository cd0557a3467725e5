import type { Sheet, Spreadsheet } from '../platform/types';
import { blockState } from './block-edits';
import { blockRangeName, markOwned, readOwned } from './block-ownership';
import { pinnedRows, settleCommitted, type BlockTarget, type WrittenBlock } from './block-place';
import { fingerprint } from './block-hasher';
import { bandNow, readRecord, shapeOnly, type BlockRecord, type StoredBlockRecord } from './block-record';
import { intersect, sheetRect, type Rect } from './rect';
import { unmarkStaging } from './staging-sheets';
import { jsonOf, putMetadata, readMetadata, removeMetadata } from './sheet-metadata';

/**
 * A staged commit puts its block in place with one copy, and only then records it (named range,
 * record, note). Google's time limit may kill the execution between the two: a copy of millions
 * of cells is most of an execution. The sheet would then show the new block while the document
 * still records the old one, and the next refresh would take the report's own rows for the user's
 * edits and refuse. So the commit first stores what it is about to do, beside the block's record
 * (developer metadata on its sheet), and removes it once recorded. Whoever next looks for the
 * block (block-locate.ts) settles a commit left so:
 * - the old block still on the sheet: the copy never ran; the pending commit is dropped;
 * - else the new block there: the copy ran; its bookkeeping is finished, as the commit would have;
 * - neither (the user changed cells since): left as it is, and the old record is checked as ever,
 *   so the user's cells are refused, never overwritten.
 * A block is told by its record's shape and the hash of its last rows (`tail`): cheap at any size,
 * and the two blocks differ there (the new rows, or the old rows the copy emptied); where they do
 * not (same shape, a past row revised), by the first band where their records differ (`band`).
 * A block with more rows is asked for first: a refresh that only added rows leaves the old block's rows
 * as they were, so the old block would still seem there after the copy.
 */
export interface PendingCommit {
  /** Where the new block goes; its top-left is the old block's, when there was one. */
  rect: Rect;
  record: BlockRecord;
  /** The hash of the block's last `rows` rows, as bandNow reads them. */
  tail: { rows: number; hash: string };
  /**
   * Where the old block is of the same shape and has the same last rows: the first band (of the
   * records' `rowHashes`) where the two differ, which tells them apart instead. Absent otherwise.
   */
  band?: number;
  note: string;
  /** Rows at the block's end that a sort leaves in place (for settleCommitted). */
  fixedTail: number;
}

/** How many of its last rows a block is told by when its record has no bands of its own. */
const TAIL_ROWS = 20;

function pendingKey(rangeName: string): string {
  return `creator.commit.${rangeName}`;
}

/**
 * The hash of the block's last rows: its record's last band, else (a record by shape alone) read
 * from `staged`, the block as it is about to be copied, its header at row 1.
 */
function tailOf(record: BlockRecord, staged: Sheet): PendingCommit['tail'] {
  const last = record.rowHashes.length - 1;
  if (record.band !== null && last >= 0) return { rows: record.rows - last * record.band, hash: record.rowHashes[last] };
  const rows = Math.min(TAIL_ROWS, record.rows);
  return { rows, hash: bandNow(staged, { row: record.rows - rows + 1, col: 1, rows, cols: record.cols }) };
}

/**
 * Stores, on the block's sheet, the commit about to put the block `staged` holds (header at its
 * row 1) at `rect`; returns the block's record (hashed as it was sent, else read from `staged`, as
 * the commit would have read it from its place after, or by shape when `reads` is false: no
 * execution has the time, commit-fit.ts).
 */
export function stagePendingCommit(
  at: { sheet: Sheet; rangeName: string; rect: Rect; old?: StoredBlockRecord | null },
  staged: Sheet,
  { written, reads }: { written: WrittenBlock; reads: boolean },
  note: string,
  target: Pick<BlockTarget, 'fixedTail'>,
): BlockRecord {
  const { rect } = at;
  const read = (): BlockRecord => (reads ? fingerprint(staged, { ...rect, row: 1, col: 1 }, pinnedRows(target), true) : shapeOnly(rect));
  const record = written.orRead(read);
  const band = differingBand(at.old, record);
  const pending = {
    rect,
    record,
    tail: tailOf(record, staged),
    ...(band === undefined ? {} : { band }),
    note,
    fixedTail: target.fixedTail ?? 0,
  };
  writePendingCommit(at.sheet, at.rangeName, pending);
  return record;
}

/**
 * The first band where `record` differs from the `old` one of the same shape, when their last
 * bands are alike (a past row revised): by shape and last rows the two blocks would look the same,
 * and a settle would take the new rows for the old block's, then the user's edits.
 */
function differingBand(old: StoredBlockRecord | null | undefined, record: BlockRecord): number | undefined {
  if (old?.v !== 2 || old.band === null || old.band !== record.band || old.rows !== record.rows || old.cols !== record.cols)
    return undefined;
  const at = record.rowHashes.findIndex((hash, i) => hash !== old.rowHashes[i]);
  return at >= 0 && at < record.rowHashes.length - 1 ? at : undefined;
}

function writePendingCommit(sheet: Sheet, rangeName: string, pending: PendingCommit): void {
  putMetadata(sheet, pendingKey(rangeName), pending);
}

export function forgetPendingCommit(sheet: Sheet, rangeName: string): void {
  removeMetadata(sheet, pendingKey(rangeName));
}

export function readPendingCommit(sheet: Sheet, rangeName: string): PendingCommit | null {
  // One this version did not write counts as none (the old record is checked as ever).
  return readMetadata(sheet, pendingKey(rangeName), (text) => {
    const parsed = jsonOf(text) as PendingCommit | undefined;
    return parsed?.rect && parsed.record?.v === 2 && typeof parsed.tail?.hash === 'string' ? parsed : null;
  });
}

/** A block handed to another owner (block-handover.ts) takes its unfinished commit along. */
export function movePendingCommit(sheet: Sheet, from: string, to: string): void {
  const pending = readPendingCommit(sheet, from);
  if (!pending) return;
  forgetPendingCommit(sheet, from);
  writePendingCommit(sheet, to, pending);
}

function inside(sheet: Sheet, rect: Rect): boolean {
  const clipped = intersect(rect, sheetRect(sheet));
  return clipped !== null && clipped.rows === rect.rows && clipped.cols === rect.cols;
}

/**
 * Whether `rect` holds the block `record` describes, by its shape and the hash of its last rows (a
 * band: at most a 40th of the block), never by reading it whole: a settle must fit in any
 * execution, however slow Google is (commit-fit.ts), and the refresh that goes on after it checks
 * the block for the user's edits as ever. False where that cannot be known (a record of shape
 * alone and no `tail`).
 */
function holds(sheet: Sheet, rect: Rect, record: StoredBlockRecord, tail: PendingCommit['tail'] | null, band?: number): boolean {
  if (!inside(sheet, rect) || blockState(sheet, rect, record, false).kind !== 'same') return false;
  if (record.v === 1) return true;
  // A band where the two blocks differ, when their last rows do not (differingBand).
  if (band !== undefined && record.band !== null && band < record.rowHashes.length) {
    const from = band * record.band;
    const rows = Math.min(record.band, rect.rows - from);
    return bandNow(sheet, { row: rect.row + from, col: rect.col, rows, cols: rect.cols }) === record.rowHashes[band];
  }
  const last = tail ?? (record.band !== null && record.rowHashes.length > 0 ? tailOf(record, sheet) : null);
  if (!last || last.rows > rect.rows) return false;
  return bandNow(sheet, { row: rect.row + rect.rows - last.rows, col: rect.col, rows: last.rows, cols: rect.cols }) === last.hash;
}

/** Settles a commit an execution left unfinished on `sheet` (see above). */
export function settlePendingCommit(spreadsheet: Spreadsheet, sheet: Sheet, blockId: string): void {
  const name = blockRangeName(blockId);
  const pending = readPendingCommit(sheet, name);
  if (!pending) return;
  const record = readRecord(sheet, name);
  const area = readOwned(spreadsheet, name);
  const old = area && area.sheet.getSheetId() === sheet.getSheetId() ? area.rect : null;
  // Rows the user inserted above the block since moved both blocks alike.
  const rect = old ? { ...pending.rect, row: old.row, col: old.col } : pending.rect;
  const oldHolds = (): boolean => old !== null && record !== null && holds(sheet, old, record, null, pending.band);
  const newHolds = (): boolean => holds(sheet, rect, pending.record, pending.tail, pending.band);
  // A block with more rows is asked first: the copy fills its last rows, past the old block (whose
  // own rows may be the new block's first, unchanged); a shrunk one's it empties. Not by columns:
  // a new column may be empty in the last rows, which then read alike before the copy.
  const grew = old !== null && rect.rows > old.rows;
  // The new block there: the copy ran, and its bookkeeping is finished as the commit would have.
  if (grew ? newHolds() : !oldHolds() && newHolds()) {
    markOwned(spreadsheet, name, sheet, rect);
    settleCommitted(sheet, name, rect, pending.record);
    const header = sheet.getRange(rect.row, rect.col);
    if (header.getNote() !== pending.note) header.setNote(pending.note);
  } else if (!oldHolds()) return; // Neither: the user changed cells since; the old record is checked as ever.
  // Else the recorded block still there: the copy never ran (or a promotion was recorded already).
  // A promoted first pull's sheet (staging-promote.ts): no sweep may take it now, and it is shown.
  if (unmarkStaging(sheet) && sheet.isSheetHidden()) sheet.showSheet();
  forgetPendingCommit(sheet, name);
}
