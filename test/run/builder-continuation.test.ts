/**
 * A pull from the sidebar's Report tab too big for one execution continues call after call while
 * the sidebar is open: each call (an execution of its own) stops at a checkpoint before Google's
 * limit and answers "continuing: N of M rows"; the page calls again with the same request and
 * runId, and the block is committed only when every row is in, the sheet as it was until then.
 * A run whose page stops calling (the sidebar closed) is abandoned: its checkpoint and its staging
 * sheet go once BUILDER_KEEP_MS has passed. Run in the emulator's limits mode, as continue-run.test.ts.
 */
import { COPY_CITED, DEFAULT_MODEL, servicePrices } from '../../bench/model';
import type { ServiceCosts } from '../../emulator/service-costs';
import { buildBundle, createWorld, type World } from '../hardening/world';
import { sheetNames } from './run-helpers';

const ROWS = 120_000;
const REQUEST = { report: 'pages/performance', siteId: 'site-big', start: '2026-10-01', end: '2026-10-31', sheetName: 'Big' };
const MINUTE = 60_000;

beforeAll(() => buildBundle());

/** `copy: 'cited'` prices a copy at the cited third of a write (bench/model.ts), else as a write. */
function limitedWorld(scale: number, rows = ROWS, copy: 'write' | 'cited' = 'write'): { world: World; costs: ServiceCosts } {
  const costs: ServiceCosts = { prices: servicePrices(copy === 'cited' ? { ...DEFAULT_MODEL, ...COPY_CITED } : DEFAULT_MODEL), scale };
  const world = createWorld({ pageCounts: { 'site-big': rows }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs });
  world.connect();
  return { world, costs };
}

interface Answer {
  continuing?: string;
  rows: number;
  total?: number | null;
  range?: string;
  seconds?: number;
}

