/**
 * paused-commit-kills.test.ts for a block past MAX_FINGERPRINT_CELLS: its rows left in place at the
 * commit are vouched for by sample and edge rows (block-edits.ts samplesHold), not by reading the
 * block. Killed at any priced call, the next execution must still end with the new rows in place,
 * each once, no staging sheet left, and a block the next refresh takes for the report's own.
 */
import type { Spreadsheet } from '../../src/platform/types';
import { MAX_FINGERPRINT_CELLS } from '../../src/sheet/block-record';
import type { BlockTable } from '../../src/sheet/report-table';
import { sheet } from './helpers';
import { pausedRun } from './paused-run';

/** 10,000 data rows of 100 cells and a header: 1,000,100 cells, just past the limit, in few rows. */
const COLS = 100;
const OLD_ROWS = 10_000;
const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  ...Array.from({ length: COLS - 1 }, (_, j) => ({ header: `V${j}`, field: `v${j}`, type: 'integer' as const })),
];
type Row = (string | number)[];
const rowsOf = (n: number, views: (i: number) => number = (i) => i + 1): Row[] =>
  Array.from({ length: n }, (_, i) => [`d${i + 1}`, ...Array.from({ length: COLS - 1 }, (_, j) => views(i) + j)]);

/** How many rows are not `want`'s at their place, or past its end (a diff of 1M cells hangs jest). */
function misplaced(ss: Spreadsheet, want: Row[]): number {
  const s = sheet(ss, 'Days');
  const got = s.getRange(2, 1, s.getLastRow() - 1, s.getLastColumn()).getValues();
  const off = got.filter((row, i) => !want[i] || row.length !== want[i].length || row.some((v, j) => v !== want[i][j])).length;
  return off + Math.max(0, want.length - got.length);
}

/**
 * As paused-commit-kills.test.ts: staged in two executions, the commit killed at its `k`-th call
 * (`killed`: false once it lives through), then resumed; `user` acts on the old block first.
 */
function killedAt(k: number, rows: Row[], user?: (ss: Spreadsheet) => void) {
  const { ss, refresh, execution, nextRefresh, stagingLeft } = pausedRun(columns);
  refresh(rowsOf(OLD_ROWS));
  user?.(ss);
  const cut = Math.floor(rows.length / 2);
  const first = execution(undefined, (w) => (w.appendRows(rows.slice(0, cut)), w.pause() ?? undefined)).kept;
  const kept = execution(first, (w) => (w.appendRows(rows.slice(cut)), w.pause() ?? undefined)).kept;
  const killed = execution(kept, (w) => void w.commit('killed', columns), k).error !== undefined;
  execution(kept, (w) => void w.commit('resumed', columns));
  const off = misplaced(ss, rows);
  const left = stagingLeft();
  return { killed, off, stagingLeft: left, next: nextRefresh(rows) };
}

/** Calls killed one by one at the commit's start; then every STRIDE-th, and each of the last STRIDE. */
const FIRST_CALLS = 8;
const STRIDE = 5;

const sortedByViews = (ss: Spreadsheet): void => {
  sheet(ss, 'Days').getRange(2, 1, OLD_ROWS, COLS).sort({ column: 2, ascending: false });
};

describe('a paused refresh of a block too big to read whose commit Google kills at any call', () => {
  it('starts past the fingerprint limit', () => {
    expect((OLD_ROWS + 1) * COLS).toBeGreaterThan(MAX_FINGERPRINT_CELLS);
  });

  it.each([
    ['added rows below the old ones', rowsOf(OLD_ROWS + 10), undefined],
    ['revised a row in an early band', rowsOf(OLD_ROWS, (i) => (i === 300 ? 0 : i + 1)), undefined],
    ['has fewer rows', rowsOf(OLD_ROWS - 1_000), undefined],
    ['follows the user sorting the old block', rowsOf(OLD_ROWS + 10), sortedByViews],
  ])(
    'that %s ends with its rows in place once, a block its next refresh takes as its own',
    (_, rows, user) => {
      // The commit's calls up to the first k it lives through (a few dozen: it copies only what
      // changed): each of its first and last calls, and every STRIDE-th of the sample reads between
      // (alike, and each kill rewrites a million cells).
      const check = (k: number): boolean => {
        const out = killedAt(k, rows, user);
        expect({ k, off: out.off, stagingLeft: out.stagingLeft, next: out.next }).toEqual({ k, off: 0, stagingLeft: 0, next: 'accepted' });
        return out.killed;
      };
      let k = 0;
      while (check(k)) k += k < FIRST_CALLS ? 1 : STRIDE;
      // The calls the last stride stepped over, up to the first the commit lives through.
      for (let last = Math.max(FIRST_CALLS, k - STRIDE + 1); last < k; last++) if (!check(last)) break;
      expect(k).toBeGreaterThan(3);
    },
    600_000,
  );
});
