import { bandHash, cellHash, cellInRow, fold, hex, mix32, rowHashOf, SEED, signedCellInRow } from './cell-hash';
import type { Sheet } from '../platform/types';
import { bandOf, MAX_BANDS, MAX_FINGERPRINT_CELLS, shapeOnly, type BlockRecord, type PinnedRows } from './block-record';
import { readInSlices, type Rect } from './rect';
import { wordList, type WordList } from './word-list';

/** Hashes a block's cells as they arrive, top row first, in as many calls as convenient. */
export interface RecordHasher {
  /**
   * The next rows of the block, as getValues reads them (a date as a Date, a number as a number,
   * text that would read as a number or a formula as the text Sheets keeps); `formulas` as
   * getFormulas reads them, absent when the rows hold none (what the writer writes).
   */
  add(values: ReadonlyArray<ReadonlyArray<unknown>>, formulas?: ReadonlyArray<ReadonlyArray<string>>): void;
  /**
   * The next row as its cells' hashes (cellHash of each, as `add` would work them out), from
   * `at` in `cells` (a row of many laid end to end).
   */
  addHashes(cells: ArrayLike<number>, at?: number): void;
  /**
   * The next rows, as their digest (written-record.ts, sentDigest): what addHashes of each row
   * would add, in one step. False, adding nothing, before any row: the first row's cells are
   * kept apart (dropColumns), so it goes in by addHashes.
   */
  addDigest(digest: RowsDigest): boolean;
  /**
   * Leaves out columns (0-based) that were hashed but will not be in the block: columns empty in
   * every row but the first (the header), such as a streamed table's column no row filled.
   */
  dropColumns(indexes: number[]): void;
  /**
   * The record of every row added, with `pinned` rows at each end; null only for a hasher that
   * went on from another execution's (`carried`) and can no longer tell it (a column dropped), or
   * whose block grew to more than MAX_CARRIED_BANDS of the band it carried.
   */
  finish(pinned: PinnedRows): BlockRecord | null;
  /** `rowHashes` as a record of these rows would hold them in bands of `band` rows (null: not known at that size). */
  bands(band: number): string[] | null;
  /** The hashes of rows `from` to `to` (0-based, `to` excluded), as rowsNow reads them (null: not all known). */
  rows(from: number, to: number): string[] | null;
  /**
   * What a later execution needs to go on hashing the block where this one stopped, in bands of
   * `band` rows (a carried hasher keeps its own): null when it would not stay small (more than
   * MAX_CARRIED_BANDS bands) or cannot be told (a column dropped).
   */
  carry(band: number): CarriedHashes | null;
}

/** Rows as a record takes them: each row's hash, and per column the sums of its cells' hashes and of them bound to their rows (cellInRow), as signed words. */
export interface RowsDigest {
  readonly rows: Uint32Array;
  readonly colSums: Int32Array;
  readonly colRows: Int32Array;
}

/**
 * A hasher's state between executions (a write paused by Google's time limit and continued later,
 * block-write.ts): a few KB at any size, where the rows' own hashes would be about 7 bytes a row.
 * It keeps what a record and a refresh's commit ask of the rows that went before: each complete
 * band's hash and the one under way, the column sums, and the hashes of the few rows looked at
 * again (the first and last rows, each band's sample row and the rows at its end, EDGE_ROWS).
 * The band is fixed at the first stop, so a refresh carries the old record's and its commit can
 * still compare the two band by band (commit-span.ts).
 */
export interface CarriedHashes {
  v: 1;
  /** Columns hashed (before any is dropped) and rows hashed, the header included. */
  cols: number;
  rows: number;
  band: number;
  /** The hash of each complete band, then of the band under way (SEED when it has no rows yet). */
  bands: number[];
  open: number;
  /** Row index and hash, in pairs, of every row a later look may ask for. */
  known: number[];
  firstRow: number[];
  colSums: number[];
  colRows: number[];
  /** Over every row: the sums rowSet is made of (the pinned rows taken out at finish). */
  sum: number;
  mixed: number;
}

/**
 * How many of the last rows a refresh leaves in place it reads (block-edits.ts, edgeHolds): a sort
 * reversing rows about the edge keeps the middle one.
 */
