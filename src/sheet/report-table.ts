import type { StagedSoFar } from './block-place';
import type { ColumnType } from '../catalog/types';

/** What the writer needs of a pulled table (src/table's output satisfies it). */
export interface BlockColumn {
  header: string;
  field?: string;
  type?: ColumnType | string;
  /** Sheets number format; absent means automatic. */
  format?: string;
}

export interface BlockTable {
  columns: BlockColumn[];
  rows: unknown[][];
  /** The rows already hold safe cell values (src/table's forSheet output): written as they are. */
  sheetSafe?: boolean;
  /** Rows at the end that stay in place when the user sorts the block's data rows (a Total row). */
  fixedTail?: number;
}

/** A block's owner id, or how to make it from the target sheet's ID (known once the sheet exists). */
export type BlockId = string | ((sheetId: number) => string);

export interface WriteBlockInput {
  sheetName: string;
  /** Stable per report: a saved report's id, or one made from the target sheet's ID. Default: `sheet-<sheetId>`. */
  blockId?: BlockId;
  /** The sheet last written, by ID: followed when renamed. */
  sheetId?: number | null;
  table: BlockTable;
  /** The header cell's note: report, site(s), date range, data through, refresh time. */
  note: string;
  /** Top-left cell of the block. Default "A1". */
  startCell?: string;
  /** Called after each chunk of rows is staged. */
  onProgress?: (rowsWritten: number, rowsTotal: number) => void;
  /**
   * Runs a step alone among this document's writers (the document lock; re-entered when held):
   * a block written straight into its target claims and fills it under it, a chunk at a time,
   * so no other run's write interleaves. Default: the step as it is (no other writer to fear).
   */
  exclusive?: Exclusive;
  /**
   * Epoch ms from the platform's clock (src/ never reads one itself), to stamp and sweep staging
   * sheets: a refresh Google stopped leaves one, removed by a later write once 6 minutes passed.
   */
  now: () => number;
  /** The run this write belongs to, named on its staging sheet (see staging-sheets.ts). */
  runId?: string;
  /** Runs continued across executions, whose staging sheets a sweep keeps. Default: none. */
  runIsLive?: (runId: string) => boolean;
  /**
   * Epoch ms by which the write must have stopped (platform/deadline.ts): before each chunk the
   * writer checks, at the pace of the chunks so far, that the chunk and the commit it causes
   * still fit, and otherwise stops cleanly (TIME_BUDGET), the previous data untouched. None: no check.
   */
  stopBy?: number;
  /**
   * What a whole execution has for its work (its stop time less its start): a commit that would
   * take longer can never run, and is refused as too big (commit-fit.ts). None: not judged.
   */
  executionMs?: number;
  /**
   * A run that may continue in a later execution (run/continuation.ts): always staged, and a stop
   * before the time limit keeps the staging sheet (BlockWrite.pause) instead of removing it.
   */
  pausable?: boolean;
  /**
   * How long a paused write's staging sheet is kept for its run's next execution (staging-sheets.ts):
   * a sidebar's chained call comes at once, so its run is abandoned sooner. Default KEEP_PAUSED_MS.
   */
  keepPausedMs?: number;
  /** The staging sheet and rows an earlier execution of this run left: the rows go on after them. */
  resume?: StagedSoFar;
}

/** Runs `work` holding the document's write lock; throws a BUSY CreatorError when it cannot. */
export type Exclusive = <T>(work: () => T) => T;

export interface WriteBlockResult {
  /** The sheet's name now (a renamed sheet is followed by its ID). */
  sheetName: string;
  sheetId: number;
  /** The block's owner id as written (a function blockId resolved against the sheet). */
  blockId: string;
  /** A1 notation of the block, header included. */
  range: string;
  /** Data rows written, header excluded. */
  rows: number;
  /** Cells whose text was clipped to Sheets' 50,000-character limit (the note says so). */
  clippedCells: number;
  /** The user had sorted the block's data rows: the refresh put them back in the report's order (the note says so). */
  sortReplaced?: boolean;
}
