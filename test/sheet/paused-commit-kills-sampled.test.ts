/**
 * paused-commit-kills.test.ts for a block past MAX_FINGERPRINT_CELLS: its rows left in place at the
 * commit are vouched for by sample and edge rows (block-edits.ts samplesHold), not by reading the
 * block. Killed at any priced call, the next execution must still end with the new rows in place,
 * each once, no staging sheet left, and a block the next refresh takes for the report's own.
 */
import { createEmulator } from '../../emulator';
import { EXECUTION_LIMIT_MS } from '../../emulator/state';
import type { Spreadsheet } from '../../src/platform/types';
import type { StagedSoFar } from '../../src/sheet/block-place';
import { MAX_FINGERPRINT_CELLS } from '../../src/sheet/block-record';
import { beginBlockWrite } from '../../src/sheet/block-write';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet } from './helpers';

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
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts: { prices: { readCalls: 1, copyCalls: 1, setValuesCalls: 1, setNumberFormatsCalls: 1 } },
  });
  const ss = emu.platform().spreadsheet() as Spreadsheet;
  let killed = false;
  const now = (): number => emu.clock.now();
  const refresh = (table: Row[]) =>
    emu.runAs({ mode: 'full' }, () =>
      writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: { columns, rows: table }, note: 'refresh' }),
    );
  const execution = (
    resume: StagedSoFar | undefined,
    step: (w: ReturnType<typeof beginBlockWrite>) => StagedSoFar | undefined,
    killAfter?: number,
  ) =>
    emu.runAs({ mode: 'full' }, () => {
      if (killAfter !== undefined) emu.clock.advance(EXECUTION_LIMIT_MS.full - killAfter);
      try {
        return step(beginBlockWrite(ss, { sheetName: 'Days', blockId: 'r1', columns, now, pausable: true, runId: 'run', resume }));
      } catch (_) {
        if (killAfter !== undefined) killed = true;
        return undefined;
      }
    });
  refresh(rowsOf(OLD_ROWS));
  user?.(ss);
  const cut = Math.floor(rows.length / 2);
  const first = execution(undefined, (w) => (w.appendRows(rows.slice(0, cut)), w.pause() ?? undefined));
  const kept = execution(first, (w) => (w.appendRows(rows.slice(cut)), w.pause() ?? undefined));
  execution(kept, (w) => void w.commit('killed', columns), k);
  execution(kept, (w) => void w.commit('resumed', columns));
  const off = misplaced(ss, rows);
  const stagingLeft = ss.getSheets().filter((x) => x.getName().startsWith('CR staging')).length;
  let next = 'accepted';
  try {
    refresh(rows);
  } catch (error) {
    next = (error as Error).message;
  }
  return { killed, off, stagingLeft, next };
}

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
      // Every call of the commit, up to the first k it lives through (a few dozen: it copies only what changed).
      let k = 0;
      for (let killed = true; killed; k++) {
        const out = killedAt(k, rows, user);
        killed = out.killed;
        expect({ k, off: out.off, stagingLeft: out.stagingLeft, next: out.next }).toEqual({ k, off: 0, stagingLeft: 0, next: 'accepted' });
      }
      expect(k).toBeGreaterThan(3);
    },
    600_000,
  );
});
