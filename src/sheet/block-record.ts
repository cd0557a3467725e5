import type { Sheet } from '../platform/types';
import { readInSlices, toA1, type Rect } from './rect';

/**
 * What the writer remembers of a block it wrote: its shape and fingerprints of its contents, kept
 * in developer metadata on the block's sheet (it moves and dies with the sheet, costs no document
 * property, and is invisible to the user). Sheets stretches a named range over rows or columns a
 * user inserts inside it, so the named range alone cannot tell our cells from the user's: the
 * recorded shape and fingerprints can.
 *
 * Fingerprints are FNV-1a hashes of up to MAX_PARTS row bands and column bands (values and
 * formulas as getValues/getFormulas read them), so a changed cell can be named to within a band of
 * rows and a column, with the record under 1.5 KB whatever the block's size.
 */
export interface BlockRecord {
  rows: number;
  cols: number;
  /** Rows per band; null when the block was too large to read back (shape checks only). */
  band: number | null;
  rowHashes: string[];
  colHashes: string[];
}

const MAX_PARTS = 40;
/**
 * Reading a block costs about 25 µs a cell (values and formulas: twice): above this, only the
 * shape is checked. Inserted and deleted rows or columns are still noticed; a value typed over a
 * report cell is not (docs/saved-reports.md, "Limits, stated plainly").
 */
export const MAX_FINGERPRINT_CELLS = 1_000_000;

export function recordKey(rangeName: string): string {
  return `creator.block.${rangeName}`;
}

function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

const SEED = 2166136261;
const FNV_PRIME = 16777619;

function isDateObject(value: object): boolean {
  return value instanceof Date || Object.prototype.toString.call(value) === '[object Date]';
}

/** A cell's key as `${prefix}${text}`: its formula, its date's time, or its type and text. */
const TYPE_PREFIX: Record<string, string> = {};

function prefixOf(value: unknown): string {
  const type = typeof value;
  return TYPE_PREFIX[type] ?? (TYPE_PREFIX[type] = `${type}:`);
}

function bandOf(rows: number): number {
  return Math.max(1, Math.ceil(rows / MAX_PARTS));
}

/**
 * Fingerprints of a rect's current contents (no hashes past MAX_FINGERPRINT_CELLS).
 * `justWritten`: the block the writer has just put there, which holds no formula (it writes
 * values, and text that could read as one is kept literal), so only its values are read: reads
 * cost Google more per cell than writes, and the formulas would be half of them. The hashes are
 * the same as a full read's, so the next refresh's full read compares like with like.
 */
export function fingerprint(sheet: Sheet, rect: Rect, justWritten = false): BlockRecord {
  if (rect.rows * rect.cols > MAX_FINGERPRINT_CELLS) return { rows: rect.rows, cols: rect.cols, band: null, rowHashes: [], colHashes: [] };
  return hashBands(sheet, rect, bandOf(rect.rows), !justWritten);
}

function hashBands(sheet: Sheet, rect: Rect, band: number, withFormulas: boolean): BlockRecord {
  const rowHash: number[] = [];
  const colHash: number[] = new Array<number>(rect.cols).fill(SEED);
  // Each cell's key, then \u0001, goes into its row band's hash and its column's (FNV-1a), in one
  // pass over the key's characters and without building the key: up to a million cells are read.
  let hr = 0;
  let hc = 0;
  const mix = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      hr = Math.imul(hr ^ ch, FNV_PRIME);
      hc = Math.imul(hc ^ ch, FNV_PRIME);
    }
  };
  readInSlices(
    sheet,
    rect,
    (values, formulas, offset) => {
      for (let r = 0; r < values.length; r++) {
        const b = Math.floor((offset + r) / band);
        hr = rowHash[b] ?? SEED;
        const rowValues = values[r];
        const rowFormulas = formulas[r];
        for (let c = 0; c < rect.cols; c++) {
          hc = colHash[c];
          const value = rowValues[c];
          const formula = rowFormulas?.[c];
          if (formula) {
            mix('f');
            mix(formula);
          } else if (typeof value === 'object' && value !== null && isDateObject(value)) {
            mix('d');
            mix(String((value as Date).getTime()));
          } else {
            mix(prefixOf(value));
            mix(typeof value === 'string' ? value : String(value));
          }
          hr = Math.imul(hr ^ 1, FNV_PRIME);
          colHash[c] = Math.imul(hc ^ 1, FNV_PRIME) >>> 0;
        }
        rowHash[b] = fnv(hr >>> 0, '\u0002');
      }
    },
    withFormulas,
  );
  const hex = (h: number) => h.toString(36);
  return { rows: rect.rows, cols: rect.cols, band, rowHashes: rowHash.map(hex), colHashes: colHash.map(hex) };
}

