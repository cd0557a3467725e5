import { blockHasher, type BlockRecord, type PinnedRows } from './block-record';
import { readBackOf, UNSURE, type CellValue } from './cell-values';

/**
 * The record of a block made from the rows the writer sends, each cell as getValues will read it
 * back (readBackOf), instead of reading the whole block back after writing it: a read costs
 * Google more per cell than the write did (bench/README.md). The two agree for every kind of
 * value the writer sends (test/sheet/written-record.emulator.test.ts; on Google, the menu's
 * "Check how Sheets reads values back", docs/platform.md).
 */
export interface WrittenRecord {
  /** The block's next rows, header first, exactly as they were sent to Sheets. */
  add(values: CellValue[][]): void;
  /**
   * The record, `dropped` columns (0-based, empty in every data row) left out; null when a cell's
   * read-back could not be known (value-like text sent as it is): the block is then read back.
   */
  finish(dropped: number[], pinned: PinnedRows): BlockRecord | null;
}

export function writtenRecord(cols: number): WrittenRecord {
  const hasher = blockHasher(cols);
  let unsure = false;
  return {
    add(values) {
      if (unsure) return;
      let rows: unknown[][] = values;
      for (let r = 0; r < values.length; r++) {
        const row = values[r];
        const read = readBackRow(row);
        if (read === null) {
          unsure = true;
          return;
        }
        if (read === row) continue;
        // Copied on the first row that reads back otherwise; the rows sent stay as they are.
        if (rows === values) rows = values.slice();
        rows[r] = read;
      }
      hasher.add(rows);
    },
    finish(dropped, pinned) {
      if (unsure) return null;
      if (dropped.length) hasher.dropColumns(dropped);
      return hasher.finish(pinned);
    },
  };
}

/** The row as it reads back: the same array when every cell reads back as sent; null when unsure. */
function readBackRow(row: CellValue[]): unknown[] | null {
  let out: unknown[] | null = null;
  for (let c = 0; c < row.length; c++) {
    const cell = row[c];
    if (typeof cell !== 'string') continue;
    const read = readBackOf(cell);
    if (read === cell) continue;
    if (read === UNSURE) return null;
    if (!out) out = row.slice();
    out[c] = read;
  }
  return out ?? row;
}
