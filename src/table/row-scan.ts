import { isValueObject } from './cells';
import { flattenInto } from './flatten';

/** Fields beyond the catalog's, flattened; null for the usual row that has none. */
export type Leftovers = Map<string, unknown> | null;

/** What one look at each row of a batch found. */
export interface RowScan {
  /** Per row: unknown fields, and leftovers of known metric objects (keys beyond value and score). */
  flats: Leftovers[];
  /** Catalog fields some row carries, and those some row sends a score for. */
  present: Set<string>;
  scored: Set<string>;
}

/** Writes a field's cells into a row from `at` on, given the field's value (undefined when absent). */
export type Put = (out: unknown[], at: number, value: unknown) => void;

/** Where a scan writes each row's catalog cells, when the columns are decided before it. */
export interface RowFill {
  /** Per catalog position: how its field becomes cells, null when it has no column. */
  puts: Array<Put | null>;
  /** Per catalog position: the column its cells start at. */
  at: number[];
  /** A row of the cells a row without any field gets (with the Site column's value): each row starts as a copy. */
  empty: unknown[];
  /** Filled with one row per row scanned, in order (from empty, so V8 keeps the array packed). */
  body: unknown[][];
}

/**
 * One pass over the rows (for-in, so no key list is made per row or per metric object): what the
 * columns are decided from, instead of a scan of every row per catalog column. With `fill`, the
 * same pass writes each row's catalog cells: every cell of a 100,000-row pull is settled in one
 * look at its row.
 */
export function scanRows(rows: Record<string, unknown>[], known: readonly string[], fill?: RowFill): RowScan {
  // Flags by catalog position: one lookup per key, no set to add to per cell.
  const index = new Map(known.map((field, i) => [field, i]));
  const has = new Uint8Array(known.length);
  const hasScore = new Uint8Array(known.length);
  const flats: Leftovers[] = new Array(rows.length);
  // The rows of a page share their keys in one order: each key is first compared with the one at
  // its place in the row before (the same string, so a pointer comparison) before it is looked up.
  const lastKeys: string[] = [];
  const lastIndexes: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const out = fill ? fill.empty.slice() : null;
    let flat: Leftovers = null;
    let place = 0;
    for (const key in row) {
      const value = row[key];
      let k: number;
      if (key === lastKeys[place]) k = lastIndexes[place];
      else {
        k = index.get(key) ?? -1;
        lastKeys[place] = key;
        lastIndexes[place] = k;
      }
      place++;
      if (k < 0) {
        if (!flat) flat = new Map();
        flattenInto(key, value, flat);
        continue;
      }
      has[k] = 1;
      const put = out && fill!.puts[k];
      if (put) put(out, fill!.at[k], value);
      if (!isValueObject(value)) continue;
      for (const extra in value) {
        if (extra === 'value') continue;
        if (extra === 'score') {
          hasScore[k] = 1;
          continue;
        }
        if (!flat) flat = new Map();
        flattenInto(`${key}.${extra}`, value[extra], flat);
      }
    }
    flats[i] = flat;
    if (out) fill!.body[i] = out;
  }
  const present = new Set(known.filter((_, k) => has[k]));
  const scored = new Set(known.filter((_, k) => hasScore[k]));
  return { flats, present, scored };
}
