import type { Sheet } from '../platform/types';
import { readInSlices, type Rect } from './rect';
import { putMetadata, removeMetadata } from './sheet-metadata';

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

const SEED = 2166136261;
const FNV_PRIME = 16777619;

/** Spreads every bit of a 32-bit word over all of them (murmur3's finaliser). */
function mix32(x: number): number {
  let h = x ^ (x >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Folds a word into a running hash, order mattering. */
function fold(hash: number, word: number): number {
  return Math.imul(hash ^ word, FNV_PRIME) >>> 0;
}

function isDateObject(value: object): boolean {
  return value instanceof Date || Object.prototype.toString.call(value) === '[object Date]';
}

/** Folds text.slice(from) into a hash, character by character, without making the slice. */
function fnvText(hash: number, text: string, from = 0): number {
  let h = hash;
  for (let i = from; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** fnvText(SEED, prefix) for each prefix a cell's key starts with: worked out once, not per cell. */
const PREFIX: Record<string, number> = {};

function prefixed(prefix: string): number {
  const known = PREFIX[prefix];
  return known === undefined ? (PREFIX[prefix] = fnvText(SEED, prefix)) : known;
}

/** The keys of the kinds of cell every block is made of, worked out once. */
const STRING_KEY = prefixed('string:');
const NUMBER_KEY = prefixed('number:');
const DATE_KEY = prefixed('d');
const FORMULA_KEY = prefixed('f');

/**
 * fnvText(hash, String(n)) for 0 <= n < 10^9 written with `digits` digits (leading zeros when n has
 * fewer; 0: as many as n has), most significant first, in 32-bit integer steps.
 */
function fnvDigits(hash: number, n: number, digits: number): number {
  let h = hash;
  let unit = 1;
  if (digits === 0) while (unit * 10 <= n) unit *= 10;
  else for (let d = 1; d < digits; d++) unit *= 10;
  let rest = n;
  for (; unit >= 1; unit = (unit / 10) | 0) {
    const digit = (rest / unit) | 0;
    h = Math.imul(h ^ (48 + digit), FNV_PRIME);
    rest -= digit * unit;
  }
  return h;
}

const BILLION = 1_000_000_000;

/**
 * fnvText(hash, String(n)) for a safe integer, without making the string: String gives an
 * integer's plain decimal digits (with a minus sign; "0" for -0), so the hash is the same. Above
 * 10^9 (a date's milliseconds) the digits go in two parts, each small enough for integer division.
 */
function fnvInteger(hash: number, n: number): number {
  let h = hash;
  let rest = n;
  if (rest < 0) {
    h = Math.imul(h ^ 45, FNV_PRIME); // '-'
    rest = -rest;
  }
  if (rest < BILLION) return fnvDigits(h, rest, 0);
  const high = Math.floor(rest / BILLION);
  return fnvDigits(fnvDigits(h, high, 0), rest - high * BILLION, 9);
}

/** Powers of ten up to the decimals fnvDecimal handles, each exact as a double. */
const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
/** Below 10^15 a decimal has at most 15 significant digits, so no other decimal of that length reads as the same double. */
const MAX_SCALED = 1e15;

/**
 * fnvText(hash, String(x)) for a number that is not a whole one, without making the string, when
 * it has at most six decimals (most report metrics): String gives the shortest decimal that reads
 * back as x. The fewest decimals k at which round(|x| × 10^k) / 10^k gives x back (an exactly
 * rounded division) is that decimal, written without exponent (|x| is between 10^-6 and 10^15).
 * Null when none of k = 1..6 fits: the caller hashes String(x).
 */
function fnvDecimal(hash: number, x: number): number | null {
  const a = x < 0 ? -x : x;
  for (let k = 1; k < POW10.length; k++) {
    const p = POW10[k];
    const m = Math.round(a * p);
    if (m >= MAX_SCALED) return null;
    if (m / p !== a) continue;
    let h = x < 0 ? Math.imul(hash ^ 45, FNV_PRIME) : hash; // '-'
    const fraction = m % p;
    h = Math.imul(fnvInteger(h, (m - fraction) / p) ^ 46, FNV_PRIME); // '.'
    for (let zero = POW10[k - 1]; zero > fraction; zero /= 10) h = Math.imul(h ^ 48, FNV_PRIME); // leading '0's
    return fnvInteger(h, fraction);
  }
  return null;
}

/**
 * A cell as getValues and getFormulas read it: its formula, else its date's time, else its type
 * and text. 0 for an empty cell ("" with no formula), which no other cell gives. Called for every
 * cell a writer sends and every cell a check reads: the common kinds (text, whole numbers) are
 * hashed without building their key, to the same hash (records stored in users' sheets keep
 * matching).
 */
export function cellHash(value: unknown, formula?: string): number {
  if (formula) return mix32(fnvText(FORMULA_KEY, formula)) || 1;
  if (typeof value === 'string') return textHash(value);
  let h: number;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) h = fnvInteger(NUMBER_KEY, value);
    else h = fnvDecimal(NUMBER_KEY, value) ?? fnvText(NUMBER_KEY, String(value));
  } else if (typeof value === 'object' && value !== null && isDateObject(value)) {
    const time = (value as Date).getTime();
    h = Number.isSafeInteger(time) ? fnvInteger(DATE_KEY, time) : fnvText(DATE_KEY, String(time));
  } else h = fnvText(prefixed(`${typeof value}:`), String(value));
  return mix32(h) || 1;
}

/**
 * cellHash of the text text.slice(from), without making the slice: a cell the writer sends with
 * a protective apostrophe is hashed as the text it reads back as (cell-values.ts, readBackStart).
 */
export function textHash(text: string, from = 0): number {
  if (text.length <= from) return 0;
  return mix32(fnvText(STRING_KEY, text, from)) || 1;
}

/**
 * A row's hash: its non-empty cells in order. Empty cells are left out so that a column no row
 * filled, dropped after the rows were hashed, changes no row's hash (a moved value still changes
 * its columns' hashes).
 */
function rowHashOf(cells: ArrayLike<number>, width = cells.length): number {
  let h = SEED;
  let filled = 0;
  for (let i = 0; i < width; i++) {
    const c = cells[i];
    if (c === 0) continue;
    h = fold(h, c);
    filled++;
  }
  return mix32(fold(h, filled));
}

const hex = (h: number): string => (h >>> 0).toString(36);

/** A row's hash as a record stores it in `head` and `tail` (cells from cellHash). */
export function rowHashText(cells: number[]): string {
  return hex(rowHashOf(cells));
}

/** A non-empty cell bound to the hash of the row that holds it (0 for an empty cell). */
function cellInRow(cell: number, rowHash: number): number {
  return cell === 0 ? 0 : mix32((cell ^ Math.imul(rowHash, 0x9e3779b1)) >>> 0);
}

/** Hashes a block's cells as they arrive, top row first, in as many calls as convenient. */
export interface RecordHasher {
  /**
   * The next rows of the block, as getValues reads them (a date as a Date, a number as a number,
   * text that would read as a number or a formula as the text Sheets keeps); `formulas` as
   * getFormulas reads them, absent when the rows hold none (what the writer writes).
   */
  add(values: ReadonlyArray<ReadonlyArray<unknown>>, formulas?: ReadonlyArray<ReadonlyArray<string>>): void;
  /** The next row as its cells' hashes (cellHash of each, as `add` would work them out). */
  addHashes(cells: ArrayLike<number>): void;
  /**
   * Leaves out columns (0-based) that were hashed but will not be in the block: columns empty in
   * every row but the first (the header), such as a streamed table's column no row filled.
   */
  dropColumns(indexes: number[]): void;
  /** The record of every row added, with `pinned` rows at each end. */
  finish(pinned: PinnedRows): BlockRecord;
  /** `rowHashes` as a record of these rows would hold them in bands of `band` rows. */
  bands(band: number): string[];
  /** The hashes of rows `from` to `to` (0-based, `to` excluded), as rowsNow reads them. */
  rows(from: number, to: number): string[];
}

/**
 * Memory: one number per row and per column, and the first row's cells (for dropColumns), so a
 * writer can hash a block of any size as it streams it.
 */
export function blockHasher(cols: number): RecordHasher {
  let colSums: number[] = new Array<number>(cols).fill(0);
  let colRows: number[] = new Array<number>(cols).fill(0);
  let firstRow: number[] | null = null;
  const rowHashes: number[] = [];
  const cells = new Array<number>(cols);
  const addHashes = (row: ArrayLike<number>): void => {
    const width = colSums.length;
    for (let c = 0; c < width; c++) colSums[c] = (colSums[c] + row[c]) >>> 0;
    if (!firstRow) firstRow = Array.from({ length: width }, (_, c) => row[c]);
    const rowHash = rowHashOf(row, width);
    for (let c = 0; c < width; c++) colRows[c] = (colRows[c] + cellInRow(row[c], rowHash)) >>> 0;
    rowHashes.push(rowHash);
  };
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
    dropColumns(indexes) {
      const drop = new Set(indexes);
      colSums = colSums.filter((_, i) => !drop.has(i));
      const first = firstRow;
      if (first) {
        // The first row's hash changes with its cells: its part of every column is made again.
        first.forEach((cell, c) => {
          colRows[c] = (colRows[c] - cellInRow(cell, rowHashes[0])) >>> 0;
        });
        firstRow = first.filter((_, i) => !drop.has(i));
        rowHashes[0] = rowHashOf(firstRow);
        colRows = colRows.filter((_, i) => !drop.has(i));
        firstRow.forEach((cell, c) => {
          colRows[c] = (colRows[c] + cellInRow(cell, rowHashes[0])) >>> 0;
        });
      } else colRows = colRows.filter((_, i) => !drop.has(i));
    },
    finish(pinned) {
      return recordOf(rowHashes, colSums, colRows, pinned);
    },
    bands: (band) => bandHashes(rowHashes, band),
    rows: (from, to) => rowHashes.slice(from, to).map(hex),
  };
}

function recordOf(rows: number[], colSums: number[], colRows: number[], pinned: PinnedRows): BlockRecord {
  const band = bandOf(rows.length);
  const sampled = rows.length * colSums.length > MAX_FINGERPRINT_CELLS;
  const head = Math.min(pinned.head, rows.length);
  const tail = Math.min(pinned.tail, rows.length - head);
  let sum = 0;
  let mixed = 0;
  for (let i = head; i < rows.length - tail; i++) {
    sum = (sum + rows[i]) >>> 0;
    mixed = (mixed + mix32(rows[i] ^ 0x5bd1e995)) >>> 0;
  }
  return {
    v: 2,
    rows: rows.length,
    cols: colSums.length,
    band,
    rowHashes: bandHashes(rows, band),
    colHashes: colSums.map((s) => hex(mix32(s))),
    head: rows.slice(0, head).map(hex),
    tail: rows.slice(rows.length - tail).map(hex),
    rowSet: `${hex(sum)}.${hex(mixed)}`,
    colRows: colRows.map((s) => hex(mix32(s))),
    ...(sampled ? { samples: sampleRows(rows.length, band).map((i) => hex(rows[i])) } : {}),
  };
}

/** The rows (0-based, in the block) a record's `samples` hash: the middle of each band. */
export function sampleRows(rows: number, band: number): number[] {
  const at: number[] = [];
  for (let i = 0; i < rows; i += band) at.push(i + Math.floor((Math.min(rows, i + band) - i) / 2));
  return at;
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

function bandHashes(rows: number[], band: number): string[] {
  const bands: string[] = [];
  for (let i = 0; i < rows.length; i += band) bands.push(hex(bandHash(rows, i, Math.min(rows.length, i + band))));
  return bands;
}

function bandHash(rows: number[], from: number, to: number): number {
  let h = SEED;
  for (let i = from; i < to; i++) h = fold(h, rows[i]);
  return h;
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
  return hasher.finish(pinned);
}

/** A stored record as JSON, or null when it is none we know (then the block is checked by shape only). */
export function parseRecord(text: string): StoredBlockRecord | null {
  try {
    const parsed = JSON.parse(text) as Partial<BlockRecord> & { v?: unknown };
    if (!parsed || typeof parsed.rows !== 'number' || typeof parsed.cols !== 'number') return null;
    const band = typeof parsed.band === 'number' ? parsed.band : null;
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
      };
    }
    // No version, or one from a later version we cannot read: compared as version 1 would be, or by shape.
    if (parsed.v !== undefined) return { v: 1, rows: parsed.rows, cols: parsed.cols, band: null, rowHashes: [], colHashes: [] };
    return { v: 1, rows: parsed.rows, cols: parsed.cols, band, rowHashes: list(parsed.rowHashes), colHashes: list(parsed.colHashes) };
  } catch (_) {
    return null;
  }
}

function atOf(value: unknown): { at?: { row: number; col: number } } {
  const at = value as { row?: unknown; col?: unknown } | null;
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;
  return at && typeof at === 'object' && whole(at.row) && whole(at.col) ? { at: { row: at.row, col: at.col } } : {};
}

export function readRecord(sheet: Sheet, rangeName: string): StoredBlockRecord | null {
  for (const meta of sheet.getDeveloperMetadata()) {
    if (meta.getKey() !== recordKey(rangeName)) continue;
    const record = parseRecord(meta.getValue() ?? '');
    if (record) return record;
  }
  return null;
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
