/**
 * A pull from the sidebar's Report tab too big for one execution continues call after call while
 * the sidebar is open: each call (an execution of its own) stops at a checkpoint before Google's
 * limit and answers "continuing: N of M rows"; the page calls again with the same request and
 * runId, and the block is committed only when every row is in, the sheet as it was until then.
 * A run whose page stops calling (the sidebar closed) is abandoned: its checkpoint and its staging
 * sheet go once BUILDER_KEEP_MS has passed. Run in the emulator's limits mode, as continue-run.test.ts.
 */
import { DEFAULT_MODEL, servicePrices } from '../../bench/model';
import type { ServiceCosts } from '../../emulator/service-costs';
import { buildBundle, createWorld, type World } from '../hardening/world';
import { sheetNames } from './run-helpers';

const ROWS = 120_000;
const REQUEST = { report: 'pages/performance', siteId: 'site-big', start: '2026-10-01', end: '2026-10-31', sheetName: 'Big' };
const MINUTE = 60_000;

beforeAll(() => buildBundle());

function limitedWorld(scale: number): { world: World; costs: ServiceCosts } {
  const costs: ServiceCosts = { prices: servicePrices(DEFAULT_MODEL), scale };
  const world = createWorld({ pageCounts: { 'site-big': ROWS }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs });
  world.connect();
  return { world, costs };
}

interface Answer {
  continuing?: string;
  rows: number;
  total?: number | null;
  range?: string;
}

function call(world: World, request: object): Answer {
  const answer = world.sidebar<Answer>('runReport', [request]);
  if (!answer.ok) throw new Error(`${answer.message} ${world.emu.logs.slice(-5).join(" | ")}`);
  return answer.value;
}

function block(world: World): { rows: number; distinct: number; note: string } | null {
  const sheet = world.emu.spreadsheet.getSheetByName('Big');
  if (!sheet) return null;
  const values = sheet.getDataRange().getValues();
  return { rows: values.length - 1, distinct: new Set(values.slice(1).map((r) => JSON.stringify(r))).size, note: sheet.getRange(1, 1).getNote() };
}

const checkpointKeys = (world: World): string[] =>
  world.emu.platform().documentProperties!.getKeys().filter((k: string) => k.indexOf('cr.continue.') === 0);
const staging = (world: World): string[] => sheetNames(world).filter((n) => /^CR staging/.test(n));

describe('a builder pull too big for one execution', () => {
  it('continues call after call and commits 120,000 rows once, no sheet shown before then', () => {
    const { world } = limitedWorld(14);
    const request = { ...REQUEST, runId: 'run-first', mayContinue: true };
    const said: string[] = [];
    let answer = call(world, request);
    for (let calls = 1; answer.continuing && calls < 12; calls++) {
      said.push(answer.continuing);
      // Nothing of the report on the user's sheets: its rows wait on one hidden staging sheet.
      expect(block(world)).toBeNull();
      expect(staging(world)).toHaveLength(1);
      expect(checkpointKeys(world)).toEqual(['cr.continue.builder.run-first']);
      answer = call(world, request);
    }
    console.log(said, answer);
    expect(said.length).toBeGreaterThan(1);
    expect(said[0]).toMatch(/^continuing: [\d,]+ of 120,000 rows$/);
    const counts = said.map((s) => Number(/continuing: ([\d,]+)/.exec(s)![1].replace(/,/g, '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(answer).toMatchObject({ rows: ROWS, range: 'A1:O120001' });
    expect(block(world)).toMatchObject({ rows: ROWS, distinct: ROWS });
    expect(staging(world)).toEqual([]);
    expect(checkpointKeys(world)).toEqual([]);
  });
});
