/**
 * A saved report too big for one execution refreshes across several: each execution stops at a
 * checkpoint before Google's limit, keeps its staging sheet as the run's, says "continuing", and
 * the next hourly trigger goes on from there; the old block stays exactly as it was until the
 * whole report is in, and the committed block has every row once. Run in the emulator's limits
 * mode (each sheet write and read takes the cost model's time, times `scale`; past six minutes
 * the emulator kills the execution with Google's message).
 */
import { DEFAULT_MODEL, servicePrices } from '../../bench/model';
import type { ServiceCosts } from '../../emulator/service-costs';
import { buildBundle, createWorld, type World } from '../hardening/world';
import { sheetNames } from './run-helpers';

const ROWS = 240_000;
const HOUR = 3_600_000;
const DEFINITION = {
  name: 'Big pages',
  report: 'pages/performance',
  siteId: 'site-big',
  start: '2026-10-01',
  end: '2026-10-31',
  sheetName: 'Big',
  schedule: { every: 'day', hour: 6 },
};

beforeAll(() => buildBundle());

function limitedWorld(): { world: World; costs: ServiceCosts } {
  const costs: ServiceCosts = { prices: servicePrices(DEFAULT_MODEL), scale: 1 };
  const world = createWorld({ pageCounts: { 'site-big': ROWS }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs });
  world.connect();
  return { world, costs };
}

/** The block as one string's hash, and its first cell's note (the refresh time is in it). */
function blockState(world: World): { rows: number; hash: string; note: string; distinct: number } {
  const sheet = world.emu.spreadsheet.getSheetByName('Big');
  if (!sheet) return { rows: 0, hash: '', note: '', distinct: 0 };
  const values = sheet.getDataRange().getValues();
  const seen = new Set<string>();
  let h = 2166136261;
  for (const row of values) {
    const text = JSON.stringify(row);
    seen.add(text);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  }
  return { rows: values.length - 1, hash: (h >>> 0).toString(36), note: sheet.getRange(1, 1).getNote(), distinct: seen.size - 1 };
}

function fireSchedule(world: World): { killed: string | null } {
  let killed: string | null = null;
  for (const t of world.emu.triggers.filter((x) => x.handler === 'onScheduleTrigger')) {
    try {
      world.emu.fireTrigger(t.id);
    } catch (error) {
      killed = String((error as Error).message);
    }
  }
  return { killed };
}

function statusOf(world: World): Record<string, unknown> {
  const sheet = world.emu.spreadsheet.getSheetByName('Creator Reporting status');
  if (!sheet) return {};
  const [header, row] = sheet.getDataRange().getValues() as unknown[][];
  return Object.fromEntries((header as string[]).map((name, i) => [name, row?.[i]]));
}

function savedCard(world: World): { continuingText?: string | null; outcome: string } {
  const listed = world.sidebar<{ reports: Array<{ status: { continuingText?: string | null; outcome: string } }> }>('listReports');
  if (!listed.ok) throw new Error(listed.message);
  return listed.value.reports[0].status;
}

describe('a saved report too big for one execution continues in the next', () => {
  it('refreshes 240,000 rows: in one execution at 3 times the model, across several at 6 times, old data intact until the commit', () => {
    const { world, costs } = limitedWorld();
    const saved = world.sidebar<{ id: string }>('saveReport', [DEFINITION]);
    expect(saved).toMatchObject({ ok: true });
    expect(world.emu.triggers.length).toBe(1);
    // 06:00 in New York on 22 November is due: the first pull, at the model's own prices.
    world.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
    expect(fireSchedule(world).killed).toBeNull();
    const first = blockState(world);
    expect(first.rows).toBe(ROWS);
    expect(first.distinct).toBe(ROWS);

    // The next day at every cost times 3: one execution, never killed.
    costs.scale = 3;
    world.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
    expect(fireSchedule(world).killed).toBeNull();
    const second = blockState(world);
    expect(second.rows).toBe(ROWS);
    expect(second.hash).toBe(first.hash);
    expect(second.note).not.toBe(first.note);
    expect(statusOf(world).Outcome).toBe('OK');

    // The day after at times 6: one execution cannot hold it; hourly runs go on until it is in.
    // (At times 15 the commit alone, one copy of 3.6 M cells priced as a write, takes 540 s: more
    // than an execution has, whatever was staged before.)
    costs.scale = 6;
    world.emu.clock.set(Date.parse('2026-11-24T11:05:00Z'));
    const said: string[] = [];
    let executions = 0;
    for (; executions < 12; executions++) {
      expect(fireSchedule(world).killed).toBeNull();
      const now = blockState(world);
      if (now.note !== second.note) break;
      // Not committed: the block is exactly the previous one, and the run says how far it is.
      expect(now.hash).toBe(second.hash);
      const status = statusOf(world);
      expect(status.Outcome).toBe('Continuing');
      said.push(String(status['Last error']));
      expect(savedCard(world).continuingText).toMatch(/^continuing: [\d,]+ of 240,000 rows; done about /);
      // Its staging sheet is kept, hidden, for the next execution.
      expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toHaveLength(1);
      world.emu.clock.advance(HOUR);
    }
    expect(executions).toBeGreaterThan(0);
    expect(said.every((text) => /continuing: [\d,]+ of 240,000 rows/.test(text))).toBe(true);
    const done = blockState(world);
    expect(done.rows).toBe(ROWS);
    expect(done.distinct).toBe(ROWS);
    expect(done.hash).toBe(first.hash);
    expect(statusOf(world).Outcome).toBe('OK');
    expect(savedCard(world).continuingText ?? null).toBeNull();
    expect(sheetNames(world).filter((n) => /^CR staging/.test(n))).toEqual([]);
  });
});