function call(world: World, request: object): Answer {
  const answer = world.sidebar<Answer>('runReport', [request]);
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

function block(world: World, name = 'Big'): { rows: number; distinct: number; note: string } | null {
  const sheet = world.emu.spreadsheet.getSheetByName(name);
  if (!sheet) return null;
  const values = sheet.getDataRange().getValues();
  return {
    rows: values.length - 1,
    distinct: new Set(values.slice(1).map((r) => JSON.stringify(r))).size,
    note: sheet.getRange(1, 1).getNote(),
  };
}

const checkpointKeys = (world: World): string[] =>
  world.emu
    .platform()
    .documentProperties!.getKeys()
    .filter((k: string) => k.indexOf('cr.continue.') === 0);
const staging = (world: World): string[] => sheetNames(world).filter((n) => /^CR staging/.test(n));

describe('a builder pull too big for one execution', () => {
  it('continues call after call and commits 120,000 rows once, no sheet shown before then; a second run leaves the first block until its commit', () => {
    // At 30 times the model the rows take two executions to stage. A first pull's staging sheet
    // becomes the new sheet (nothing is copied); the second run's commit is a copy (a third of a
    // write): priced as a write, 120,000 rows either fit two calls or no execution at all.
    const { world } = limitedWorld(30, ROWS, 'cited');
    const request = { ...REQUEST, runId: 'run-first', mayContinue: true };
    const said: string[] = [];
    world.emu.resetCounters();
    let answer = call(world, request);
    for (let calls = 1; answer.continuing && calls < 12; calls++) {
      said.push(answer.continuing);
      // Nothing of the report on the user's sheets: its rows wait on one hidden staging sheet.
      expect(block(world)).toBeNull();
      expect(staging(world)).toHaveLength(1);
      expect(checkpointKeys(world)).toEqual(['cr.continue.builder.run-first']);
      answer = call(world, request);
    }
    expect(said.length).toBeGreaterThan(0);
    expect(world.emu.counters.copyCells).toBe(0);
    expect(said[0]).toMatch(/^continuing: [\d,]+ of 120,000 rows$/);
    const counts = said.map((s) => Number(/continuing: ([\d,]+)/.exec(s)![1].replace(/,/g, '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(answer).toMatchObject({ rows: ROWS, range: 'A1:O120001' });
    // Its time is the whole run's, from the first call: more than one execution can last.
    expect(answer.seconds).toBeGreaterThan(360);
    const first = block(world)!;
    expect(first).toMatchObject({ rows: ROWS, distinct: ROWS });
    expect(staging(world)).toEqual([]);
    expect(checkpointKeys(world)).toEqual([]);

    // Run again (a new click: a new runId): the block already there stays exactly as it was
    // between the calls, and is replaced only once the whole report is in.
    world.emu.clock.advance(MINUTE);
    const again = { ...request, runId: 'run-again' };
    let calls = 1;
    for (answer = call(world, again); answer.continuing && calls < 12; calls++) {
      expect(block(world)).toEqual(first);
      answer = call(world, again);
    }
    expect(calls).toBeGreaterThan(1);
    const second = block(world)!;
    expect(second).toMatchObject({ rows: ROWS, distinct: ROWS });
    expect(second.note).not.toBe(first.note);
  });
});

/** 30,000 rows at 60 times the model: one execution cannot hold them, in a quarter of the work of 120,000. */
const SMALL = 30_000;
/**
 * Past a million cells (70,000 rows of 15 columns) a block is not read back at its commit, so a
 * continued pull of it can commit in an execution of its own (below that, the commit reads the
 * block: at a pace that needs several executions to stage, it could never fit one).
 */
const MID = 70_000;
const SLOW = 60;

describe('a builder pull continued: the page not asking, the sidebar closed', () => {
  it('goes on from the API, not from a cached whole result of an earlier pull (which would bring its rows again)', () => {
    const { world, costs } = limitedWorld(1, MID, 'cited');
    expect(call(world, { ...REQUEST, runId: 'run-cached' })).toMatchObject({ rows: MID });
    costs.scale = 40;
    const request = { ...REQUEST, sheetName: 'Big 2', runId: 'run-after', mayContinue: true };
    let answer = call(world, request);
    let calls = 1;
    for (; answer.continuing && calls < 12; calls++) answer = call(world, request);
    expect(calls).toBeGreaterThan(1);
    expect(block(world, 'Big 2')).toMatchObject({ rows: MID, distinct: MID });
  });

  it('without the page asking to continue, is refused as too big for one run and leaves nothing behind', () => {
    const { world } = limitedWorld(SLOW, SMALL);
    const answer = world.sidebar('runReport', [{ ...REQUEST, runId: 'run-old-page' }]);
    expect(answer.ok).toBe(false);
    expect(answer.ok ? '' : answer.message).toMatch(/too big for one run|more than fit in one run/);
    expect(block(world)).toBeNull();
    expect(staging(world)).toEqual([]);
    expect(checkpointKeys(world)).toEqual([]);
  });

  it('abandoned when the page stops calling: checkpoint and staging sheet go after an hour, a new Run starts over', () => {
    const { world } = limitedWorld(SLOW, SMALL);
    const first = call(world, { ...REQUEST, runId: 'run-closed', mayContinue: true });
    expect(first.continuing).toMatch(/^continuing: /);
    expect(checkpointKeys(world)).toEqual(['cr.continue.builder.run-closed']);
    expect(staging(world)).toHaveLength(1);

    // Fifty minutes on, another pull (a small one) keeps them: the sidebar might still call.
    world.emu.clock.advance(50 * MINUTE);
    expect(call(world, { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31', sheetName: 'Small' })).toMatchObject(
      {
        rows: 31,
      },
    );
    expect(checkpointKeys(world)).toEqual(['cr.continue.builder.run-closed']);
    expect(staging(world)).toHaveLength(1);

    // Past an hour since its last stop: the next pull drops the record and sweeps the sheet.
    world.emu.clock.advance(11 * MINUTE);
    expect(
      call(world, { report: 'earnings', siteId: 'site-2', start: '2026-10-01', end: '2026-10-31', sheetName: 'Small 2' }),
    ).toMatchObject({
      rows: 31,
    });
    expect(checkpointKeys(world)).toEqual([]);
    expect(staging(world)).toEqual([]);
    expect(block(world)).toBeNull();

    // The same runId again (a page reopened on it) starts from the first row, not from the rows lost.
    const again = call(world, { ...REQUEST, runId: 'run-closed', mayContinue: true });
    expect(again.continuing).toBe(first.continuing);
  });
});
