/**
 * A refresh staged over several executions prices its commit's copy by the rows its bands say stay
 * in place (commit-span.ts). When the old block turns out sorted by the user, every row is copied
 * instead, and that copy is judged again after the edit check has spent its time. Where a whole
 * execution could hold that copy (without the check's read), the refresh must commit in the next
 * one, as it did before rows were left in place, not be refused as too big every day the sort
 * stays.
 */
import { createEmulator } from '../../emulator';
import type { Spreadsheet } from '../../src/platform/types';
import { beginBlockWrite } from '../../src/sheet/block-write';
import type { StagedSoFar } from '../../src/sheet/block-place';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet } from './helpers';

const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
const rowsOf = (n: number): Array<[string, number]> => Array.from({ length: n }, (_, i) => [`d${i + 1}`, i + 1]);

/** Reading a cell costs twice a copy of one: the old block's check (200 ms) and its whole copy (100 ms) pass one execution (250 ms). */
function world(executionMs: number) {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts: { prices: { copyCells: 0.05, readCells: 0.1, setValuesCells: 0.01 } },
  });
  const ss = emu.platform().spreadsheet() as Spreadsheet;
  const now = (): number => emu.clock.now();
  emu.runAs({ mode: 'full' }, () =>
    writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: { columns, rows: rowsOf(1_000) }, note: 'old' }),
  );
  /** One execution of the run: its rows staged, then paused, or committed (`commit`); the outcome's code when it stopped. */
  const execution = (resume: StagedSoFar | undefined, rows: Array<[string, number]>, commit: boolean) =>
    emu.runAs({ mode: 'full' }, () => {
      const stopBy = now() + executionMs;
      const w = beginBlockWrite(ss, {
        sheetName: 'Days',
        blockId: 'r1',
        columns,
        now,
        pausable: true,
        runId: 'run',
        stopBy,
        executionMs,
        resume,
      });
      try {
        if (rows.length > 0) w.appendRows(rows);
        if (commit) return { code: 'DONE', message: w.commit('new').range, kept: undefined };
        return { code: 'PAUSED', message: '', kept: w.pause() ?? undefined };
      } catch (error) {
        const e = error as { code?: string; message: string };
        return { code: e.code, message: e.message, kept: e.code === 'TIME_BUDGET' ? (w.pause() ?? undefined) : undefined };
      }
    });
  return { ss, execution };
}

describe('a resumed refresh of a block the user sorted', () => {
  it('commits in a later execution, every row in the report order, instead of being refused as too big', () => {
    const { ss, execution } = world(250);
    const first = execution(undefined, rowsOf(500), false);
    const second = execution(first.kept, rowsOf(1_010).slice(500), false);
    expect(second.code).toBe('PAUSED');
    // Between executions, the user sorts the old block by views, largest first.
    sheet(ss, 'Days').getRange(2, 1, 1_000, 2).sort({ column: 2, ascending: false });

    const outcomes: Array<string | undefined> = [];
    let kept = second.kept;
    for (let i = 0; i < 4 && kept; i++) {
      const next = execution(kept, [], true);
      outcomes.push(next.code);
      kept = next.kept;
    }
    expect(outcomes[outcomes.length - 1]).toBe('DONE');
    expect(outcomes.slice(0, -1).every((code) => code === 'TIME_BUDGET')).toBe(true);
    expect(sheet(ss, 'Days').getRange(2, 1, 1_010, 2).getValues()).toEqual(rowsOf(1_010));
    expect(ss.getSheets().filter((s) => s.getName().startsWith('CR staging'))).toEqual([]);
  });

  it('is refused as too big only where no execution could hold even the copy alone', () => {
    const { ss, execution } = world(100);
    const first = execution(undefined, rowsOf(500), false);
    const second = execution(first.kept, rowsOf(1_010).slice(500), false);
    sheet(ss, 'Days').getRange(2, 1, 1_000, 2).sort({ column: 2, ascending: false });
    let last = second;
    for (let i = 0; i < 4 && last.kept; i++) last = execution(last.kept, [], true);
    expect(last.code).toBe('TOO_LARGE');
    expect(last.message).toMatch(/^This report has 1,010 rows of 2 columns .*The previous data is unchanged/);
    // The user's sorted rows are as they left them.
    expect(sheet(ss, 'Days').getRange(2, 1, 2, 2).getValues()).toEqual([
      ['d1000', 1_000],
      ['d999', 999],
    ]);
  });
});
