/**
 * Fingerprints are stored with every block a user has in their sheets, and a refresh compares the
 * block's contents with them: hashing the same cells must give the same record as the writer always
 * did, or every existing block would look edited and its refresh be refused. Records of version 1
 * (no `v`) stay in users' sheets until the next write, so they are still read and compared.
 */
import type { Sheet } from '../../src/platform/types';
import { blockState } from '../../src/sheet/block-edits';
import { parseRecord } from '../../src/sheet/block-record';
import { blockHasher, fingerprint } from '../../src/sheet/block-hasher';
import { cellHash } from '../../src/sheet/cell-hash';
import { legacyFingerprint } from '../../src/sheet/block-record-v1';

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

const KINDS: unknown[] = [
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

function grid(rows: number, cols: number): { values: unknown[][]; formulas: string[][] } {
  const values: unknown[][] = [];
  const formulas: string[][] = [];
  for (let r = 0; r < rows; r++) {
    values.push(Array.from({ length: cols }, (_, c) => (r === 0 ? `Header ${c}` : KINDS[(r * 7 + c * 3) % KINDS.length])));
    formulas.push(Array.from({ length: cols }, () => ''));
  }
  return { values, formulas };
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

it('a version-1 record is still computed as it always was', () => {
  const values: unknown[][] = [];
  const formulas: string[][] = [];
  for (let r = 0; r < 95; r++) {
    values.push(Array.from({ length: 7 }, (_, c) => KINDS[(r * 7 + c * 3) % KINDS.length]));
    formulas.push(Array.from({ length: 7 }, (_, c) => ((r + c) % 11 === 0 ? `=SUM(A${r + 1}:B${r + 1})` : '')));
  }
  const record = legacyFingerprint(gridSheet(values, formulas), { row: 1, col: 1, rows: values.length, cols: 7 });
  expect(record.band).toBe(3);
  expect({ rowHashes: record.rowHashes, colHashes: record.colHashes }).toEqual(referenceRecord(values, formulas));
});

describe('the block record (version 2)', () => {
  const rect = (rows: number, cols: number) => ({ row: 1, col: 1, rows, cols });

  it('hashing the rows as they are written, in any chunks, gives the record a read of the block gives', () => {
    const { values, formulas } = grid(95, 7);
    const read = fingerprint(gridSheet(values, formulas), rect(95, 7), { head: 1, tail: 1 });
    const hasher = blockHasher(7);
    hasher.add(values.slice(0, 10));
    hasher.add(values.slice(10, 11));
    hasher.add(values.slice(11));
    expect(hasher.finish({ head: 1, tail: 1 })).toEqual(read);
    expect(read.band).toBe(3);
    expect(read.rowHashes).toHaveLength(32);
  });

  it('a column dropped after hashing (empty below its header) leaves the record of the block without it', () => {
    const { values } = grid(30, 5);
    const withEmpty = values.map((row, r) => [...row.slice(0, 2), r === 0 ? 'Unused' : '', ...row.slice(2)]);
    const hasher = blockHasher(6);
    hasher.add(withEmpty);
    hasher.dropColumns([2]);
    expect(hasher.finish({ head: 1, tail: 0 })).toEqual(
      fingerprint(gridSheet(values, grid(30, 5).formulas), rect(30, 5), { head: 1, tail: 0 }),
    );
  });

  it('tells a sort of the data rows from an edit, and from a sort that moved the Total row', () => {
    const { values, formulas } = grid(40, 6);
    const record = fingerprint(gridSheet(values, formulas), rect(40, 6), { head: 1, tail: 1 });
    const data = values.slice(1, 39);
    const sorted = [values[0], ...[...data].reverse(), values[39]];
    expect(blockState(gridSheet(values, formulas), rect(40, 6), record)).toEqual({ kind: 'same', read: true });
    expect(blockState(gridSheet(sorted, formulas), rect(40, 6), record)).toEqual({ kind: 'sorted' });
    const edited = sorted.map((row) => [...row]);
    edited[5][2] = 'typed over';
    expect(blockState(gridSheet(edited, formulas), rect(40, 6), record)).toMatchObject({ kind: 'edited' });
    const totalMoved = [values[0], values[39], ...data];
    expect(blockState(gridSheet(totalMoved, formulas), rect(40, 6), record)).toMatchObject({ kind: 'edited' });
    const cellsSwapped = values.map((row) => [...row]);
    [cellsSwapped[3][1], cellsSwapped[3][4]] = [cellsSwapped[3][4], cellsSwapped[3][1]];
    expect(blockState(gridSheet(cellsSwapped, formulas), rect(40, 6), record)).toMatchObject({ kind: 'edited' });
  });

  it("reads a version-1 record as stored in users' sheets and compares the block with it as before", () => {
    const { values, formulas } = grid(20, 4);
    const v1 = legacyFingerprint(gridSheet(values, formulas), rect(20, 4));
    const stored = JSON.stringify({ rows: v1.rows, cols: v1.cols, band: v1.band, rowHashes: v1.rowHashes, colHashes: v1.colHashes });
    const read = parseRecord(stored);
    expect(read).toEqual(v1);
    // Same, but not vouched for row by row: a refresh copies such a block whole (commit-span.ts).
    expect(blockState(gridSheet(values, formulas), rect(20, 4), read!)).toEqual({ kind: 'same', read: false });
    const edited = values.map((row) => [...row]);
    edited[7][1] = 'typed over';
    expect(blockState(gridSheet(edited, formulas), rect(20, 4), read!)).toEqual({
      kind: 'edited',
      what: expect.stringContaining('cells edited in B8'),
    });
  });

  it('a version-2 record survives its stored form', () => {
    const { values, formulas } = grid(12, 3);
    const record = fingerprint(gridSheet(values, formulas), rect(12, 3), { head: 1, tail: 1 });
    expect(parseRecord(JSON.stringify(record))).toEqual(record);
    expect(parseRecord('not json')).toBeNull();
    expect(parseRecord(JSON.stringify({ v: 3, rows: 2, cols: 2 }))).toEqual({
      v: 1,
      rows: 2,
      cols: 2,
      band: null,
      rowHashes: [],
      colHashes: [],
    });
  });
});

describe('a version-2 record stored in a user sheet', () => {
  // As this version stores it for the block below: a later change to the hashing would make every
  // such block look edited (or every sort look like an edit) and refuse its refresh.
  const STORED =
    '{"v":2,"rows":5,"cols":4,"band":1,"rowHashes":["1lw8d7","16z8ljh","k8jy58","7on4g0","1xxn74z"],"colHashes":["1xm8o5j","ols33v","lnsygh","1f3jmy5"],"head":["1sax1wc"],"tail":["62kr78"],"rowSet":"4d8b80.1enpy9f"}';
  const values: unknown[][] = [
    ['Date', 'Page', 'Earnings', 'Live'],
    [new Date(Date.UTC(2026, 9, 1)), '=not a formula', 12.5, true],
    [new Date(Date.UTC(2026, 9, 2)), "'007", 0, false],
    [new Date(Date.UTC(2026, 9, 3)), 'Sam O’Connor 😀', -1.25, ''],
    ['Total', '', 11.25, ''],
  ];
  const formulas = values.map((row) => row.map(() => ''));
  const rect = { row: 1, col: 1, rows: 5, cols: 4 };

  it('still finds the same cells unchanged, and their data rows sorted', () => {
    const stored = parseRecord(STORED)!;
    expect(blockState(gridSheet(values, formulas), rect, stored)).toEqual({ kind: 'same', read: true });
    const sorted = [values[0], values[3], values[1], values[2], values[4]];
    expect(blockState(gridSheet(sorted, formulas), rect, stored)).toEqual({ kind: 'sorted' });
  });
});

describe('a cell hashed without its key built', () => {
  // The key as first hashed: a number's or a date's text. A number or date hashed any other way
  // must give the same hash, or every stored block holding one would look edited.
  const reference = (value: unknown): number => {
    const key = value instanceof Date ? `d${value.getTime()}` : `${typeof value}:${String(value)}`;
    let h = 2166136261;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0 || 1;
  };

  it('gives a number, whole or with decimals, and a date, the hash of its text', () => {
    let s = 7;
    const next = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const numbers = [0.1, 0.2, 0.1 + 0.2, 1 / 3, 2.675, 1.005, 1e-6, 1.5e-6, 5e-7, 1e-7, 0.000123, 123456789.123456, 99999999.999999];
    numbers.push(1e14 + 0.5, 999999999999999.9, 1e15 + 0.5, 2 ** 53 + 2, 1e21, -0.5, -12.25, NaN, Infinity, -Infinity);
    // Decimals whose scaled digits sit either side of 2^31 (split by 32-bit division below it).
    numbers.push(21474836.47, 21474836.48, -21474836.47, 2147483.647, 2147483.648, 214748.3649, 0.000001, 0.000101);
    // Whole numbers on both sides of the 10^9 split the hash makes (a date's milliseconds are above it).
    numbers.push(
      0,
      -0,
      7,
      10,
      100,
      999_999_999,
      1e9,
      1e9 + 1,
      1_000_000_010,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      1e15 + 7,
    );
    for (let i = 0; i < 20000; i++) {
      const decimals = 1 + (i % 9);
      const scale = 10 ** (i % 12);
      const x = Math.round(next() * scale * 10 ** decimals) / 10 ** decimals;
      numbers.push(i % 3 === 0 ? -x : x, next() * scale);
    }
    const dates = [new Date(Date.UTC(2026, 9, 1)), new Date(-86_400_123), new Date(Number.NaN), new Date(8.64e15)];
    const differing = [...numbers, ...dates].filter((v) => cellHash(v) !== reference(v));
    expect(differing).toEqual([]);
  });

  it('gives a whole number met again, small or not, the hash of its text', () => {
    // Every count from 0 past the ones whose hashes are kept, twice in changing orders, -0 first
    // (it reads as "0"), and their negatives (never kept).
    const met: number[] = [-0];
    for (let pass = 1; pass <= 2; pass++) for (let i = 0; i < 70_001; i++) met.push((i * pass * 7919) % 70_001);
    met.push(...Array.from({ length: 2000 }, (_, i) => -i - 1), 65_535, 65_536, 65_537);
    const differing = met.filter((n) => cellHash(n) !== reference(n));
    expect(differing).toEqual([]);
  });

  it('gives a fraction met again, whether its hash was kept or another number took its place, the hash of its text', () => {
    // More distinct fractions than the hashes kept for them, met over and over in changing orders
    // (a report's rates repeat down their columns), with the numbers closest to each beside them.
    const distinct = Array.from({ length: 40_000 }, (_, i) => ((i * 7919) % 100_003) / 100 + 0.001 * (i % 7) + 0.005);
    const near = distinct.slice(0, 500).flatMap((x) => [x * (1 + Number.EPSILON), x * (1 - Number.EPSILON), -x]);
    const met: number[] = [];
    for (let pass = 1; pass <= 4; pass++) for (let i = 0; i < distinct.length; i++) met.push(distinct[(i * pass * 31) % distinct.length]);
    met.push(...near, ...distinct.slice(0, 500), ...near);
    const differing = met.filter((x) => cellHash(x) !== reference(x));
    expect(differing).toEqual([]);
  });

  it('gives a date met again, whether its hash was kept or another took its place, the hash of its time', () => {
    // More distinct days than the hashes kept for them, one Date each shared by its cells as a
    // pull shares them, met in changing orders; then new Dates of the same times, a millisecond
    // either side, and times before 1970.
    const DAY = 86_400_000;
    const days = Array.from({ length: 40_000 }, (_, i) => new Date(Date.UTC(2000, 0, 1) + ((i * 7919) % 40_009) * DAY + 5 * 3_600_000));
    const met: Date[] = [];
    for (let pass = 1; pass <= 4; pass++) for (let i = 0; i < days.length; i++) met.push(days[(i * pass * 31) % days.length]);
    const again = days
      .slice(0, 500)
      .flatMap((d) => [new Date(d.getTime()), new Date(d.getTime() + 1), new Date(d.getTime() - 1), new Date(-d.getTime())]);
    met.push(...again, ...days.slice(0, 500), ...again);
    const differing = met.filter((d) => cellHash(d) !== reference(d)).map((d) => d.getTime());
    expect(differing).toEqual([]);
    expect(new Set(days.map((d) => cellHash(d))).size).toBeGreaterThan(39_900);
  });
});
