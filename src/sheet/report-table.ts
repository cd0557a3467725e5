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
}

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
}
