import { clipText } from './cell-limit';
import { isTextColumn, toCellValue, type CellValue } from './cell-values';
import type { BlockColumn } from './report-table';

/** A block's rows made into the cells the writer sends, and how many texts were clipped so far. */
export interface RowCells {
  values(batch: unknown[][]): CellValue[][];
  readonly clipped: number;
}

/**
 * Text is clipped to Sheets' 50,000-character cell limit (counted, for the note). `sheetSafe`:
 * rows already made of safe cell values (src/table's forSheet output) are passed on as they are
 * (no second copy), except a row holding an over-long text.
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
    values: (batch) => (sheetSafe ? batch.map(safeRow) : batch.map((row) => columns.map((_, i) => cell(row[i], i)))),
    get clipped() {
      return clipped;
    },
  };
}
