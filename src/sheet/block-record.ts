import type { Sheet } from '../platform/types';
import { readInSlices, type Rect } from './rect';
import { putMetadata, readMetadata, removeMetadata } from './sheet-metadata';
import { bandHash, cellHash, hex, rowHashOf } from './cell-hash';

/**
 * What the writer remembers of a block it wrote, kept in developer metadata on the block's sheet
 * under `creator.block.<range name>` (it moves and dies with the sheet, costs no document property,
 * and is invisible to the user). Sheets stretches a named range over rows or columns a user inserts
 * inside it, so the named range alone cannot tell our cells from the user's: the shape and hashes
 * recorded here can.
 *
 * One record serves every check a refresh makes before it replaces a block:
 * - `rowHashes` (in order, by bands of rows) name where a typed-over cell or an inserted row is;
 * - `colHashes` and `rowSet` are free of row order, and `head`/`tail` hash the rows a sort leaves
 *   in place (header, Total row), so a block whose data rows were only sorted is told from one
 *   whose values changed;
 * - `colRows` ties each cell to its column and its row's hash, whatever the row order: a row's
 *   hash leaves its empty cells out, so without it values moved into the empty cells beside them
 *   (two rows trading which column holds their value) would change no hash;
 * - every hash is made from the cells as getValues/getFormulas read them, one row after another
 *   (`blockHasher`), so a writer may hash the rows it sends, as it sends them, instead of reading
 *   the block back, provided each cell goes in as Sheets will read it back.
 *
 * The stored form is this object as JSON. Records written before it (version 1: no `v`, ordered
 * hashes of another kind) are still read and compared (block-record-v1.ts); the next write
 * replaces them with this form.
 */
export interface BlockRecord {
  v: 2;
  /** The block's size, header (and Total rows) included. */
  rows: number;
  cols: number;
  /** Rows per band of `rowHashes`; null when nothing was hashed (shape checks only). */
  band: number | null;
  /** One hash per band of `band` rows, top to bottom (at most MAX_BANDS). */
  rowHashes: string[];
  /** One hash per column, of its cells whatever their order. */
  colHashes: string[];
  /** Hashes of the first rows a sort leaves in place (the header), top down. */
  head: string[];
  /** Hashes of the last rows a sort leaves in place (the Total row), top down. */
  tail: string[];
  /** The rows between `head` and `tail` as a set (with repeats): equal after any sort of them. */
  rowSet: string;
  /**
   * Per column, its cells each bound to its row's hash, in any row order. Empty in records stored
   * before it existed (then not compared; the next write adds it).
   */
  colRows: string[];
  /**
   * The block's top-left cell when it was last written: where it is looked for when the user
   * deleted its named range (block-recover.ts). Absent in records stored before it (then the
   * report's own start cell is tried); the next write adds it.
   */
  at?: { row: number; col: number };
  /**
   * The number formats of its columns (formatsKey): a refresh leaves rows that did not change in
   * place only under the same formats (commit-span.ts). Absent in records stored before it.
   */
  formats?: string;
  /**
   * Past MAX_FINGERPRINT_CELLS (a block too big to read back): the hash of one row in the middle
   * of each band, in `rowHashes`' order. A refresh reads these rows alone to vouch for the bands it
   * would leave in place (commit-span.ts): a sort, or rows that moved, shows in them. Absent in
   * smaller blocks (read whole) and in records stored before it (then copied whole).
   */
  samples?: string[];
  /**
   * Which rows `samples` hash: 2 where sampleRows placed them (block-hasher.ts); absent in records
   * stored before it, whose short last band was sampled in the middle of its own rows.
   */
  samplesAt?: number;
}

/** How many rows at each end of a block stay where they are when its data rows are sorted. */
export interface PinnedRows {
  head: number;
  tail: number;
}

/** A record as read from a sheet: this version's, or one an older version wrote. */
export type StoredBlockRecord = BlockRecord | LegacyBlockRecord;

/** Version 1 (no `v`): ordered FNV-1a hashes of row bands and columns (block-record-v1.ts). */
export interface LegacyBlockRecord {
  v: 1;
  rows: number;
  cols: number;
  band: number | null;
  rowHashes: string[];
  colHashes: string[];
}

/** Bands of rows: the record stays under about 1.5 KB whatever the block's size. */
export const MAX_BANDS = 40;
/**
 * Reading a block costs about 25 µs a cell (values and formulas: twice): above this, only the
 * shape is checked. Inserted and deleted rows or columns are still noticed; a value typed over a
 * report cell is not (docs/saved-reports.md, "Limits, stated plainly").
 */
export const MAX_FINGERPRINT_CELLS = 1_000_000;

