import type { BlockRecord, PinnedRows } from './block-record';
import { blockHasher, type CarriedHashes } from './block-hasher';
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
   * The block's next rows, header first, exactly as they were sent to Sheets; `hashes`: their
   * cells' sentHashes, worked out earlier (null: one was unsure), else they are hashed now.
   */
  add(values: CellValue[][], hashes?: Uint32Array | null): void;
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
 * The sentHash of every cell of `values` (`cols` wide), row after row: the cellHash of what each
 * reads back as (readBackOf), without making the read-back text. Null when one is unsure (its
 * read-back cannot be known, so no record of the block can be made from what was sent). Every
 * cell of a pull comes through here: a column that repeats its text down the rows (the site's
 * URL on each) hashes it once, and the hashes stay signed words until they are stored (mixed32).
 */
export function sentHashes(values: ReadonlyArray<ReadonlyArray<unknown>>, cols: number): Uint32Array | null {
  const hashes = new Uint32Array(values.length * cols);
  const lastText: unknown[] = new Array(cols).fill(null);
  const lastHash = new Int32Array(cols);
  let at = 0;
  for (let r = 0; r < values.length; r++) {
    const row = values[r];
    for (let c = 0; c < cols; c++, at++) {
      const cell = row[c];
      if (typeof cell !== 'string') {
        hashes[at] = signedCellHash(cell);
        continue;
      }
      if (cell !== lastText[c]) {
        const start = readBackStart(cell);
        if (start < 0) return null;
        lastText[c] = cell;
        lastHash[c] = signedTextHash(cell, start);
      }
      hashes[at] = lastHash[c];
    }
  }
  return hashes;
}

export function writtenRecord(cols: number): WrittenRecord {
  let hasher = blockHasher(cols);
  let unsure = false;
  return {
    add(values, known) {
      if (unsure) return;
      const hashes = known === undefined ? sentHashes(values, cols) : known;
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
