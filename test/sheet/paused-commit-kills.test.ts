/**
 * A refresh too big for one execution is staged over several and committed in its last, which
 * Google may kill at any call. Whatever call it dies at, the run's next execution (resuming with
 * what the last pause kept) must end with the new rows in place, each once, and a block the next
 * refresh takes for the report's own. Each priced call (reads, copies, writes, formats) costs 1 ms,
 * and the commit's execution starts k ms short of Google's limit, so it dies at its k-th call.
 */
import { createEmulator } from '../../emulator';
import { EXECUTION_LIMIT_MS } from '../../emulator/state';
import type { Spreadsheet } from '../../src/platform/types';
import type { StagedSoFar } from '../../src/sheet/block-place';
import { beginBlockWrite } from '../../src/sheet/block-write';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet } from './helpers';

const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
/** A streamed table's laid-out catalog column that no row filled: dropped at commit. */
const withCatalog: BlockTable['columns'] = [columns[0], { header: 'Catalog', field: 'catalog', type: 'string' }, columns[1]];
type Row = [string, number];
const rowsOf = (n: number, views: (i: number) => number = (i) => i + 1): Row[] =>
  Array.from({ length: n }, (_, i) => [`d${i + 1}`, views(i)]);

/** The refresh staged in two executions (`cut` rows, then the rest), its commit killed at its `k`-th call, then resumed. */
function killedAt(k: number, rows: Row[], cut: number, catalog = false) {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts: { prices: { readCalls: 1, copyCalls: 1, setValuesCalls: 1, setNumberFormatsCalls: 1 } },
  });
  const ss = emu.platform().spreadsheet() as Spreadsheet;
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
        const begun = catalog ? withCatalog : columns;
        return step(beginBlockWrite(ss, { sheetName: 'Days', blockId: 'r1', columns: begun, now, pausable: true, runId: 'run', resume }));
      } catch (_) {
        return undefined;
      }
    });
  refresh(rowsOf(1_000));
  const sent = catalog ? rows.map(([day, views]) => [day, '', views]) : rows;
  const first = execution(undefined, (w) => (w.appendRows(sent.slice(0, cut)), w.pause() ?? undefined));
  const kept = execution(first, (w) => (w.appendRows(sent.slice(cut)), w.pause() ?? undefined));
  execution(kept, (w) => void w.commit('killed', columns), k);
  execution(kept, (w) => void w.commit('resumed', columns));
  const s = sheet(ss, 'Days');
  const shown = s.getRange(2, 1, s.getLastRow() - 1, s.getLastColumn()).getValues();
  const stagingLeft = ss.getSheets().filter((x) => x.getName().startsWith('CR staging')).length;
  let next = 'accepted';
  try {
    refresh(rows);
  } catch (error) {
    next = (error as Error).message;
  }
  return { shown, stagingLeft, next };
}

describe('a paused refresh whose commit Google kills at any call', () => {
  it.each([
    ['added rows below the old ones', rowsOf(1_010), false],
    ['revised a row in the middle', rowsOf(1_000, (i) => (i === 700 ? 0 : i + 1)), false],
    ['has fewer rows', rowsOf(900), false],
    ['drops a column no row filled', rowsOf(1_010), true],
  ])('that %s ends with its rows in place once, a block its next refresh takes as its own', (_, rows, catalog = false) => {
    for (let k = 0; k < 30; k++) {
      const { shown, stagingLeft, next } = killedAt(k, rows, 500, catalog);
      expect({ k, same: JSON.stringify(shown) === JSON.stringify(rows), stagingLeft, next }).toEqual({
        k,
        same: true,
        stagingLeft: 0,
        next: 'accepted',
      });
    }
  });
});