export function recordKey(rangeName: string): string {
  return `creator.block.${rangeName}`;
}

export function bandOf(rows: number): number {
  return Math.max(1, Math.ceil(rows / MAX_BANDS));
}

/** The hash a record's `samples` holds for this one row as it is now (values only, as a block the writer wrote). */
export function rowNow(sheet: Sheet, rect: Pick<Rect, 'col' | 'cols'>, row: number): string {
  return rowsNow(sheet, rect, row, 1)[0];
}

/** rowNow of `count` rows from `row` on, in one read. */
export function rowsNow(sheet: Sheet, rect: Pick<Rect, 'col' | 'cols'>, row: number, count: number): string[] {
  return sheet
    .getRange(row, rect.col, count, rect.cols)
    .getValues()
    .map((values) => hex(rowHashOf(values.map((v) => cellHash(v)))));
}

/**
 * The hash `rowHashes` holds for a band made of these rows now: where a record's band is found
 * again after rows were inserted or deleted around it.
 */
export function bandNow(sheet: Sheet, rect: Rect): string {
  const rows: number[] = [];
  const cells = new Array<number>(rect.cols);
  readInSlices(sheet, rect, (values, formulas) => {
    for (let r = 0; r < values.length; r++) {
      for (let c = 0; c < rect.cols; c++) cells[c] = cellHash(values[r][c], formulas[r]?.[c]);
      rows.push(rowHashOf(cells));
    }
  });
  return hex(bandHash(rows, 0, rows.length));
}

/** A record that checks the shape only: nothing hashed (a block too large to read). */
export function shapeOnly(rect: Pick<Rect, 'rows' | 'cols'>): BlockRecord {
  return { v: 2, rows: rect.rows, cols: rect.cols, band: null, rowHashes: [], colHashes: [], head: [], tail: [], rowSet: '', colRows: [] };
}

/** A stored record as JSON, or null when it is none we know (then the block is checked by shape only). */
export function parseRecord(text: string): StoredBlockRecord | null {
  try {
    const parsed = JSON.parse(text) as Partial<BlockRecord> & { v?: unknown };
    if (!parsed || !count(parsed.rows) || !count(parsed.cols)) return null;
    // A band of no rows, or of part of one, is none this version wrote: checked by shape only.
    const band = count(parsed.band) && parsed.band >= 1 ? parsed.band : null;
    const list = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
    if (parsed.v === 2) {
      return {
        v: 2,
        rows: parsed.rows,
        cols: parsed.cols,
        band,
        rowHashes: list(parsed.rowHashes),
        colHashes: list(parsed.colHashes),
        head: list(parsed.head),
        tail: list(parsed.tail),
        rowSet: typeof parsed.rowSet === 'string' ? parsed.rowSet : '',
        colRows: list(parsed.colRows),
        ...atOf(parsed.at),
        ...(typeof parsed.formats === 'string' ? { formats: parsed.formats } : {}),
        ...(Array.isArray(parsed.samples) ? { samples: list(parsed.samples) } : {}),
        ...(typeof parsed.samplesAt === 'number' ? { samplesAt: parsed.samplesAt } : {}),
      };
    }
    // No version, or one from a later version we cannot read: compared as version 1 would be, or by shape.
    if (parsed.v !== undefined) return { v: 1, rows: parsed.rows, cols: parsed.cols, band: null, rowHashes: [], colHashes: [] };
    return { v: 1, rows: parsed.rows, cols: parsed.cols, band, rowHashes: list(parsed.rowHashes), colHashes: list(parsed.colHashes) };
  } catch (_) {
    return null;
  }
}

/** A count as this version stores it in a record: a whole number, not negative, exact. */
const count = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function atOf(value: unknown): { at?: { row: number; col: number } } {
  const at = value as { row?: unknown; col?: unknown } | null;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;
  return at && typeof at === 'object' && whole(at.row) && whole(at.col) ? { at: { row: at.row, col: at.col } } : {};
}

export function readRecord(sheet: Sheet, rangeName: string): StoredBlockRecord | null {
  return readMetadata(sheet, recordKey(rangeName), parseRecord);
}

/** Stores a record (a version-1 record is only ever moved, by a hand-over, never made). */
export function writeRecord(sheet: Sheet, rangeName: string, record: StoredBlockRecord): void {
  const stored =
    record.v === 1
      ? { rows: record.rows, cols: record.cols, band: record.band, rowHashes: record.rowHashes, colHashes: record.colHashes }
      : record;
  putMetadata(sheet, recordKey(rangeName), stored);
}

export function forgetRecord(sheet: Sheet, rangeName: string): void {
  removeMetadata(sheet, recordKey(rangeName));
}