export const EDGE_ROWS = 2;
/** The rows kept at each end of a carried block: more than a block pins (its header, a Total row). */
const KEEP_ENDS = 4;
/** Twice a record's bands: a report that doubled since its last record still carries them. */
export const MAX_CARRIED_BANDS = 2 * MAX_BANDS;

/**
 * Memory: one number per row and per column, and the first row's cells (for dropColumns), so a
 * writer can hash a block of any size as it streams it. `carried`: the state an earlier execution
 * left (the rows it hashed are not added again).
 */
export function blockHasher(cols: number, carried: CarriedHashes | null = null): RecordHasher {
  const base = carried;
  let colSums: number[] = base ? base.colSums.slice() : new Array<number>(cols).fill(0);
  let colRows: number[] = base ? base.colRows.slice() : new Array<number>(cols).fill(0);
  let firstRow: number[] | null = base ? base.firstRow.slice() : null;
  const baseRows = base?.rows ?? 0;
  const known = knownOf(base);
  // A column dropped after another execution's rows: their first band's hash cannot be made again.
  let broken = false;
  const rowHashes = wordList();
  const cells = new Array<number>(cols);
  const total = (): number => baseRows + rowHashes.length;
  const rowAt = (i: number): number | undefined => (i >= baseRows ? rowHashes.at(i - baseRows) : known.get(i));
  const addHashes = (row: ArrayLike<number>, at = 0): void => {
    if (!firstRow) firstRow = Array.from({ length: colSums.length }, (_, c) => row[at + c] >>> 0);
    rowHashes.push(addRowTo(colSums, colRows, row, at));
  };
  const bands = (band: number): number[] | null => {
    if (broken || (base && band !== base.band)) return null;
    if (!base) return bandsOf(rowHashes.view(), band);
    const folded = foldOn(base, rowHashes.view());
    return folded.open.rows > 0 ? [...folded.done, folded.open.hash] : folded.done;
  };
  const rowsOf = (from: number, to: number): number[] | null => rowsAt(span(from, to), rowAt);
  return {
    add(values, formulas) {
      const width = colSums.length;
      cells.length = width;
      for (let r = 0; r < values.length; r++) {
        const row = values[r];
        const rowFormulas = formulas?.[r];
        for (let c = 0; c < width; c++) cells[c] = cellHash(row[c], rowFormulas?.[c]);
        addHashes(cells);
      }
    },
    addHashes,
    addDigest(digest) {
      if (firstRow) addDigestTo(colSums, colRows, rowHashes, digest);
      return firstRow !== null;
    },
    dropColumns(indexes) {
      const drop = new Set(indexes);
      colSums = colSums.filter((_, i) => !drop.has(i));
      const first = firstRow;
      const firstHash = rowAt(0);
      if (base) broken = true;
      if (first && firstHash !== undefined) {
        // The first row's hash changes with its cells: its part of every column is made again.
        first.forEach((cell, c) => {
          colRows[c] = (colRows[c] - cellInRow(cell, firstHash)) >>> 0;
        });
        firstRow = first.filter((_, i) => !drop.has(i));
        const now = rowHashOf(firstRow);
        if (baseRows === 0) rowHashes.set(0, now);
        colRows = colRows.filter((_, i) => !drop.has(i));
        firstRow.forEach((cell, c) => {
          colRows[c] = (colRows[c] + cellInRow(cell, now)) >>> 0;
        });
      } else colRows = colRows.filter((_, i) => !drop.has(i));
    },
    finish(pinned) {
      const n = total();
      const band = base ? base.band : bandOf(n);
      // Far past its carried band, a record passes a metadata value's 30,000 characters: read back instead.
      if (Math.ceil(n / band) > MAX_CARRIED_BANDS) return null;
      const banded = bands(band);
      const head = Math.min(pinned.head, n);
      const tail = Math.min(pinned.tail, n - head);
      const ends = [...(rowsOf(0, head) ?? []), ...(rowsOf(n - tail, n) ?? [])];
      if (!banded || ends.length !== head + tail) return null;
      const [sum, mixed] = sums(rowHashes.view(), base ? [base.sum, base.mixed] : [0, 0], ends);
      const sampled = n * colSums.length > MAX_FINGERPRINT_CELLS ? rowsAt(sampleRows(n, band), rowAt) : null;
      return {
        v: 2,
        rows: n,
        cols: colSums.length,
        band,
        rowHashes: banded.map(hex),
        colHashes: colSums.map((s) => hex(mix32(s))),
        head: ends.slice(0, head).map(hex),
        tail: ends.slice(head).map(hex),
        rowSet: `${hex(sum)}.${hex(mixed)}`,
        colRows: colRows.map((s) => hex(mix32(s))),
        ...(sampled ? { samples: sampled.map(hex), samplesAt: SAMPLES_AT } : {}),
      };
    },
    bands: (band) => bands(band)?.map(hex) ?? null,
    rows: (from, to) => rowsOf(from, to)?.map(hex) ?? null,
    carry(wanted) {
      const band = base ? base.band : wanted;
      if (broken || !firstRow || Math.ceil(total() / band) > MAX_CARRIED_BANDS) return null;
      const folded = foldOn(base ?? emptyCarry(colSums.length, band), rowHashes.view());
      const known = keptRows(total(), band, rowAt);
      if (!known) return null;
      const [sum, mixed] = sums(rowHashes.view(), base ? [base.sum, base.mixed] : [0, 0], []);
      const columns = { firstRow: firstRow.slice(), colSums: colSums.slice(), colRows: colRows.slice() };
      return { v: 1, cols: colSums.length, rows: total(), band, bands: folded.done, open: folded.open.hash, known, ...columns, sum, mixed };
    },
  };
}

