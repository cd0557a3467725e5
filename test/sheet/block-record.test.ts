/**
 * Fingerprints are stored with every block a user has in their sheets, and a refresh compares the
 * block's contents with them: hashing the same cells must give the same record as the writer always
 * did, or every existing block would look edited and its refresh be refused.
 */
import type { Sheet } from '../../src/platform/types';
import { fingerprint } from '../../src/sheet/block-record';

/** The record as first written: each cell's key built whole, then hashed with FNV-1a. */
function referenceRecord(values: unknown[][], formulas: string[][]): { rowHashes: string[]; colHashes: string[] } {
  const fnv = (hash: number, text: string): number => {
    let h = hash;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
    return h >>> 0;
  };
  const key = (value: unknown, formula: string): string => {
    if (formula) return `f${formula}`;
    if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]') return `d${(value as Date).getTime()}`;
    return `${typeof value}:${String(value)}`;
  };
  const band = Math.max(1, Math.ceil(values.length / 40));
  const rowHash: number[] = [];
  const colHash: number[] = new Array<number>(values[0].length).fill(2166136261);
  values.forEach((row, r) => {
    const b = Math.floor(r / band);
    let h = rowHash[b] ?? 2166136261;
    row.forEach((value, c) => {
      const k = key(value, formulas[r][c]);
      h = fnv(fnv(h, k), '\u0001');
      colHash[c] = fnv(fnv(colHash[c], k), '\u0001');
    });
    rowHash[b] = fnv(h, '\u0002');
  });
  return { rowHashes: rowHash.map((h) => h.toString(36)), colHashes: colHash.map((h) => h.toString(36)) };
}

/** Just what fingerprint reads: ranges of a grid, values and formulas. */
function gridSheet(values: unknown[][], formulas: string[][]): Sheet {
  const slice = <T>(grid: T[][], row: number, col: number, rows: number, cols: number): T[][] =>
    grid.slice(row - 1, row - 1 + rows).map((r) => r.slice(col - 1, col - 1 + cols));
  return {
    getRange: (row: number, col: number, rows: number, cols: number) => ({
      getValues: () => slice(values, row, col, rows, cols),
      getFormulas: () => slice(formulas, row, col, rows, cols),
    }),
  } as unknown as Sheet;
}

it('a block of every kind of cell gets the record it always got', () => {
  const kinds: unknown[] = [
    '',
    'Page',
    "'007",
    'Sam O’Connor',
    '😀 emoji',
    0,
    -1.5,
    1e21,
    123456789,
    true,
    false,
    new Date(Date.UTC(2026, 9, 1)),
    NaN,
  ];
  const values: unknown[][] = [];
  const formulas: string[][] = [];
  for (let r = 0; r < 95; r++) {
    values.push(Array.from({ length: 7 }, (_, c) => kinds[(r * 7 + c * 3) % kinds.length]));
    formulas.push(Array.from({ length: 7 }, (_, c) => ((r + c) % 11 === 0 ? `=SUM(A${r + 1}:B${r + 1})` : '')));
  }
  const record = fingerprint(gridSheet(values, formulas), { row: 1, col: 1, rows: values.length, cols: 7 });
  expect(record.band).toBe(3);
  expect({ rowHashes: record.rowHashes, colHashes: record.colHashes }).toEqual(referenceRecord(values, formulas));
});
