import { cellHash } from '../../src/sheet/cell-hash';
import { readBackOf, type CellValue } from '../../src/sheet/cell-values';
import { sentHashes } from '../../src/sheet/written-record';

/**
 * The writer hashes every cell it sends as the cell will read back (sentHashes), and a refresh
 * compares those hashes with a read-back of the block: any cell whose hash differs would look
 * typed over. These grids repeat texts down their columns (the site's URL on every row, an author
 * on a run of rows) and switch between a text and its protected form, as pulls do.
 */
const readBackHashes = (values: CellValue[][]): number[] => values.flatMap((row) => row.map((cell) => cellHash(readBackOf(cell))));

const day = (d: number): Date => new Date(Date.UTC(2026, 9, d, 4));

describe('sentHashes: each cell hashed as it reads back', () => {
  it('gives every cell the hash of what it reads back as, texts repeated down a column included', () => {
    const authors = ['Jamie Rivera', 'Jamie Rivera', 'Sam O’Connor', "'=not a formula", "'=not a formula", 'Jamie Rivera'];
    const values: CellValue[][] = Array.from({ length: 60 }, (_, i) => [
      'https://site.example',
      authors[i % authors.length],
      // The same text sent plain, then kept literal with an apostrophe: both read back as "007".
      i % 3 === 2 ? "'007" : 'x007',
      "'007",
      i % 7 === 0 ? '' : `/page-${i % 4}/`,
      [0, -0, 1.5, -2.25, 0.1 + 0.2, 1e21, 123456789.123456, 2 ** 31 + 0.5][i % 8],
      i % 5 === 0 ? '' : day(1 + (i % 28)),
      i % 2 === 0,
    ]);
    const got = sentHashes(values, 8);
    expect(got).not.toBeNull();
    expect(Array.from(got!)).toEqual(readBackHashes(values).map((h) => h >>> 0));
  });

  it('gives a value repeated down its column, run after run, the hash of what it reads back as', () => {
    // Runs of the same value, as a pull sends them (a day's one Date, a count, a rate), broken by
    // values equal to them by === but not by what they read back as (none: -0 reads as 0), by NaN
    // (never === itself), and by a new Date of the same time.
    const shared = day(3);
    const runs: CellValue[][] = [
      [5, shared, 'same', 1.5, "'=x"],
      [5, shared, 'same', 1.5, "'=x"],
      [-0, shared, 'same', 1.5, '=x'.slice(1)],
      [0, new Date(shared.getTime()), 'Same', 2.5, "'=x"],
      [0, day(4), 'same', 2.5, "'=x"],
      [Number.NaN, day(4), '', Number.NaN, ''],
      [Number.NaN, day(4), '', Number.NaN, ''],
      [70_000, '', 'same', 65_535, "'=x"],
      [65_536, '', 'same', 65_535, "'=x"],
    ];
    const got = sentHashes(runs, 5);
    expect(got).not.toBeNull();
    expect(Array.from(got!)).toEqual(readBackHashes(runs).map((h) => h >>> 0));
  });

  it('tells a text from the same text kept literal only by what they read back as', () => {
    const same = sentHashes([['plain'], ["'plain"], ["'plain"], ['plain']], 1);
    expect(same && Array.from(same)).toEqual([cellHash('plain'), cellHash('plain'), cellHash('plain'), cellHash('plain')]);
    const apart = sentHashes([["'plain"], ["''plain"], ["''plain"], ["'plain"]], 1);
    expect(apart && Array.from(apart)).toEqual([cellHash('plain'), cellHash("'plain"), cellHash("'plain"), cellHash('plain')]);
  });

  it('gives no hashes when a cell cannot be known, even after the same column repeated a text', () => {
    expect(sentHashes([['kept'], ['kept'], ['1,234']], 1)).toBeNull();
    expect(sentHashes([['1,234'], ['1,234']], 1)).toBeNull();
  });
});
