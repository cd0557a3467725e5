import type { BlockRecord, PinnedRows } from './block-record';
import { addRowTo, blockHasher, type CarriedHashes, type RowsDigest } from './block-hasher';
import { signedCellHash, signedTextHash } from './cell-hash';
import { readBackStart, type CellValue } from './cell-values';

/**
 * The record of a block made from the rows the writer sends, each cell as getValues will read it
 * back (readBackOf), instead of reading the whole block back after writing it: a read costs
 * Google more per cell than the write did (bench/README.md). The two agree for every kind of
 * value the writer sends (test/sheet/written-record.emulator.test.ts; on Google, the menu's
 * "Check how Sheets reads values back", docs/platform.md).
 */
export interface WrittenRecord {
  /**
   * The block's next rows, header first, exactly as they were sent to Sheets; `digest`: their
   * sentDigest, worked out earlier (null: a cell was unsure), else they are hashed now.
   */
  add(values: CellValue[][], digest?: RowsDigest | null): void;
  /**
   * The record, `dropped` columns (0-based, empty in every data row) left out; null when a cell's
   * read-back could not be known (value-like text sent as it is): the block is then read back.
   */
  finish(dropped: number[], pinned: PinnedRows): BlockRecord | null;
  /** After finish: the rows' band hashes at another record's band size (null where finish was). */
  bands(band: number): string[] | null;
  /** After finish: the hashes of rows `from` to `to` (0-based, `to` excluded; null where finish was). */
  rows(from: number, to: number): string[] | null;
  /** What a later execution needs to go on hashing (RecordHasher.carry); null when unsure. */
  carry(band: number): CarriedHashes | null;
  /**
   * Before any row: goes on from the rows an earlier execution hashed (`carried`, `cols` wide);
   * whether it could (null or another width: no).
   */
  resume(carried: CarriedHashes | null): boolean;
}

/**
 * Hands each row of `values` (`cols` wide) to `onRow` as the sentHash of each of its cells: the
 * cellHash of what the cell reads back as (readBackOf), without making the read-back text, in
 * signed words (mixed32) in a scratch array reused for every row. False, after the rows before
 * it, at a cell that is unsure (its read-back cannot be known, so no record of the block can be
 * made from what was sent), or at a text longer than `maxChars`. Every cell of a pull comes
 * through here: a column that repeats its text down the rows (the site's URL on each) hashes it once.
 */
function eachSentRow(
  values: ReadonlyArray<ReadonlyArray<unknown>>,
  cols: number,
  onRow: (cells: Int32Array, r: number) => void,
  maxChars = Infinity,
): boolean {
  const cells = new Int32Array(cols);
  // Each column's cell in the row before, whose hash is still in `cells`: a value that repeats down
  // its column (the site's URL, a day's Date, a small count) is not hashed again. Nothing sent is
  // the fresh object that starts it.
  const last: unknown[] = new Array(cols).fill({});
  for (let r = 0; r < values.length; r++) {
    const row = values[r];
    for (let c = 0; c < cols; c++) {
      const cell = row[c];
      if (cell === last[c]) continue;
      last[c] = cell;
      if (typeof cell !== 'string') {
        cells[c] = signedCellHash(cell);
        continue;
      }
      if (cell.length > maxChars) return false;
      const start = readBackStart(cell);
      if (start < 0) return false;
      cells[c] = signedTextHash(cell, start);
    }
    onRow(cells, r);
  }
  return true;
}

/** The sentHash of every cell of `values` (`cols` wide), row after row; null when one is unsure. */
export function sentHashes(values: ReadonlyArray<ReadonlyArray<unknown>>, cols: number): Uint32Array | null {
  const hashes = new Uint32Array(values.length * cols);
  return eachSentRow(values, cols, (cells, r) => hashes.set(cells, r * cols)) ? hashes : null;
}

/**
 * What a record takes from rows (RecordHasher.addDigest), worked out from their sentHashes as the
 * rows arrive: each row's hash, and per column the two sums the record keeps of its cells. A
 * write adds it in one step, where it went through every cell's hash again (about a tenth of a
 * 120,000-row pull's CPU, bench/README.md). Null when a cell is unsure, or a text is longer than
 * `maxChars` (rows not yet checked against Sheets' cell limit: row-cells.ts).
 */
export function sentDigest(values: ReadonlyArray<ReadonlyArray<unknown>>, cols: number, maxChars = Infinity): RowsDigest | null {
  const digest = emptyDigest(values.length, cols);
  const { rows, colSums, colRows } = digest;
  const sure = eachSentRow(
    values,
    cols,
    (cells, r) => {
      rows[r] = addRowTo(colSums, colRows, cells, 0);
    },
    maxChars,
  );
  return sure ? digest : null;
}

/** A digest of `rows` rows whose sums are still zero (of no rows at all, when `rows` is 0). */
export function emptyDigest(rows: number, cols: number): RowsDigest {
  return { rows: new Uint32Array(rows), colSums: new Int32Array(cols), colRows: new Int32Array(cols) };
}

/**
 * The digest of rows `from` to `to` (`to` excluded) of rows whose digest is `whole` (`values`: all
 * of them). Only the smaller side is hashed again: the part's sums are the whole's less the rest's.
 */
export function partDigest(
  whole: RowsDigest,
  values: ReadonlyArray<ReadonlyArray<unknown>>,
  from: number,
  to: number,
  cols: number,
): RowsDigest | null {
  if (2 * (to - from) <= whole.rows.length) return sentDigest(values.slice(from, to), cols);
  const rest = sentDigest([...values.slice(0, from), ...values.slice(to)], cols);
  if (!rest) return null;
  return {
    rows: whole.rows.slice(from, to),
    colSums: whole.colSums.map((s, c) => s - rest.colSums[c]),
    colRows: whole.colRows.map((s, c) => s - rest.colRows[c]),
  };
}

export function writtenRecord(cols: number): WrittenRecord {
  let hasher = blockHasher(cols);
  let unsure = false;
  return {
    add(values, digest) {
      if (unsure) return;
      if (digest === null) {
        unsure = true;
        return;
      }
      if (digest && hasher.addDigest(digest)) return;
      const hashes = sentHashes(values, cols);
      if (!hashes) {
        unsure = true;
        return;
      }
      for (let at = 0; at < hashes.length; at += cols) hasher.addHashes(hashes, at);
    },
    finish(dropped, pinned) {
      if (unsure) return null;
      if (dropped.length) hasher.dropColumns(dropped);
      return hasher.finish(pinned);
    },
    bands: (band) => (unsure ? null : hasher.bands(band)),
    rows: (from, to) => (unsure ? null : hasher.rows(from, to)),
    carry: (band) => (unsure ? null : hasher.carry(band)),
    resume(carried) {
      if (!carried || carried.cols !== cols) return false;
      hasher = blockHasher(cols, carried);
      return true;
    },
  };
}
