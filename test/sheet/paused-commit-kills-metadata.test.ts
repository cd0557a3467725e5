/**
 * paused-commit-kills.test.ts with developer metadata priced too (the emulator's limits mode leaves
 * it free unless asked): Google may kill a paused write between its bookkeeping calls, as it keeps
 * its rows' hashes at a pause (staged-hashes.ts) or stores, takes and settles a pending commit
 * (pending-commit.ts). Whatever call an execution dies at, its run goes on from the last pause it
 * kept, and must end with the new rows in place, each once, no staging sheet left, and a block the
 * next refresh takes for the report's own.
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
type Row = [string, number];
const rowsOf = (n: number, views: (i: number) => number = (i) => i + 1): Row[] =>
  Array.from({ length: n }, (_, i) => [`d${i + 1}`, views(i)]);

/** Which execution of the run dies: the first pause's, the second pause's, or the commit's. */
type Phase = 0 | 1 | 2;

/** The run of paused-commit-kills.test.ts, execution `phase` killed at its `k`-th priced call; `killed` false once it lives through. */
function killedAt(phase: Phase, k: number, rows: Row[], cut: number) {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts: { prices: { readCalls: 1, copyCalls: 1, setValuesCalls: 1, setNumberFormatsCalls: 1, metadataCalls: 1 } },
  });
  const ss = emu.platform().spreadsheet() as Spreadsheet;
  const now = (): number => emu.clock.now();
  let killed = false;
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
  refresh(rowsOf(1_000));
  const at = (p: Phase): number | undefined => (p === phase ? k : undefined);
  // A killed execution kept nothing: its run's next one starts again from the last pause it kept.
  const stage = (resume: StagedSoFar | undefined, part: Row[], p: Phase): StagedSoFar | undefined => {
    const step = (w: ReturnType<typeof beginBlockWrite>) => (w.appendRows(part), w.pause() ?? undefined);
    const kept = execution(resume, step, at(p));
    return p === phase && killed ? execution(resume, step) : kept;
  };
  const first = stage(undefined, rows.slice(0, cut), 0);
  const kept = stage(first, rows.slice(cut), 1);
  execution(kept, (w) => void w.commit('killed', columns), at(2));
  if (phase === 2) execution(kept, (w) => void w.commit('resumed', columns));
  const s = sheet(ss, 'Days');
  const shown = s.getRange(2, 1, s.getLastRow() - 1, s.getLastColumn()).getValues();
  const stagingLeft = ss.getSheets().filter((x) => x.getName().startsWith('CR staging')).length;
  let next = 'accepted';
  try {
    refresh(rows);
  } catch (error) {
    next = (error as Error).message;
  }
  return { killed, same: JSON.stringify(shown) === JSON.stringify(rows), stagingLeft, next };
}

describe('a paused refresh killed at any call, its developer metadata priced', () => {
  const cases: [string, Row[]][] = [
    ['added rows below the old ones', rowsOf(1_010)],
    ['revised a row in the middle', rowsOf(1_000, (i) => (i === 700 ? 0 : i + 1))],
    ['has fewer rows', rowsOf(900)],
  ];
  describe.each([
    ['its first pause', 0],
    ['its second pause', 1],
    ['its commit', 2],
  ] as [string, Phase][])('at %s', (_, phase) => {
    it.each(cases)('that %s ends with its rows in place once, a block its next refresh takes as its own', (_, rows) => {
      let k = 0;
      for (let killed = true; killed; k++) {
        const out = killedAt(phase, k, rows, 500);
        killed = out.killed;
        expect({ k, same: out.same, stagingLeft: out.stagingLeft, next: out.next }).toEqual({
          k,
          same: true,
          stagingLeft: 0,
          next: 'accepted',
        });
      }
      // The sweep reached past the bookkeeping: every call the execution makes was a kill once.
      expect(k).toBeGreaterThan(3);
    });
  });
});
