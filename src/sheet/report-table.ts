import type { ColumnType } from '../catalog/types';
import type { SheetsValues } from '../platform/types';

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
}

export interface WriteBlockInput {
  sheetName: string;
  /** Stable per report: a saved report's id, or one per sheet for sidebar pulls. */
  blockId: string;
  table: BlockTable;
  /** The header cell's note: report, site(s), date range, data through, refresh time. */
  note: string;
  /** Top-left cell of the block. Default "A1". */
  startCell?: string;
  /**
   * Write the rows through the Sheets advanced service (requests of about 2 MB) where it is
   * enabled; `serial` turns a date cell into the serial number the API needs. setValues is the
   * fallback when this is absent or the service refuses the first request.
   */
  sheetsApi?: { values: SheetsValues; serial: (date: Date) => number } | null;
  /** Called after each chunk of rows is written. */
  onProgress?: (rowsWritten: number, rowsTotal: number) => void;
}

export interface WriteBlockResult {
  sheetName: string;
  /** A1 notation of the block, header included. */
  range: string;
  /** Data rows written, header excluded. */
  rows: number;
}
