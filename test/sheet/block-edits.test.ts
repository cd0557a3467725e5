/**
 * A refresh replaces a block it finds unchanged or only sorted; any value the user moved or typed
 * must make it refuse. A row's hash leaves its empty cells out (so a column dropped after hashing
 * changes no row), which must not let values move between a row's cells unnoticed.
 */
import type { Sheet } from '../../src/platform/types';
import { blockState } from '../../src/sheet/block-edits';
import { fingerprint } from '../../src/sheet/block-hasher';

function gridSheet(values: unknown[][]): Sheet {
  const slice = <T>(grid: T[][], row: number, col: number, rows: number, cols: number): T[][] =>
    grid.slice(row - 1, row - 1 + rows).map((r) => r.slice(col - 1, col - 1 + cols));
  const formulas = values.map((row) => row.map(() => ''));
  return {
    getRange: (row: number, col: number, rows: number, cols: number) => ({
      getValues: () => slice(values, row, col, rows, cols),
      getFormulas: () => slice(formulas, row, col, rows, cols),
    }),
  } as unknown as Sheet;
}

describe('blockState', () => {
  // A comparison block: a page new this period has no previous value, a page gone has no current one.
  const written: unknown[][] = [
    ['Page', 'Pageviews', 'Previous pageviews'],
    ['/new-post', 120, ''],
    ['/old-post', '', 120],
    ['/home', 900, 850],
    ['Total', 1020, 970],
  ];
  const rect = { row: 1, col: 1, rows: 5, cols: 3 };
  const record = fingerprint(gridSheet(written), rect, { head: 1, tail: 1 }, true);

  it('refuses values moved into the empty cells beside them, even when each column keeps its values', () => {
    // The user moves /new-post's 120 into its Previous cell and /old-post's 120 into its Pageviews cell:
    // each column holds the same values, each row the same values in the same order, yet both rows changed.
    const moved = written.map((row) => [...row]);
    moved[1] = ['/new-post', '', 120];
    moved[2] = ['/old-post', 120, ''];
    expect(blockState(gridSheet(moved), rect, record)).toMatchObject({
      kind: 'edited',
      what: expect.stringContaining('cells edited in B1:C5'),
    });
  });

  it('still takes a sort of those rows for a sort', () => {
    const sorted = [written[0], written[3], written[2], written[1], written[4]];
    expect(blockState(gridSheet(sorted), rect, record)).toEqual({ kind: 'sorted' });
    expect(blockState(gridSheet(written), rect, record)).toEqual({ kind: 'same', read: true });
  });
});
