/**
 * pullSizes: the same sidebar pull (pages/performance over one month) at growing row counts, so the
 * growth shows (linear or not). Each size is measured on the thin runner (bench/thin.ts): the
 * add-on's own CPU and data memory, what it asked of Google, and the cost model's time for it.
 */
import { COPY_CITED, round, simulatedSeconds, type LatencyModel } from '../model';
import { thinWorld, type ThinPull, type ThinReading } from '../thin';
import { isStub, messageOf } from '../world';
import { failed, notMeasurable, type ScenarioResult } from './types';

export interface PullSize {
  rows: number;
  pages: number;
  /** The least of its CPU runs (a first pull's: FIRST_PULL_CPU_RUNS, as the JSON.parse baseline's three). */
  addOnCpuSeconds: number;
  /** Each CPU run's seconds, in the order they ran. */
  addOnCpuRuns: number[];
  /** The meter's own CPU around the service calls of the least run, taken out of it (thin.ts). Absent in older results. */
  meterCpuSeconds?: number;
  addOnCpuPer100k: number;
  addOnPeakMB: number;
  addOnMBPer100k: number;
  roundTrips: number;
  /** Round trips of the naive way: the token, then one page after another. */
  sequentialRoundTrips: number;
  setValuesCalls: number;
  setValuesCells: number;
  /** Range.copyTo (a refresh's commit) and the cells it covered. */
  copyCalls: number;
  copyCells: number;
  sheetsApiRequests: number;
  sheetsApiCells: number;
  readCalls: number;
  readCells: number;
  formatCalls: number;
  formatGridCells: number;
  cachePuts: number;
  networkSeconds: number;
  simulatedSeconds: number;
  /** The same with copyTo priced on the cited public figure (COPY_CITED), reported beside it. */
  simulatedSecondsCopyCited: number;
  /** JSON.parse of the same pages, same run (bench/thin.ts). */
  jsonParseSeconds: number;
  /** Add-on CPU as a multiple of jsonParseSeconds. */
  cpuVsJsonParse: number;
  /** Apps Script executions the pull took to complete. */
  executions: number;
}

export interface PullSizesMetrics {
  /** First pulls into a new sheet, setValues (the shipped manifest does not enable the Sheets advanced service). */
  sizes: PullSize[];
  /** The daily refresh of the same report: the block exists (written by a first pull a day earlier). */
  refreshes?: PullSize[];
  /** The daily refresh of a rolling window: its dates a day later, so every row changed. */
  movedRefreshes?: PullSize[];
}

export interface PullSizesOptions {
  siteId: string;
  /** The site for the sizes above siteRows (none: they are skipped). */
  hugeSiteId?: string;
  siteRows: number;
  report: string;
  startDate: string;
  endDate: string;
  rows: number[];
  /** The sizes also measured as a refresh (default: rows). */
  refreshRows?: number[];
  /** The sizes also measured as a rolling window's refresh (every row changed; default: none). */
  movedRows?: number[];
  /** False: memory samples without a collection each (quick runs; see ThinOptions). */
  collectAtSamples?: boolean;
}

const PAGE_SIZE = 500;

/**
 * CPU runs of each first pull, the judged CPU being the least (thin.ts, MeasureOptions.cpuRuns),
 * each beside a JSON.parse of the same pages, whose least is the baseline it is divided by: the
 * same statistic on both sides. Five, not three: on this shared two-CPU host a slow spell can
 * cover three runs in a row (bench/README.md). Refreshes are measured once.
 */
const FIRST_PULL_CPU_RUNS = 5;

export const PULL_SIZES: PullSizesOptions = {
  siteId: 'site-big',
  hugeSiteId: 'site-huge',
  siteRows: 120_000,
  report: 'pages/performance',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  rows: [10_000, 30_000, 60_000, 120_000, 240_000],
  movedRows: [60_000, 120_000],
};

export function pullFor(opts: PullSizesOptions, rows: number): ThinPull {
  const base = { report: opts.report, startDate: opts.startDate, endDate: opts.endDate };
  if (rows > opts.siteRows && opts.hugeSiteId) return { ...base, siteId: opts.hugeSiteId };
  // The whole site when the size is its row count; a limit below that.
  return rows >= opts.siteRows ? { ...base, siteId: opts.siteId } : { ...base, siteId: opts.siteId, limit: rows };
}

/** A reading as a row of the tables; `pulled`: the rows the API sent, when not the rows delivered (a ledger's). */
export function sizeOf(r: ThinReading, model: LatencyModel, pulled = r.rows): PullSize {
  const c = r.counts;
  const per100k = (v: number): number => (r.rows ? round((v * 100_000) / r.rows, 3) : 0);
  const pages = Math.ceil(pulled / PAGE_SIZE);
  return {
    rows: r.rows,
    pages,
    addOnCpuSeconds: r.addOnCpuSeconds,
    addOnCpuRuns: r.addOnCpuRuns,
    meterCpuSeconds: r.meterCpuSeconds,
    addOnCpuPer100k: per100k(r.addOnCpuSeconds),
    addOnPeakMB: r.addOnPeakMB,
    addOnMBPer100k: round(per100k(r.addOnPeakMB), 1),
    roundTrips: c.roundTrips,
    sequentialRoundTrips: 1 + pages,
    setValuesCalls: c.setValuesCalls,
    setValuesCells: c.setValuesCells,
    copyCalls: c.copyCalls,
    copyCells: c.copyCells,
    sheetsApiRequests: c.sheetsApiRequests,
    sheetsApiCells: c.sheetsApiCells,
    readCalls: c.readCalls,
    readCells: c.readCells,
    formatCalls: c.setNumberFormatsCalls,
    formatGridCells: c.numberFormatGridCells,
    cachePuts: c.cachePuts,
    networkSeconds: round(r.networkMs / 1000, 2),
    simulatedSeconds: simulatedSeconds(model, r.networkMs, c),
    simulatedSecondsCopyCited: simulatedSeconds({ ...model, ...COPY_CITED }, r.networkMs, c),
    jsonParseSeconds: r.jsonParseSeconds,
    cpuVsJsonParse: r.jsonParseSeconds > 0 ? round(r.addOnCpuSeconds / r.jsonParseSeconds, 2) : 0,
    executions: r.executions,
  };
}

export function runPullSizes(
  bundleFile: string,
  model: LatencyModel,
  opts: PullSizesOptions = PULL_SIZES,
): ScenarioResult<PullSizesMetrics> {
  let sizes: PullSize[];
  let refreshes: PullSize[];
  let movedRefreshes: PullSize[];
  try {
    const world = thinWorld(bundleFile, pullFor(opts, Math.min(...opts.rows)), {
      roundTripMs: model.latencyMs,
      collectAtSamples: opts.collectAtSamples,
    });
    sizes = opts.rows.map((wanted) => sizeOf(world.measure(pullFor(opts, wanted), { cpuRuns: FIRST_PULL_CPU_RUNS }), model));
    const refreshOf = (wanted: number, moved: boolean): PullSize =>
      sizeOf(world.measure(pullFor(opts, wanted), { refreshOf: true, moved }), model);
    refreshes = (opts.refreshRows ?? opts.rows).map((wanted) => refreshOf(wanted, false));
    movedRefreshes = (opts.movedRows ?? []).map((wanted) => refreshOf(wanted, true));
  } catch (error) {
    const m = messageOf(error);
    return isStub(m) ? notMeasurable(`runReport: ${m}`) : failed(`the sized pulls failed: ${m}`);
  }
  return { status: 'measured', metrics: { sizes, refreshes, movedRefreshes } };
}
