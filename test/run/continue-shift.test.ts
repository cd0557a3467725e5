/**
 * A saved report continued across executions hours apart, when the API and the sheet do not hold
 * still in between: its pages shift (a row moves up past the point where the run stopped, another
 * is revised), the API fails for a while, or someone edits the hidden staging sheet. Every row
 * ends up in the block once, or the run starts over, never a block with a row lost or twice.
 * Run in the emulator's limits mode, with the copy priced on the cited figure (bench/model.ts).
 */
import { COPY_CITED, DEFAULT_MODEL, servicePrices } from '../../bench/model';
import type { ServiceCosts } from '../../emulator/service-costs';
import type { TransportRequest, TransportResponse } from '../../emulator/transport-types';
import { buildBundle, createWorld, type World, type WorldState } from '../hardening/world';
import { BIG_SAVED, fireSchedule, sheetNames, statusOf, values } from './run-helpers';

const ROWS = 80_000;
const HOUR = 3_600_000;
/** Times the model: the staging (480 s) takes two executions; the copy (1.2 M cells at a third, 160 s) fits one. */
const SLOW = 40;

type ApiRow = Record<string, unknown>;

let pulled: WorldState;
/** The API's rows in its order, as the first pull got them page by page. */
const served: ApiRow[][] = [];
let reportId = '';

function world(from?: WorldState): { world: World; costs: ServiceCosts } {
  const costs: ServiceCosts = { prices: servicePrices({ ...DEFAULT_MODEL, ...COPY_CITED }), scale: 1 };
  const w = createWorld({ pageCounts: { 'site-big': ROWS }, latencyMs: DEFAULT_MODEL.latencyMs, serviceCosts: costs, from });
  if (!from) w.connect();
  return { world: w, costs };
}

function pageNumber(url: string): number | null {
  const m = /page(?:%5B|\[)number(?:%5D|\])=(\d+)/.exec(url);
  return m && url.includes('/pages') ? Number(m[1]) : null;
}

beforeAll(() => {
  buildBundle();
  const { world: w } = world();
  const saved = w.sidebar<{ id: string }>('saveReport', [BIG_SAVED]);
  if (!saved.ok) throw new Error(saved.message);
  reportId = saved.value.id;
  w.setEdit((req: TransportRequest, res: TransportResponse) => {
    const n = pageNumber(req.url);
    if (n !== null && res.status === 200) served[n - 1] = (JSON.parse(res.body) as { data: ApiRow[] }).data;
    return res;
  });
  w.emu.clock.set(Date.parse('2026-11-22T11:05:00Z'));
  fire(w);
  w.setEdit(null);
  expect(values(w, 'Big')).toHaveLength(ROWS + 1);
  pulled = w.save();
}, 300_000);

function checkpoint(w: World): { rows: number; failures?: number } | null {
  const text = w.emu.runAs({}, () => w.emu.globals.PropertiesService.getDocumentProperties().getProperty(`cr.continue.report.${reportId}`));
  return text ? (JSON.parse(text) as { rows: number }) : null;
}

function stagingSheets(w: World): string[] {
  return sheetNames(w).filter((n) => /^CR staging/.test(n));
}

/** The block's page URLs: each of the API's once, and how many rows. */
function urls(w: World): { rows: number; distinct: number; missing: number } {
  const grid = values(w, 'Big');
  const at = (grid[0] as string[]).indexOf('Page URL');
  const seen = new Set(grid.slice(1).map((row) => String(row[at])));
  const missing = served.flat().filter((r) => !seen.has(String(r.pageUrl))).length;
  return { rows: grid.length - 1, distinct: seen.size, missing };
}

/** The next day's refresh at SLOW times the model, up to its first stop; the rows it staged. */
function firstStop(): { w: World; before: string; staged: number } {
  const { world: w, costs } = world(pulled);
  costs.scale = SLOW;
  const before = JSON.stringify(values(w, 'Big'));
  w.emu.clock.set(Date.parse('2026-11-23T11:05:00Z'));
  fire(w);
  expect(statusOf(w).Outcome).toBe('Continuing');
  const cp = checkpoint(w);
  expect(cp?.rows).toBeGreaterThan(0);
  return { w, before, staged: cp!.rows };
}