/**
 * Adds a row's cells (as many as the sums, from `at` in `row`) to the column sums; the row's hash.
 * The sums wrap at 32 bits, in a number array or in words (a digest's, written-record.ts).
 */
export function addRowTo(colSums: number[] | Int32Array, colRows: number[] | Int32Array, row: ArrayLike<number>, at: number): number {
  const width = colSums.length;
  const rowHash = rowHashOf(row, width, at);
  for (let c = 0; c < width; c++) {
    const cell = row[at + c];
    colSums[c] = (colSums[c] + cell) >>> 0;
    colRows[c] = (colRows[c] + signedCellInRow(cell, rowHash)) >>> 0;
  }
  return rowHash;
}

/** What addHashes of each of the digest's rows would have added to a hasher's sums and rows. */
function addDigestTo(colSums: number[], colRows: number[], rowHashes: WordList, digest: RowsDigest): void {
  addDigestSums(colSums, colRows, digest);
  rowHashes.pushAll(digest.rows);
}

/**
 * Adds a digest's column sums to column sums (a hasher's, or a bigger digest's), wrapping at 32
 * bits as addRowTo does: what addHashes of each of its rows would have added to them.
 */
export function addDigestSums(colSums: number[] | Int32Array, colRows: number[] | Int32Array, digest: RowsDigest): void {
  for (let c = 0; c < colSums.length; c++) {
    colSums[c] = (colSums[c] + digest.colSums[c]) >>> 0;
    colRows[c] = (colRows[c] + digest.colRows[c]) >>> 0;
  }
}

/**
 * Index and hash, in pairs, of the rows of `n` a later execution may ask for: the first and last
 * rows, each band's sample row and the rows at its end; null when one is not known.
 */
function keptRows(n: number, band: number, rowAt: (i: number) => number | undefined): number[] | null {
  const keep = new Set<number>();
  for (let i = 0; i < Math.min(KEEP_ENDS, n); i++) keep.add(i).add(n - 1 - i);
  for (let start = 0; start < n; start += band) {
    const sample = start + Math.floor(band / 2);
    if (sample < n) keep.add(sample);
    if (start + band <= n) for (let e = Math.max(start, start + band - EDGE_ROWS); e < start + band; e++) keep.add(e);
  }
  const at = [...keep].sort((a, b) => a - b);
  const hashes = rowsAt(at, rowAt);
  return hashes && at.flatMap((i, k) => [i, hashes[k]]);
}

function knownOf(base: CarriedHashes | null): Map<number, number> {
  const known = new Map<number, number>();
  if (base) for (let i = 0; i + 1 < base.known.length; i += 2) known.set(base.known[i], base.known[i + 1]);
  return known;
}

const span = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** The hashes of the rows `at`; null when one is not known. */
function rowsAt(at: number[], rowAt: (i: number) => number | undefined): number[] | null {
  const out: number[] = [];
  for (const i of at) {
    const h = rowAt(i);
    if (h === undefined) return null;
    out.push(h);
  }
  return out;
}

