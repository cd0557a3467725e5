/**
 * A saved report whose refreshes cannot fit is refused when it is saved, with its size and what to
 * do instead, not failed every day after: its staged copy must fit the spreadsheet, and its
 * schedule may take at most a third of the 90 minutes a day a consumer account's triggers run.
 * The estimate is the cost model's, and held against what the emulator's limits mode charges for
 * a real refresh of that size.
 */
import { DEFAULT_MODEL, servicePrices } from '../../bench/model';
import { findReport } from '../../src/catalog/reports';
import { checkRefreshCost, refreshMs } from '../../src/reports/schedule-cost';
import type { ReportSpec } from '../../src/catalog/types';
import { buildBundle, createWorld } from '../hardening/world';
import { BIG, run, sheetNames, values } from '../run/run-helpers';

const PAGES = findReport('pages/performance') as ReportSpec;
const HOURLY = { every: 'hour' } as const;
const DAILY = { every: 'day', hour: 6 } as const;
const SAVED = { name: 'Pages', ...BIG, schedule: DAILY };

function refusal(block: { rows: number; cols: number } | null, schedule = HOURLY as object, used = 0): string | null {
  try {
    checkRefreshCost(PAGES, schedule as never, block, used);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the cost of a saved report, judged at save', () => {
  it('lets an hourly 120,000-row report through and refuses an hourly 240,000-row one, naming its size and what to do', () => {
    expect(refusal({ rows: 120_001, cols: 15 })).toBeNull();
    const said = refusal({ rows: 240_001, cols: 15 });
    expect(said).toMatch(/^This report is too big to refresh every hour: its last run wrote 240,001 rows × 15 columns \(3,600,015 cells\)/);
    expect(said).toMatch(/each refresh takes Google about \d+ s, \d+ minutes a day, more than a third of the 90 minutes/);
    expect(said).toMatch(
      /Nothing was saved\. Schedule it daily, keep it as a history \(Keep history: .*\), or save a shorter date range or a row limit\.$/,
    );
    // Daily, or refreshed by hand only, the same report is fine.
    expect(refusal({ rows: 240_001, cols: 15 }, DAILY)).toBeNull();
    expect(refusal({ rows: 240_001, cols: 15 }, { every: 'off' })).toBeNull();
    // Never run here: nothing to judge yet.
    expect(refusal(null)).toBeNull();
  });

  it('refuses, scheduled or not, a report whose staged copy would not fit the spreadsheet', () => {
    const said = refusal({ rows: 60_001, cols: 15 }, { every: 'off' }, 9_500_000);
    expect(said).toMatch(
      /needs 900,015 more cells than the spreadsheet has left \(9,500,000 of Google's 10,000,000 in use\)\. Nothing was saved\./,
    );
    expect(said).not.toMatch(/Schedule it daily/);
    expect(refusal({ rows: 60_001, cols: 15 }, { every: 'off' }, 9_000_000)).toBeNull();
  });

  it('estimates a refresh within a fifth of what the emulator charges for one at the model’s prices', () => {
    buildBundle();
    const rows = 20_000;
    const world = createWorld({
      pageCounts: { 'site-big': rows },
      latencyMs: DEFAULT_MODEL.latencyMs,
      serviceCosts: { prices: servicePrices(DEFAULT_MODEL), scale: 1 },
    });
    world.connect();
    const saved = world.sidebar<{ id: string }>('saveReport', [SAVED]);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(world.sidebar('refreshReports', [[saved.value.id]]).ok).toBe(true);
    const block = values(world, 'Big');
    world.emu.clock.advance(86_400_000);
    const started = world.emu.clock.now();
    expect(world.sidebar('refreshReports', [[saved.value.id]]).ok).toBe(true);
    const charged = world.emu.clock.now() - started;
    const estimate = refreshMs({ rows: block.length, cols: block[0].length });
    expect(Math.abs(estimate - charged) / charged).toBeLessThan(0.2);
  }, 120_000);

  it('refuses to save a pull whose staged copy would not fit, and keeps the pull as it is', () => {
    buildBundle();
    const world = createWorld({ pageCounts: { 'site-big': 3_000 } });
    world.connect();
    expect(run(world, BIG).ok).toBe(true);
    const pulled = values(world, 'Big');
    // Another sheet fills the spreadsheet up to a few thousand cells below Google's limit.
    const filler = world.emu.spreadsheet.insertSheet('Archive');
    filler.insertRowsAfter(filler.getMaxRows(), Math.floor(9_990_000 / filler.getMaxColumns()) - filler.getMaxRows());
    const saved = world.sidebar('saveReport', [SAVED]);
    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(saved.message).toMatch(
      /^This report is too big to refresh: its last run wrote 3,001 rows × \d+ columns .* more cells than the spreadsheet has left \([\d,]+ of Google's 10,000,000 in use\)\. Nothing was saved\./,
    );
    const listed = world.sidebar<{ reports: unknown[] }>('listReports');
    expect(listed.ok && listed.value.reports).toEqual([]);
    expect(values(world, 'Big')).toEqual(pulled);
    expect(sheetNames(world)).toEqual(expect.arrayContaining(['Big', 'Archive']));
  }, 120_000);
});