/** One hourly run, never killed by Apps Script's time limit. */
function fire(w: World): void {
  expect(fireSchedule(w).killed).toBeNull();
}

/** Hourly runs until the report commits; the block is the old one after each that does not. */
function untilCommitted(w: World, before: string, most = 6): number {
  for (let n = 1; n <= most; n++) {
    w.emu.clock.advance(HOUR);
    fire(w);
    if (statusOf(w).Outcome !== 'Continuing') return n;
    expect(JSON.stringify(values(w, 'Big'))).toBe(before);
  }
  throw new Error(`not committed after ${most} more runs`);
}

describe('a continued report whose data moves between executions', () => {
  it('recognises rows served again by their key, even revised, and pulls a row that moved up past its stop', () => {
    const { w, before, staged } = firstStop();
    expect(staged).toBeLessThan(ROWS - 1_000);
    // Hours later the API's order has changed: the row at `from` (not staged) moved up to `to`
    // (before the stop), every row between moving one down, and the last staged row, now served
    // after the stop, was revised (other pageviews).
    const from = staged + 700;
    const to = staged - 50;
    const order = served.flat().map((row) => ({ ...row }));
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved);
    const revised = order[staged];
    revised.pageviews = Number(revised.pageviews) + 1;
    const size = served[0].length;
    w.setEdit((req: TransportRequest, res: TransportResponse) => {
      const n = pageNumber(req.url);
      if (n === null || res.status !== 200) return res;
      const body = JSON.parse(res.body) as { data: ApiRow[] };
      return { ...res, body: JSON.stringify({ ...body, data: order.slice((n - 1) * size, n * size) }) };
    });

    untilCommitted(w, before);
    expect([statusOf(w).Outcome, statusOf(w)['Last error']]).toEqual(['OK', '']);
    expect(urls(w)).toEqual({ rows: ROWS, distinct: ROWS, missing: 0 });
    expect(stagingSheets(w)).toEqual([]);
  });

  it('keeps its rows through a failure of the API and goes on from them in the next run', () => {
    const { w, before, staged } = firstStop();
    // The API fails through every retry of the next run.
    w.api.inject({ kind: 'status', status: 503, times: 1_000, path: 'pages/performance' });
    w.emu.clock.advance(HOUR);
    fire(w);
    expect(statusOf(w).Outcome).toBe('Continuing');
    expect(checkpoint(w)).toMatchObject({ rows: staged, failures: 1 });
    expect(stagingSheets(w)).toHaveLength(1);
    expect(JSON.stringify(values(w, 'Big'))).toBe(before);

    w.api.clearFaults();
    untilCommitted(w, before);
    expect([statusOf(w).Outcome, statusOf(w)['Last error']]).toEqual(['OK', '']);
    expect(urls(w)).toEqual({ rows: ROWS, distinct: ROWS, missing: 0 });
    expect(checkpoint(w)).toBeNull();
  });

  it('starts over when its staging sheet was changed, the old data in place', () => {
    const { w, before } = firstStop();
    // Someone deletes rows of the hidden staging sheet between executions.
    w.emu.runAs({}, () => w.emu.spreadsheet.getSheetByName(stagingSheets(w)[0])!.deleteRows(2, 10));
    w.emu.clock.advance(HOUR);
    fire(w);
    expect(statusOf(w).Outcome).toBe('Failed');
    expect(String(statusOf(w)['Last error'])).toMatch(/rows staged by this report's earlier run are gone, so it starts over next time/);
    expect(checkpoint(w)).toBeNull();
    expect(stagingSheets(w)).toEqual([]);
    expect(JSON.stringify(values(w, 'Big'))).toBe(before);
  });
});