function emptyCarry(cols: number, band: number): CarriedHashes {
  return { v: 1, cols, rows: 0, band, bands: [], open: SEED, known: [], firstRow: [], colSums: [], colRows: [], sum: 0, mixed: 0 };
}

/** The carried bands with `rows` folded on: the complete bands' hashes, and the band under way. */
function foldOn(base: CarriedHashes, rows: ArrayLike<number>): { done: number[]; open: { hash: number; rows: number } } {
  const done = base.bands.slice();
  let open = base.open;
  let inOpen = base.rows - base.bands.length * base.band;
  for (let i = 0; i < rows.length; i++) {
    open = fold(open, rows[i]);
    if (++inOpen === base.band) {
      done.push(open);
      open = SEED;
      inOpen = 0;
    }
  }
  return { done, open: { hash: open, rows: inOpen } };
}

/** rowSet's two sums over `rows` on from `from`, less the rows `out` (the pinned ones). */
function sums(rows: ArrayLike<number>, from: [number, number], out: number[]): [number, number] {
  let [sum, mixed] = from;
  for (let i = 0; i < rows.length; i++) {
    sum = (sum + rows[i]) >>> 0;
    mixed = (mixed + mix32(rows[i] ^ 0x5bd1e995)) >>> 0;
  }
  for (const h of out) {
    sum = (sum - h) >>> 0;
    mixed = (mixed - mix32(h ^ 0x5bd1e995)) >>> 0;
  }
  return [sum, mixed];
}

/**
 * The rows (0-based, in the block) a record's `samples` hash: the middle of each band, or the
 * block's last row where it ends before the middle of its last band (so a hasher that goes on
 * from another execution knows every sample but the last band's when it stops).
 */
export function sampleRows(rows: number, band: number): number[] {
  const at: number[] = [];
  for (let i = 0; i < rows; i += band) at.push(Math.min(rows - 1, i + Math.floor(band / 2)));
  return at;
}

/** A record's `samplesAt` when sampleRows placed its samples. */
export const SAMPLES_AT = 2;

/**
 * The row a record stored before this rule (05ff8b2) sampled in its last band, where that differs
 * from sampleRows': the middle of a short last band's own rows. Null where the two agree.
 */
export function earlierLastSample(rows: number, band: number): number | null {
  const start = Math.floor((rows - 1) / band) * band;
  const earlier = start + Math.floor((rows - start) / 2);
  return rows > 0 && earlier !== sampleRows(rows, band)[Math.floor((rows - 1) / band)] ? earlier : null;
}

function bandsOf(rows: ArrayLike<number>, band: number): number[] {
  const bands: number[] = [];
  for (let i = 0; i < rows.length; i += band) bands.push(bandHash(rows, i, Math.min(rows.length, i + band)));
  return bands;
}

/** A carried state as stored (JSON), or null when it is none this version made. */
export function parseCarried(value: unknown): CarriedHashes | null {
  const c = value as Partial<CarriedHashes> | null;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  const words = (x: unknown): x is number[] => Array.isArray(x) && x.every(whole);
  if (c?.v !== 1 || !whole(c.cols) || !whole(c.rows) || !whole(c.band) || c.band < 1) return null;
  if (!words(c.bands) || !whole(c.open) || !words(c.known) || !words(c.firstRow) || !whole(c.sum) || !whole(c.mixed)) return null;
  if (!words(c.colSums) || !words(c.colRows) || c.colSums.length !== c.cols || c.colRows.length !== c.cols) return null;
  if (c.bands.length !== Math.floor(c.rows / c.band)) return null;
  return c as CarriedHashes;
}

/**
 * The record of a rect as it is now (shape only past MAX_FINGERPRINT_CELLS). `justWritten`: the
 * block the writer has just put there, which holds no formula (it writes values, and text that
 * could read as one is kept literal), so only its values are read: reads cost Google more per cell
 * than writes, and the formulas would be half of them.
 */
export function fingerprint(sheet: Sheet, rect: Rect, pinned: PinnedRows, justWritten = false): BlockRecord {
  if (rect.rows * rect.cols > MAX_FINGERPRINT_CELLS) return shapeOnly(rect);
  const hasher = blockHasher(rect.cols);
  readInSlices(sheet, rect, (values, formulas) => hasher.add(values, justWritten ? undefined : formulas), !justWritten);
  return hasher.finish(pinned) ?? shapeOnly(rect);
}
