/**
 * paused-commit-kills.test.ts with developer metadata priced too (the emulator's limits mode leaves
 * it free unless asked): Google may kill a paused write between its bookkeeping calls, as it keeps
 * its rows' hashes at a pause (staged-hashes.ts) or stores, takes and settles a pending commit
 * (pending-commit.ts). Whatever call an execution dies at, its run goes on from the last pause it
 * kept, and must end with the new rows in place, each once, no staging sheet left, and a block the
 * next refresh takes for the report's own.
 */
import { LONGEST_RUN_MS } from '../../src/sheet/staging-sheets';
import type { StagedSoFar } from '../../src/sheet/block-place';
import type { beginBlockWrite } from '../../src/sheet/block-write';
import type { BlockTable } from '../../src/sheet/report-table';
import { sheet } from './helpers';
import { pausedRun, SHEET_CALLS } from './paused-run';

const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
type Row = [string, number];
const rowsOf = (n: number, views: (i: number) => number = (i) => i + 1): Row[] =>
  Array.from({ length: n }, (_, i) => [`d${i + 1}`, views(i)]);

/**
 * The run of paused-commit-kills.test.ts, its `n`-th execution killed at its `kills[n]`-th priced
 * call (0: the first pause's, 1: the second's, 2: the commit's, 3: the one after); `killed` names
 * the executions that died.
 */
function killedAt(kills: Record<number, number>, rows: Row[], cut: number) {
  const { emu, ss, refresh, execution, nextRefresh, stagingLeft } = pausedRun(columns, { ...SHEET_CALLS, metadataCalls: 1 });
  const killed = new Set<number>();
  refresh(rowsOf(1_000));
  // The run as its pull drives it: a killed execution kept nothing, so the next goes on from the
  // last pause kept; one told its staged rows are gone starts the run over.
  const parts = [rows.slice(0, cut), rows.slice(cut)];
  let kept: StagedSoFar | undefined;
  let done = 0;
  let committed = false;
  for (let n = 0; n < 8 && !committed; n++) {
    const step = (w: ReturnType<typeof beginBlockWrite>): StagedSoFar | undefined => {
      if (done === parts.length) {
        w.commit('refresh', columns);
        committed = true;
        return undefined;
      }
      w.appendRows(parts[done]);
      return w.pause() ?? undefined;
    };
    const out = execution(kept, step, kills[n]);
    if (out.error && kills[n] !== undefined) killed.add(n);
    if (out.error && /starts over/.test(out.error.message)) [kept, done] = [undefined, 0];
    else if (out.kept) [kept, done] = [out.kept, done + 1];
  }
  const s = sheet(ss, 'Days');
  const shown = s.getRange(2, 1, s.getLastRow() - 1, s.getLastColumn()).getValues();
  // A killed execution's staging sheet is the sweep's once its run is over (staging-sheets.ts).
  emu.clock.advance(LONGEST_RUN_MS + 1);
  const next = nextRefresh(rows);
  return { killed, committed, same: JSON.stringify(shown) === JSON.stringify(rows), stagingLeft: stagingLeft(), next };
}

const cases: [string, Row[]][] = [
  ['added rows below the old ones', rowsOf(1_010)],
  ['revised a row in the middle', rowsOf(1_000, (i) => (i === 700 ? 0 : i + 1))],
  ['has fewer rows', rowsOf(900)],
];
type Outcome = ReturnType<typeof killedAt>;
const seen = (out: Outcome, at: Record<number, number>) => ({
  at,
  committed: out.committed,
  same: out.same,
  stagingLeft: out.stagingLeft,
  next: out.next,
});
const whole = (at: Record<number, number>) => ({ at, committed: true, same: true, stagingLeft: 0, next: 'accepted' });

/** Kills execution `n` at each of its calls, up to the first it lives through (`also`: kills of other executions); how many calls that was. */
function sweep(n: number, rows: Row[], also: Record<number, number> = {}): number {
  let k = 0;
  for (let dies = true; dies; k++) {
    const at = { ...also, [n]: k };
    const out = killedAt(at, rows, 500);
    dies = out.killed.has(n);
    expect(seen(out, at)).toEqual(whole(at));
  }
  return k;
}

describe('a paused refresh killed at any call, its developer metadata priced', () => {
  describe.each([
    ['its first pause', 0],
    ['its second pause', 1],
    ['its commit', 2],
  ])('at %s', (_, n) => {
    it.each(cases)('that %s ends with its rows in place once, a block its next refresh takes as its own', (_, rows) => {
      // The sweep reached past the bookkeeping: every call the execution makes was a kill once.
      expect(sweep(n, rows)).toBeGreaterThan(3);
    });
  });

  it.each(cases)(
    'that %s, killed in its commit and again in the execution settling it, still ends whole',
    (_, rows) => {
      let k = 0;
      for (let dies = true; dies; k++) {
        dies = killedAt({ 2: k }, rows, 500).killed.has(2);
        sweep(3, rows, { 2: k });
      }
      expect(k).toBeGreaterThan(3);
    },
    300_000,
  );
});
