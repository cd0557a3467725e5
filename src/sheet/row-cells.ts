import type { RowsDigest } from './block-hasher';
import { clipText, KEEP_CHARS } from './cell-limit';
import { isTextColumn, toCellValue, type CellValue } from './cell-values';
import type { BlockColumn } from './report-table';
import { sentDigest } from './written-record';

/** A block's rows made into the cells the writer sends, and how many texts were clipped so far. */
export interface RowCells {
  /** The cells of `batch` (`width` wide) and their sentDigest (null when a cell's read-back cannot be known). */
  ready(batch: unknown[][], width: number): { values: CellValue[][]; digest: RowsDigest | null };
  readonly clipped: number;
}

/**
 * Text is clipped to Sheets' 50,000-character cell limit (counted, for the note). `sheetSafe`:
 * rows already made of safe cell values (src/table's forSheet output) are passed on as they are
 * (no second copy), their texts measured by the look that hashes them rather than by a pass of
 * their own over every cell (bench/README.md, fourteenth session). A batch whose look stopped
 * early is made into cells, and hashed again when a text was clipped (else it stopped at a cell
 * whose read-back is unsure, and the batch has no record either way).
 */
export function rowCells(columns: BlockColumn[], sheetSafe: boolean | undefined): RowCells {
  const text = columns.map((c) => isTextColumn(c.type));
  let clipped = 0;
  const clip = (value: string): string => {
    const fitted = clipText(value);
    if (fitted !== value) clipped++;
    return fitted;
  };
  const cell = (value: unknown, i: number): CellValue => toCellValue(typeof value === 'string' ? clip(value) : value, text[i]);
  const safeRow = (row: unknown[]): CellValue[] => {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v === 'string' && clipText(v) !== v) return row.map((c) => (typeof c === 'string' ? clip(c) : c)) as CellValue[];
    }
    return row as CellValue[];
  };
  return {
    ready(batch, width) {
      if (!sheetSafe) {
        const cells = batch.map((row) => columns.map((_, i) => cell(row[i], i)));
        return { values: cells, digest: sentDigest(cells, width) };
      }
      const digest = sentDigest(batch, width, KEEP_CHARS);
      if (digest) return { values: batch as CellValue[][], digest };
      const before = clipped;
      const cells = batch.map(safeRow);
      // Nothing clipped: the look stopped at an unsure cell, and a second one would stop there again.
      return { values: cells, digest: clipped === before ? null : sentDigest(cells, width) };
    },
    get clipped() {
      return clipped;
    },
  };
}