export function readRecord(sheet: Sheet, rangeName: string): BlockRecord | null {
  for (const meta of sheet.getDeveloperMetadata()) {
    if (meta.getKey() !== recordKey(rangeName)) continue;
    try {
      const parsed = JSON.parse(meta.getValue() ?? '') as BlockRecord;
      if (typeof parsed.rows === 'number' && typeof parsed.cols === 'number') return parsed;
    } catch (_) {
      // A damaged record is treated as none: the block is checked by shape only.
    }
  }
  return null;
}

export function writeRecord(sheet: Sheet, rangeName: string, record: BlockRecord): void {
  forgetRecord(sheet, rangeName);
  sheet.addDeveloperMetadata(recordKey(rangeName), JSON.stringify(record));
}

export function forgetRecord(sheet: Sheet, rangeName: string): void {
  for (const meta of sheet.getDeveloperMetadata()) if (meta.getKey() === recordKey(rangeName)) meta.remove();
}

/**
 * Where the block as it stands differs from what the writer last wrote: null when it is
 * unchanged, else a sentence naming the cells (by band) for the user. `now` is the block's current
 * rect (its named range, stretched or shrunk by the user's inserts and deletes).
 */
export function describeUserEdits(sheet: Sheet, now: Rect, record: BlockRecord): string | null {
  if (now.rows !== record.rows || now.cols !== record.cols) {
    const what: string[] = [];
    if (now.rows > record.rows) what.push(`${now.rows - record.rows} row${now.rows - record.rows === 1 ? '' : 's'} inserted`);
    if (now.rows < record.rows) what.push(`${record.rows - now.rows} row${record.rows - now.rows === 1 ? '' : 's'} deleted`);
    if (now.cols > record.cols) what.push(`${now.cols - record.cols} column${now.cols - record.cols === 1 ? '' : 's'} inserted`);
    if (now.cols < record.cols) what.push(`${record.cols - now.cols} column${record.cols - now.cols === 1 ? '' : 's'} deleted`);
    const where = record.band === null ? '' : locateShapeChange(sheet, now, record);
    return `${what.join(' and ')} inside the report's block ${toA1(now)}${where}`;
  }
  if (record.band === null) return null;
  const current = fingerprint(sheet, now);
  const rows = record.rowHashes.map((h, i) => (h === current.rowHashes[i] ? -1 : i)).filter((i) => i >= 0);
  const cols = record.colHashes.map((h, i) => (h === current.colHashes[i] ? -1 : i)).filter((i) => i >= 0);
  if (!rows.length && !cols.length) return null;
  const firstRow = now.row + (rows.length ? rows[0] : 0) * record.band;
  const lastRow = rows.length
    ? Math.min(now.row + now.rows - 1, now.row + (rows[rows.length - 1] + 1) * record.band - 1)
    : now.row + now.rows - 1;
  const area: Rect = {
    row: firstRow,
    col: now.col + (cols.length ? cols[0] : 0),
    rows: lastRow - firstRow + 1,
    cols: cols.length ? cols[cols.length - 1] - cols[0] + 1 : now.cols,
  };
  return `cells edited in ${toA1(area)}, inside the report's block ${toA1(now)}`;
}

/**
 * Which rows an insert or delete touched: the bands still equal from the top and, aligned on the
 * block's end, from the bottom, leave the changed rows between them.
 */
function locateShapeChange(sheet: Sheet, now: Rect, record: BlockRecord): string {
  if (now.cols !== record.cols || now.rows * now.cols > MAX_FINGERPRINT_CELLS || record.band === null) return '';
  const band = record.band;
  const hashBand = (startRow: number, rows: number): string =>
    hashBands(sheet, { row: startRow, col: now.col, rows, cols: now.cols }, rows, true).rowHashes[0];
  const bands = record.rowHashes.length;
  const bandRows = (i: number) => Math.min(band, record.rows - i * band);
  let top = 0;
  while (
    top < bands &&
    now.row + top * band + bandRows(top) <= now.row + now.rows &&
    hashBand(now.row + top * band, bandRows(top)) === record.rowHashes[top]
  )
    top++;
  const shift = now.rows - record.rows;
  let bottom = bands - 1;
  while (
    bottom > top &&
    bottom * band + shift >= top * band &&
    hashBand(now.row + bottom * band + shift, bandRows(bottom)) === record.rowHashes[bottom]
  )
    bottom--;
  const first = now.row + top * band;
  const last = Math.max(first, Math.min(now.row + now.rows - 1, now.row + (bottom + 1) * band - 1 + shift));
  return ` (the change is in rows ${first}${last > first ? `-${last}` : ''})`;
}
