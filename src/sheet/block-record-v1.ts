import type { Sheet } from '../platform/types';
import type { LegacyBlockRecord } from './block-record';
import { MAX_FINGERPRINT_CELLS } from './block-record';
import { changedRowsWords, editedAreaWords } from './changed-rows';
import { readInSlices, toA1, type Rect } from './rect';

/**
 * Version 1 of the block record (block-record.ts), as the writer stored it before rows could be
 * sorted: FNV-1a hashes of up to 40 row bands and of each column, both in row order. Blocks in
 * users' sheets still carry such records until their next write, so they are still compared
 * exactly as they were made: a block unchanged since must not look edited.
 */
const MAX_PARTS = 40;

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

/** Version-1 fingerprints of a rect's current contents (no hashes past MAX_FINGERPRINT_CELLS). */
export function legacyFingerprint(sheet: Sheet, rect: Rect): LegacyBlockRecord {
  if (rect.rows * rect.cols > MAX_FINGERPRINT_CELLS)
    return { v: 1, rows: rect.rows, cols: rect.cols, band: null, rowHashes: [], colHashes: [] };
  return hashBands(sheet, rect, bandOf(rect.rows), true);
}

function hashBands(sheet: Sheet, rect: Rect, band: number, withFormulas: boolean): LegacyBlockRecord {
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
  return { v: 1, rows: rect.rows, cols: rect.cols, band, rowHashes: rowHash.map(hex), colHashes: colHash.map(hex) };
}

/**
 * Where the block as it stands differs from what the writer last wrote: null when it is
 * unchanged, else a sentence naming the cells (by band) for the user. `now` is the block's current
 * rect (its named range, stretched or shrunk by the user's inserts and deletes).
 */
export function describeLegacyEdits(sheet: Sheet, now: Rect, record: LegacyBlockRecord): string | null {
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
  const current = legacyFingerprint(sheet, now);
  const rows = record.rowHashes.map((h, i) => (h === current.rowHashes[i] ? -1 : i)).filter((i) => i >= 0);
  const cols = record.colHashes.map((h, i) => (h === current.colHashes[i] ? -1 : i)).filter((i) => i >= 0);
  if (!rows.length && !cols.length) return null;
  return editedAreaWords(now, rows, cols, record.band);
}

/** Which rows an insert or delete touched (changedRowsWords), where the record can tell. */
function locateShapeChange(sheet: Sheet, now: Rect, record: LegacyBlockRecord): string {
  if (now.cols !== record.cols || now.rows * now.cols > MAX_FINGERPRINT_CELLS || record.band === null) return '';
  return changedRowsWords(
    now,
    { rows: record.rows, band: record.band, rowHashes: record.rowHashes },
    (startRow, rows) => hashBands(sheet, { row: startRow, col: now.col, rows, cols: now.cols }, rows, true).rowHashes[0],
  );
}
