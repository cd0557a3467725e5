/**
 * formulasCold / formulasWarm: a sheet of CREATOR_ formulas over the agency's sites, each formula
 * its own custom-function execution as the owner (Sheets runs every cell separately), first with
 * every cache empty, then recalculated with the caches as the first pass left them.
 */
import { simulatedSeconds, round } from '../model';
import { OWNER, isStub, messageOf, type BenchWorld } from '../world';
import { notMeasurable, failed, type ScenarioResult } from './types';

export interface FormulaCell {
  name: string;
  args: unknown[];
}

export interface FormulaMetrics {
  formulas: number;
  sites: number;
  errors: number;
  tokenMints: number;
  fetches: number;
  roundTrips: number;
  distinctRequests: number;
  sitesBoundsCalls: number;
  cacheHits: number;
  simulatedSeconds: number;
  longestFormulaSeconds: number;
}

/** Ten different reports/ranges per site; the last repeats the first through CREATOR_REPORT (two cells, one request). */
const PER_SITE: Array<(site: string) => FormulaCell> = [
  (s) => ({ name: 'CREATOR_EARNINGS', args: [s, 'lastThirtyDays'] }),
  (s) => ({ name: 'CREATOR_TRAFFIC_SUMMARY', args: [s, 'lastMonth'] }),
  (s) => ({ name: 'CREATOR_TRAFFIC_BY_DEVICE', args: [s, '2026-10-01', '2026-10-31'] }),
  (s) => ({ name: 'CREATOR_DEVICE_PERFORMANCE', args: [s, 'monthToDate'] }),
  (s) => ({ name: 'CREATOR_COUNTRY_PERFORMANCE', args: [s, '2026-09-01', '2026-09-30'] }),
  (s) => ({ name: 'CREATOR_PAGE_PERFORMANCE', args: [s, 'lastMonth', undefined, 100, '-earnings'] }),
  (s) => ({ name: 'CREATOR_AD_UNITS', args: [s, '10daysAgo', '4daysAgo'] }),
  (s) => ({ name: 'CREATOR_SOURCE_PERFORMANCE', args: [s, 'yearToDate'] }),
  (s) => ({ name: 'CREATOR_CATEGORY_PERFORMANCE', args: [s, 'lastNinetyDays'] }),
  (s) => ({ name: 'CREATOR_REPORT', args: ['earnings', s, 'lastThirtyDays'] }),
];

export function agencySites(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `agency-${String(i + 1).padStart(2, '0')}`);
}

export function formulaSheet(sites: string[], perSite = PER_SITE.length): FormulaCell[] {
  const cells: FormulaCell[] = [];
  // Row by row as a user would lay them out: each report for every site, so a site's cells are not adjacent.
  for (let k = 0; k < Math.min(perSite, PER_SITE.length); k++) for (const site of sites) cells.push(PER_SITE[k](site));
  return cells;
}

interface Pass {
  metrics: FormulaMetrics;
  errorMessages: string[];
}

/** Evaluates every cell once, each as one customFunction execution; counts what it cost. */
function evaluate(world: BenchWorld, cells: FormulaCell[], siteCount: number): Pass {
  const { emu } = world;
  world.resetCounts();
  const errorMessages: string[] = [];
  let clockMs = 0;
  let longestMs = 0;
  for (const cell of cells) {
    const before = emu.clock.now();
    try {
      emu.bundle!.callAs({ user: OWNER, mode: 'customFunction' }, cell.name, ...cell.args);
    } catch (error) {
      errorMessages.push(`${cell.name}(${cell.args.map((a) => JSON.stringify(a) ?? '').join(', ')}): ${messageOf(error)}`);
    }
    const spent = emu.clock.now() - before;
    clockMs += spent;
    longestMs = Math.max(longestMs, spent);
  }
  const boundsCalls = world.requests.filter((r) => /\/date-bounds(\?|$)/.test(r.url)).length;
  const distinct = new Set(world.requests.filter((r) => !/\/date-bounds(\?|$)/.test(r.url)).map((r) => `${r.method} ${r.url}`));
  const c = emu.counters;
  return {
    errorMessages,
    metrics: {
      formulas: cells.length,
      sites: siteCount,
      errors: errorMessages.length,
      tokenMints: world.tokenMints(),
      fetches: c.requests,
      roundTrips: c.roundTrips,
      distinctRequests: distinct.size,
      sitesBoundsCalls: boundsCalls,
      cacheHits: c.cacheHits,
      // Custom functions cannot write: their time is the network and any sheet reads.
      simulatedSeconds: simulatedSeconds(world.model, clockMs, {
        setValuesCalls: 0,
        setValuesCells: 0,
        readCalls: c.readCalls,
        readCells: c.readCells,
      }),
      longestFormulaSeconds: round(longestMs / 1000, 2),
    },
  };
}

export interface FormulaRuns {
  cold: ScenarioResult<FormulaMetrics>;
  warm: ScenarioResult<FormulaMetrics>;
}

export function runFormulas(world: BenchWorld, opts: { sites: number; perSite?: number }): FormulaRuns {
  const sites = agencySites(opts.sites);
  const cells = formulaSheet(sites, opts.perSite);
  try {
    world.connect('agency', true);
  } catch (error) {
    const m = messageOf(error);
    const r = isStub(m) ? notMeasurable<FormulaMetrics>(`saveSettings: ${m}`) : failed<FormulaMetrics>(`saveSettings failed: ${m}`);
    return { cold: r, warm: r };
  }
  world.clearCaches();
  const cold = evaluate(world, cells, sites.length);
  // A minute later, as when the sheet is reopened or a neighbouring cell changes.
  world.emu.clock.advance(60_000);
  const warm = evaluate(world, cells, sites.length);
  return { cold: toResult(cold), warm: toResult(warm) };
}

function toResult(pass: Pass): ScenarioResult<FormulaMetrics> {
  const { metrics, errorMessages } = pass;
  const stubbed = errorMessages.filter(isStub);
  if (stubbed.length === metrics.formulas) return notMeasurable(`the formulas are stubs: ${stubbed[0]}`, metrics);
  // Every cell erroring is no measurement of the happy path; some erroring is reported beside the numbers.
  if (errorMessages.length === metrics.formulas) return failed(`every formula failed, e.g. ${errorMessages[0]}`, metrics);
  const notes = errorMessages.length ? [`${errorMessages.length} formula(s) returned an error, e.g. ${errorMessages[0]}`] : undefined;
  return { status: 'measured', metrics, notes };
}
