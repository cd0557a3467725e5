/**
 * bigPull: one whole paginated report through the sidebar's runReport (fetch all pages, write
 * one block), then the same report the naive way (page after page, a write per page) in the same
 * world, on the same latency model.
 */
import { naivePull } from '../naive-client';
import { round, simulatedSeconds, writeCostMs } from '../model';
import { API_BASE_URL, OWNER, TOKEN_URL, isStub, messageOf, type BenchWorld } from '../world';
import { failed, notMeasurable, type ScenarioResult } from './types';

export interface BigPullOptions {
  siteId: string;
  report: string;
  startDate: string;
  endDate: string;
  /** Rows to ask for; omitted = every row. */
  limit?: number;
}

export const BIG_PULL: BigPullOptions = { siteId: 'site-big', report: 'pages/performance', startDate: '2026-10-01', endDate: '2026-10-31' };

export interface BigPullMetrics {
  rows: number;
  pages: number;
  /** The largest fetchAll batch seen: the fan-out the add-on used. */
  fanOut: number;
  fetches: number;
  roundTrips: number;
  /** Round trips that were not report pages (token, sites, date bounds). */
  overheadRoundTrips: number;
  setValuesCalls: number;
  setValuesCells: number;
  sheetsApiRequests: number;
  readCalls: number;
  readCells: number;
  formatCalls: number;
  networkSeconds: number;
  writeSeconds: number;
  simulatedSeconds: number;
  cpuSeconds: number;
  cpuSecondsPer100kRows: number;
  /** CPU inside the fake API (excluded from cpuSeconds). */
  apiCpuSeconds: number;
  peakMemoryMB: number;
  peakHeapMB: number;
  baselineMemoryMB: number;
  sequentialRows: number;
  sequentialRoundTrips: number;
  sequentialSetValuesCalls: number;
  sequentialSimulatedSeconds: number;
}

interface RunReportResultLike {
  rows?: unknown;
}

export function runBigPull(world: BenchWorld, opts: BigPullOptions = BIG_PULL): ScenarioResult<BigPullMetrics> {
  const { emu, model } = world;
  try {
    world.connect('demo', false);
  } catch (error) {
    const m = messageOf(error);
    return isStub(m) ? notMeasurable(`saveSettings: ${m}`) : failed(`saveSettings failed: ${m}`);
  }
  // A first pull: nothing cached, the token included.
  world.clearCaches();
  world.resetCounts();
  const pagePath = `/sites/${opts.siteId}/${opts.report}`;
  const request = {
    report: opts.report,
    siteId: opts.siteId,
    start: opts.startDate,
    end: opts.endDate,
    sheetName: 'Big pull',
    ...(opts.limit !== undefined ? { options: { limit: opts.limit } } : {}),
  };

  const started = emu.clock.now();
  world.meter.start();
  let result: RunReportResultLike;
  try {
    result = world.call<RunReportResultLike>('runReport', [request]);
  } catch (error) {
    world.meter.stop();
    const m = messageOf(error);
    return isStub(m) ? notMeasurable(`runReport: ${m}`) : failed(`runReport failed: ${m}`);
  }
  const resources = world.meter.stop();
  const clockMs = emu.clock.now() - started;
  const c = { ...emu.counters };
  const pages = world.requests.filter((r) => r.url.includes(pagePath)).length;
  const pageBatches = world.batchSizes.length;
  const rows = typeof result.rows === 'number' ? result.rows : 0;
  const metrics: Partial<BigPullMetrics> = {
    rows,
    pages,
    fanOut: Math.max(0, ...world.batchSizes),
    fetches: c.requests,
    roundTrips: c.roundTrips,
    overheadRoundTrips: pageBatches - countPageTrips(world, pagePath),
    setValuesCalls: c.setValuesCalls,
    setValuesCells: c.setValuesCells,
    sheetsApiRequests: c.sheetsApiRequests,
    readCalls: c.readCalls,
    readCells: c.readCells,
    formatCalls: c.setNumberFormatsCalls,
    networkSeconds: round(clockMs / 1000, 2),
    writeSeconds: round(writeCostMs(model, c) / 1000, 2),
    simulatedSeconds: simulatedSeconds(model, clockMs, c),
    cpuSeconds: resources.cpuSeconds,
    cpuSecondsPer100kRows: rows ? round((resources.cpuSeconds * 100_000) / rows, 3) : 0,
    apiCpuSeconds: resources.apiCpuSeconds,
    peakMemoryMB: resources.peakRssMB,
    peakHeapMB: resources.peakHeapMB,
    baselineMemoryMB: resources.baselineRssMB,
  };

  const naive = runNaive(world, opts);
  if ('error' in naive) return { status: 'measured', metrics, notes: [`the naive pull failed: ${naive.error}`] };
  return { status: 'measured', metrics: { ...metrics, ...naive } };
}

/** Round trips that carried at least one page of the report. */
function countPageTrips(world: BenchWorld, pagePath: string): number {
  let index = 0;
  let trips = 0;
  for (const size of world.batchSizes) {
    if (world.requests.slice(index, index + size).some((r) => r.url.includes(pagePath))) trips++;
    index += size;
  }
  return trips;
}

type NaiveMetrics = Pick<
  BigPullMetrics,
  'sequentialRows' | 'sequentialRoundTrips' | 'sequentialSetValuesCalls' | 'sequentialSimulatedSeconds'
>;

function runNaive(world: BenchWorld, opts: BigPullOptions): NaiveMetrics | { error: string } {
  const { emu, model, api } = world;
  world.resetCounts();
  const started = emu.clock.now();
  const { clientId, clientSecret } = api.credentials.demo;
  try {
    const r = emu.runAs({ user: OWNER, mode: 'full' }, () =>
      naivePull(emu.globals, {
        apiBaseUrl: API_BASE_URL,
        tokenUrl: TOKEN_URL,
        clientId,
        clientSecret,
        siteId: opts.siteId,
        report: opts.report,
        startDate: opts.startDate,
        endDate: opts.endDate,
        sheetName: 'Naive pull',
        maxRows: opts.limit,
      }),
    );
    const c = emu.counters;
    return {
      sequentialRows: r.rows,
      sequentialRoundTrips: c.roundTrips,
      sequentialSetValuesCalls: c.setValuesCalls,
      sequentialSimulatedSeconds: simulatedSeconds(model, emu.clock.now() - started, c),
    };
  } catch (error) {
    return { error: messageOf(error) };
  }
}
