import { CreatorError } from '../shared/errors';
import type { Sheet, Spreadsheet } from '../platform/types';
import type { CommitReads, CommitSize } from './commit-fit';
import type { OwnedArea } from './block-ownership';
import { forgetRecord, writeRecord, type BlockRecord, type PinnedRows } from './block-record';
import type { CellValue } from './cell-values';
import type { Rect } from './rect';
import type { BlockColumn, BlockId, WriteBlockInput, WriteBlockResult } from './report-table';
import type { ValuesWriter } from './staged-values';

/**
 * Where a block goes and what it holds: what both ways of writing it (staged, direct) need. The
 * lock, clock, run and time limit are the caller's, as WriteBlockInput says.
 */
export interface BlockTarget
  extends Pick<
    WriteBlockInput,
    'exclusive' | 'now' | 'runId' | 'runIsLive' | 'stopBy' | 'executionMs' | 'pausable' | 'keepPausedMs' | 'resume'
  > {
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
  /** Rows at the block's end that stay in place when the user sorts its data rows (a Total row). */
  fixedTail?: number;
}

/** What a paused write left for the next execution: its staging sheet and the data rows on it. */
export interface StagedSoFar {
  staging: string;
  rows: number;
}

/** The rows a sort of the block leaves in place: the header, and the Total row when there is one. */
export function pinnedRows(target: Pick<BlockTarget, 'fixedTail'>): PinnedRows {
  return { head: 1, tail: target.fixedTail ?? 0 };
}

/** Google's limit of 10 million cells per spreadsheet, in its own words ("... above the limit of N cells"). */
export const CELL_LIMIT = /above the limit of [\d,]+ cells/i;

export function growToFit(sheet: Sheet, rect: Rect): void {
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

export function ownedOn(sheet: Sheet | null, area: OwnedArea | null): Rect | null {
  return sheet && area && area.sheet.getSheetId() === sheet.getSheetId() ? area.rect : null;
}

/** The sheet the block goes to: the one it was written to (by ID, renamed or not), else by name. */
export function findTarget(spreadsheet: Spreadsheet, target: BlockTarget, sheetName: string): Sheet | null {
  if (typeof target.sheetId === 'number') {
    const byId = spreadsheet.getSheets().find((s) => s.getSheetId() === target.sheetId);
    if (byId) return byId;
  }
  return spreadsheet.getSheetByName(sheetName);
}

export function blockIdOn(target: BlockTarget, sheet: Sheet): string {
  return typeof target.blockId === 'function' ? target.blockId(sheet.getSheetId()) : (target.blockId ?? `sheet-${sheet.getSheetId()}`);
}

/**
 * Where (right to left) the begun columns hold one the final columns leave out: a streamed table's
 * catalog column that no row filled, dropped at commit.
 */
export function droppedColumns(begun: BlockColumn[], kept: BlockColumn[]): number[] {
  const keep = new Set(kept.map((c) => c.field));
  const dropped: number[] = [];
  for (let i = begun.length - 1; i >= 0; i--) if (!keep.has(begun[i].field)) dropped.push(i);
  return dropped;
}

/** One block write as both ways of writing it see it. */
export interface BlockPlan {
  spreadsheet: Spreadsheet;
  target: BlockTarget;
  /** Trimmed and checked. */
  sheetName: string;
  /** Top-left cell of a new block. */
  start: { row: number; col: number };
  width: number;
  writeValues: ValuesWriter;
  /** A staged write's timing (commit-fit.ts): after each chunk staged, and before the commit's copy. */
  timing?: {
    staged(staging: Sheet): void;
    /** Throws when the copy cannot run now; else which reads the commit makes (commit-fit.ts). */
    beforeCopy(staging: Sheet, size: CommitSize): CommitReads;
    /**
     * Throws when a copy bigger than the one priced (fewer rows than the bands said can stay) cannot
     * run in the time the commit's reads left: judged against a whole execution, which needs none.
     */
    refit(staging: Sheet, size: CommitSize): void;
    /** A refit stopped the commit: its next execution copies every row (none is left in place). */
    copiesWhole(): boolean;
  };
}

/** What a block write knows of the rows it wrote, without reading them back. */
export interface WrittenBlock {
  /** The block's record, hashed as it was sent; null: read the block back for it. */
  record(): BlockRecord | null;
  /**
   * record(), else what `read` reads back, with the block's number formats either way: a refresh
   * leaves unchanged rows in place only under the same formats, so a record read back without
   * them would make the next refresh copy every row.
   */
  orRead(read: () => BlockRecord): BlockRecord;
  /** After record(): its rows' `rowHashes` in bands of another record's size (null: not known). */
  bandsAt(band: number): string[] | null;
  /** After record(): the hashes of its rows `from` to `to` (0-based, `to` excluded; null: not known). */
  rowsAt(from: number, to: number): string[] | null;
}

/** What a block write does with its rows: stage them (staged-write), or write them in place (direct-write). */
export interface BlockSink {
  /** Staged on a hidden sheet (its commit copies the block into place), or written in place. */
  readonly staged: boolean;
  /** Writes rows of the block, the header being row 0, from block row `at` on. */
  append(values: CellValue[][], at: number): void;
  /**
   * Puts the block in place; `header` is there when no rows came, so it was never written.
   */
  commit(header: CellValue[] | null, note: string, columns: BlockColumn[], dataRows: number, written: WrittenBlock): WriteBlockResult;
  /** Leaves no trace of the write; never throws. */
  abort(): void;
  /** A staged sink's sheet name, the sink ended but the sheet kept for a later execution. */
  detach?(): string;
  /** A staged sink's staging sheet (while it lives). */
  sheet?(): Sheet;
  /** A staged sink: whether its commit copies the block into place (not when its sheet becomes the block's). */
  copies?(): boolean;
}

/**
 * The end of a commit, whichever way the block was written: its record replaced by what was
 * written (WrittenBlock.orRead: hashed as it was sent, read back only where that could not be
 * known), and where (a block whose named range is deleted is looked for there first); a block at
 * the top freezes its header. Freezing is only done there: freezing down to a lower header would
 * pin the user's own rows above it.
 */
export function settleCommitted(sheet: Sheet, name: string, rect: Rect, written: BlockRecord): void {
  forgetRecord(sheet, name);
  writeRecord(sheet, name, { ...written, at: { row: rect.row, col: rect.col } });
  if (rect.row === 1 && sheet.getFrozenRows() < 1) sheet.setFrozenRows(1);
}
