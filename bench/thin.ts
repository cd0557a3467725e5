/**
 * The add-on's own cost, without the emulator's. The same built bundle runs in this process's own
 * realm (not a vm sandbox, whose global lookups are slower than Apps Script's), with a plain Date
 * on the virtual clock, and every call into a Google service (UrlFetchApp, SpreadsheetApp,
 * CacheService, Utilities...) is timed and taken out, with the meter's own cost around each call
 * (thin-meter.ts, meterMicrosPerCall): what is left is the bundle's work. Google does that service
 * work on its side, so the emulator's stand-ins for it must not count.
 *
 * Memory is the add-on's data: the heap after a full garbage collection, sampled whenever the
 * add-on calls a service (rows arrive and leave through services), minus the heap before the
 * pull. In that run the sheet keeps no cells (the emulator's 1.8 million stored cells are Google's
 * memory, not the add-on's): a write is counted and dropped.
 */
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { createEmulator, DEFAULT_NOW, inProcessTransport, type Emulator } from '../emulator';
import type { ServiceCosts } from '../emulator/service-costs';
import { chargedMs, chargeTo, excluded, meterMicrosPerCall, noWrites, type GoogleCounts, type Meter } from './thin-meter';
import { emptyCaches } from '../emulator/services/cache';
import type { FakeApi } from '../fake-api';
import { fakeApiInOwnRealm } from './fake-api-realm';
import { round } from './model';
import { API_BASE_URL, OWNER, SEED, TIME_ZONE, TOKEN_URL } from './world';

export interface ThinPull {
  siteId: string;
  report: string;
  startDate: string;
  endDate: string;
  limit?: number;
}

export interface ThinReading {
  rows: number;
  /** What the pull asked of Google, counted in the CPU run. */
  counts: GoogleCounts;
  /** Virtual ms the pull spent waiting on the network (round trips on the cost model, backoff). */
  networkMs: number;
  /** The bundle's own CPU, service calls excluded: the least of the CPU runs (MeasureOptions.cpuRuns). */
  addOnCpuSeconds: number;
  /** Each CPU run's, in the order they ran. */
  addOnCpuRuns: number[];
  /** CPU inside the service stand-ins (excluded above). */
  serviceCpuSeconds: number;
  /** The meter's own CPU around those calls, calibrated in the run (thin-meter.ts, meterMicrosPerCall): excluded too. */
  meterCpuSeconds: number;
  /** Peak of the add-on's live data over the pull. */
  addOnPeakMB: number;
  /** Apps Script executions the run took. */
  executions: number;
  /**
   * CPU of JSON.parse alone over the same page bodies the pull received, in the same process and
   * run: the floor any add-on pays, so CPU can be judged as a multiple of it across machines.
   */
  jsonParseSeconds: number;
}

type Fn = (...args: unknown[]) => unknown;

export type { GoogleCounts };

const MB = 1024 * 1024;
const SERVICES = [
  'UrlFetchApp',
  'CacheService',
  'PropertiesService',
  'LockService',
  'SpreadsheetApp',
  'ScriptApp',
  'HtmlService',
  'Utilities',
  'Session',
  'Logger',
] as const;
/**
 * How long a full collection the runner asked for is left to finish before a CPU reading starts.
 * It hands the sweeping of the whole process's heap (the fake API's sites and the emulator's
 * spreadsheets, hundreds of MB that no Apps Script heap holds) to V8's worker threads, which
 * swept on during the next run: their CPU in a 120,000-row pull was 130–180 ms right after the
 * collection, 80–100 ms after 300 ms of waiting (per-thread times from /proc, bench/README.md).
 */
const SETTLE_MS = 300;

/** A full collection, or (`minor`) only the young generation's, which costs what was allocated since. */
function gcFunction(minor: boolean): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (opts?: { type: 'minor' | 'major' }) => void;
  return minor ? () => gc({ type: 'minor' }) : () => gc();
}

/** Before a CPU reading: `gc`, and a full collection left to finish (SETTLE_MS) so its work is not read as the run's. */
function settledGc(gc: () => void, minor: boolean): () => void {
  if (minor) return gc;
  return () => {
    gc();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SETTLE_MS);
  };
}

/** A plain Date subclass on the virtual clock: `new Date(ms)` costs what it costs on Apps Script. */
function clockDate(now: () => number): DateConstructor {
  class ClockDate extends Date {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [number]));
    }
    static now(): number {
      return now();
    }
  }
  return ClockDate as unknown as DateConstructor;
}

/**
 * The bundle as a function of this realm (a vm context would slow every global lookup). Its
 * top-level declarations stay inside the function; the named ones are handed back.
 */
function loadInRealm(code: string, names: string[]): Record<string, Fn> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  // A name the bundle lacks (a stub build) comes back undefined instead of failing the load.
  const listed = names.map((name) => `${name}: typeof ${name} === 'function' ? ${name} : undefined`).join(', ');
  return new Function(`${code}\nreturn { ${listed} };`)() as Record<string, Fn>;
}

/** Apps Script's globals for the length of one call; this realm's own come back afterwards. */
function withGlobals<T>(globals: Record<string, unknown>, fn: () => T): T {
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = Object.keys(globals).map((name) => [name, Object.getOwnPropertyDescriptor(g, name)] as const);
  for (const name of Object.keys(globals)) Object.defineProperty(g, name, { value: globals[name], configurable: true, writable: true });
  try {
    return fn();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(g, name, descriptor);
      else delete g[name];
    }
  }
}

let runs = 0;

/**
 * The sidebar's request, as its Run button sends it (src/sidebar/client/report-section.ts): a run
 * id of its own and `mayContinue`, so the run is the production one (staged, able to continue
 * across executions; a first pull's staging sheet becomes its new sheet).
 */
function bigPullRequest(pull: ThinPull): Record<string, unknown> {
  return {
    runId: `bench-run-${++runs}`,
    mayContinue: true,
    report: pull.report,
    siteId: pull.siteId,
    start: pull.startDate,
    end: pull.endDate,
    sheetName: 'Big pull',
    ...(pull.limit !== undefined ? { options: { limit: pull.limit } } : {}),
  };
}

/**
 * One pull measured twice on a fresh emulator: once for CPU, once (writes dropped, a collection
 * at every service call) for memory. Both follow a warm-up pull, so the fake API's generated
 * tables and V8's compiled code are in place, as on a warm Apps Script instance.
 */
export interface ThinOptions {
  /** Virtual ms per round trip (the cost model's), so the clock shows the network time. */
  roundTripMs: number;
  /**
   * A full collection before each memory sample (default), so a sample is the live heap. False
   * (quick runs): the heap as it is, garbage included, and only the young generation collected
   * before each run. A full collection costs as much as the whole process's live heap, which in a
   * test process that ran other suites first dwarfs the add-on's.
   */
  collectAtSamples?: boolean;
  /**
   * The emulator's limits mode (emulator/service-costs.ts): every service call, dropped writes
   * included, takes its priced time, and an execution past Google's limit is killed. The scale
   * may change between runs. Network time is reported without the charged time.
   */
  serviceCosts?: ServiceCosts;
  /** The meter's own cost per timed service call, in µs, worked out before each CPU run (default: meterMicrosPerCall). */
  meterCost?: () => number;
}

export interface MeasureOptions {
  /** False: no memory run. */
  memory?: boolean;
  /**
   * CPU runs (default 1), each from the same prepared state and each followed by a JSON.parse of
   * its pages; the reading's CPU is the least of the runs, as the baseline's is the least of its
   * parses (at least PARSE_RUNS). Both sides take one statistic: one run against a best of three
   * read JSON.parse's own spread (the same pages' parse took 0.16 s or 0.28 s in one process, from
   * one run to the next; bench/README.md) as the add-on's.
   */
  cpuRuns?: number;
  /**
   * A refresh: this pull first writes the block (stored, unmeasured), the clock moves a day on
   * (the page cache and the token expire, as between two daily runs), then `pull` is measured.
   */
  refreshOf?: boolean;
  /**
   * With refreshOf: the refreshed report's dates a day later, as a rolling window moves between
   * two daily runs, so every row's figures change (default: the same dates, a past month).
   */
  moved?: boolean;
}

/** What a scripted run may do with the world. */
export interface ThinSession {
  readonly emu: Emulator;
  /** One execution of one of the bundle's functions (LOADED), as the owner. */
  call(name: string, ...args: unknown[]): unknown;
  /** Runs `fn` with writes stored (what a measured run will find), not counted and dropped. */
  stored<T>(fn: () => T): T;
  /** Reads the emulator without counting or charging it (the bench looking, not the add-on). */
  peek<T>(fn: () => T): T;
}

export interface ScriptResult {
  rows: number;
  executions: number;
  outcome?: string;
}

/** A measured run of several executions (a saved report's refreshes), measured like a pull. */
export interface ThinScript {
  /** The site whose pages make the JSON.parse baseline. */
  siteId: string;
  /** Unmeasured set-up, from the world's initial state; the counters start afresh after it. */
  prepare?(s: ThinSession): void;
  /**
   * The measured work: the rows it delivered, the executions it took and (`outcome`) how it ended.
   * The memory run repeats it and must end the same way, or the two runs measured different work.
   */
  run(s: ThinSession): ScriptResult;
}

export interface ThinWorld {
  /** Measures one pull (after the world's warm-up). */
  measure(pull: ThinPull, opts?: MeasureOptions): ThinReading;
  /** Measures a scripted run (after the world's warm-up). */
  measureScript(script: ThinScript, opts?: Pick<MeasureOptions, 'memory' | 'cpuRuns'>): ThinReading;
}

/** One CPU run of a script (thinWorld's cpuRun). */
interface CpuRun {
  result: ScriptResult;
  counts: GoogleCounts;
  networkMs: number;
  /** The requests it made, as the answers' keys (the baseline's pages). */
  measured: Set<string>;
  cpuMicros: number;
  serviceMicros: number;
  /** The meter's own cost around the service calls, taken out of cpuMicros (meterMicrosPerCall). */
  meterMicros: number;
}

/** How a run ended, to compare two runs of one script. */
const outcomeOf = (r: ScriptResult): string => JSON.stringify({ rows: r.rows, executions: r.executions, outcome: r.outcome });

/** The bundle's functions a thin run may call. */
const LOADED = ['saveSettings', 'runReport', 'saveReport', 'refreshReports', 'onScheduleTrigger'];

const DAY_MS = 24 * 60 * 60 * 1000;

function bodyOf(answer: ReturnType<FakeApi['handle']>): string {
  return typeof (answer as { body?: unknown }).body === 'string' ? (answer as { body: string }).body : '';
}

/** The fewest JSON.parse runs a baseline is the least of (the floor, not its noise). */
const PARSE_RUNS = 3;
/**
 * Passes over the pages in one baseline run: about as long as the add-on's run beside it (three
 * times JSON.parse's CPU). On this shared machine slow spells come and go within a second, and a
 * short run escapes them more often than a long one: the least of 0.17 s parses sat nearer the
 * floor than the least of 0.5 s add-on runs, which read as the add-on's cost. On a quiet machine
 * one pass and a third of three read the same (bench/README.md, twelfth session).
 */
const PARSE_PASSES = 3;

/**
 * CPU microseconds of a JSON.parse of each body (the mean of PARSE_PASSES passes timed as one),
 * after the collection (`collect`) the add-on's CPU runs start after: both sides from one heap state.
 */
function parseMicros(bodies: string[], collect: () => void): number {
  collect();
  const started = process.cpuUsage();
  for (let pass = 0; pass < PARSE_PASSES; pass++) for (const body of bodies) JSON.parse(body);
  const d = process.cpuUsage(started);
  return (d.user + d.system) / PARSE_PASSES;
}

/** A pull of the sidebar as a script: the block written a day earlier first, for a refresh. */
/** An ISO date `days` later. */
function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function pullScript(pull: ThinPull, refresh: boolean, moved = false): ThinScript {
  const request = bigPullRequest(moved ? { ...pull, startDate: dayAfter(pull.startDate, 1), endDate: dayAfter(pull.endDate, 1) } : pull);
  const first = bigPullRequest(pull);
  return {
    siteId: pull.siteId,
    prepare: refresh
      ? (s) => {
          s.stored(() => s.call('runReport', first));
          s.emu.clock.advance(DAY_MS);
        }
      : undefined,
    run: (s) => {
      const result = s.call('runReport', request) as { rows?: number };
      return { rows: typeof result.rows === 'number' ? result.rows : 0, executions: 1 };
    },
  };
}

/**
 * A fresh emulator and fake API with the bundle loaded in this realm. The first pull warms up
 * (the fake API's generated tables, V8's compiled code), as on a warm Apps Script instance.
 */
export function thinWorld(bundleFile: string, warmUp: ThinPull, opts: ThinOptions): ThinWorld {
  const api = fakeApiInOwnRealm({ now: () => emu.clock.now(), seed: SEED });
  // The rehearsal, CPU and memory runs of one size ask for the same pages: the fake API answers
  // each once a day (its dates move with the clock). `asked`: what the measured run asked, for the
  // baseline.
  const answers = new Map<string, ReturnType<FakeApi['handle']>>();
  let asked: Set<string> | null = null;
  const emu = createEmulator({
    transport: inProcessTransport((req) => {
      if (req.method.toLowerCase() !== 'get') return api.handle(req);
      const key = `${Math.floor(emu.clock.now() / DAY_MS)} ${req.url}`;
      asked?.add(key);
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = api.handle(req)));
      return answer;
    }),
    timeZone: TIME_ZONE,
    now: DEFAULT_NOW,
    users: [OWNER],
    latencyMs: opts.roundTripMs,
    serviceCosts: opts.serviceCosts,
  });
  const meter: Meter = { excludedMicros: 0, timedCalls: 0, depth: 0, dropWrites: true, writes: noWrites() };
  if (opts.serviceCosts) meter.charge = chargeTo(emu.counters);
  const services = emu.globals as unknown as Record<string, object>;
  const installed: Record<string, unknown> = { Date: clockDate(() => emu.clock.now()) };
  for (const name of [...SERVICES, 'Sheets']) if (services[name]) installed[name] = excluded(services[name], meter);
  const bundle = loadInRealm(fs.readFileSync(bundleFile, 'utf8'), LOADED);
  // Virtual ms inside the executions (the clock also moves between them), and the part of it the
  // limits mode charged for service calls (at the scale of each call: it may change between them).
  let insideMs = 0;
  let charged = 0;
  const call = (name: string, ...args: unknown[]): unknown => {
    const fn = bundle[name];
    if (!fn) throw new Error(`${name} is not in the bundle`);
    const at = emu.clock.now();
    const priced = chargedMs(emu.counters, opts.serviceCosts);
    try {
      return withGlobals(installed, () => emu.runAs({ user: OWNER, mode: 'full' }, () => fn(...args)));
    } finally {
      insideMs += emu.clock.now() - at;
      charged += chargedMs(emu.counters, opts.serviceCosts) - priced;
    }
  };
  const session: ThinSession = {
    emu,
    call,
    stored(fn) {
      meter.dropWrites = false;
      try {
        return fn();
      } finally {
        meter.dropWrites = true;
      }
    },
    peek(fn) {
      const counted = { ...emu.counters };
      const at = emu.clock.now();
      try {
        return emu.runAs({ user: OWNER, mode: 'full' }, fn);
      } finally {
        Object.assign(emu.counters, counted);
        emu.clock.set(at);
      }
    },
  };

  const { clientId, clientSecret } = api.credentials.bench;
  call('saveSettings', { clientId, clientSecret, apiBaseUrl: API_BASE_URL, tokenUrl: TOKEN_URL, allowFormulas: false });
  // Every measured pull starts from the same state: settings saved, nothing cached, no sheet yet.
  const initial = emu.snapshot();
  initial.caches = emptyCaches();
  const fresh = (): void => {
    emu.restore(initial);
    emu.resetCounters();
    meter.writes = noWrites();
    // The restored spreadsheet hands out the same sheet IDs again: a reach remembered from an
    // earlier run would make a new staging sheet look longer than what it holds.
    meter.lastRows = undefined;
  };
  // Quick runs: the previous pull's garbage is young, and a full collection would cost the whole
  // process's live heap (see collectAtSamples).
  const minorGc = opts.collectAtSamples === false;
  const gc = gcFunction(minorGc);
  const beforeCpu = settledGc(gc, minorGc);
  fresh();
  call('runReport', bigPullRequest(warmUp));

  const prepare = (script: ThinScript): void => {
    fresh();
    if (!script.prepare) return;
    script.prepare(session);
    emu.resetCounters();
    meter.writes = noWrites();
  };

  /** One measured run from the script's prepared state: its CPU, service calls excluded, and what it asked of Google. */
  const cpuRun = (script: ThinScript): CpuRun => {
    prepare(script);
    // Calibrated beside each run, so a slow spell of the machine prices both alike.
    const perCallMicros = (opts.meterCost ?? meterMicrosPerCall)();
    beforeCpu();
    meter.excludedMicros = 0;
    meter.timedCalls = 0;
    insideMs = 0;
    charged = 0;
    asked = new Set();
    const started = process.cpuUsage();
    const result = script.run(session);
    const total = process.cpuUsage(started);
    const measured = asked;
    asked = null;
    const c = emu.counters;
    const counts: GoogleCounts = {
      roundTrips: c.roundTrips,
      requests: c.requests,
      ...meter.writes,
      readCalls: c.readCalls,
      readCells: c.readCells,
      cachePuts: c.cachePuts,
      cacheGets: c.cacheGets,
      propertyWrites: c.propertyWrites,
      propertyReads: c.propertyReads,
    };
    const meterMicros = meter.timedCalls * perCallMicros;
    const cpuMicros = Math.max(0, total.user + total.system - meter.excludedMicros - meterMicros);
    return { result, counts, networkMs: insideMs - charged, measured, cpuMicros, serviceMicros: meter.excludedMicros, meterMicros };
  };

  /** The bodies of the site's pages among the answers a run asked for. */
  const pagesOf = (measured: Set<string>, siteId: string): string[] =>
    [...measured].filter((key) => key.includes(`/sites/${siteId}/`)).map((key) => bodyOf(answers.get(key)!));

  const measureScript = (script: ThinScript, measureOpts: Pick<MeasureOptions, 'memory' | 'cpuRuns'> = {}): ThinReading => {
    answers.clear();
    // A rehearsal, unmeasured, so the fake API has made this run's pages before it: making them
    // (120,000 rows' objects, sorted, written as JSON) fills the young generation with the stand-in's
    // objects, and the collections that copy them fell inside the add-on's calls, about half of the
    // CPU counted as the add-on's at 120,000 rows. On Google only the page texts reach the
    // script's heap; here they are the same strings, made once.
    prepare(script);
    script.run(session);
    const runs: CpuRun[] = [];
    const parses: number[] = [];
    let pages: string[] = [];
    for (let k = 0; k < Math.max(1, measureOpts.cpuRuns ?? 1); k++) {
      const run = cpuRun(script);
      if (runs.length && outcomeOf(run.result) !== outcomeOf(runs[0].result))
        throw new Error(`a CPU run ended otherwise than the first: ${outcomeOf(run.result)}, not ${outcomeOf(runs[0].result)}`);
      runs.push(run);
      // The pages are the first run's (every run asks the same).
      if (k === 0) pages = pagesOf(run.measured, script.siteId);
      // A parse beside each run: a slow spell of this shared machine (seconds long, bench/README.md)
      // then falls on both sides of the ratio, not on the add-on's runs alone.
      parses.push(parseMicros(pages, beforeCpu));
    }
    while (parses.length < PARSE_RUNS) parses.push(parseMicros(pages, beforeCpu));
    const jsonParseSeconds = round(Math.min(...parses) / 1e6, 3);
    // Google's counts and the network are the first run's (every run asks the same).
    const { result, counts, networkMs } = runs[0];
    const { cpuMicros, serviceMicros, meterMicros } = runs.reduce((least, r) => (r.cpuMicros < least.cpuMicros ? r : least));
    const reading = (addOnPeakMB: number): ThinReading => ({
      jsonParseSeconds,
      rows: result.rows,
      executions: result.executions,
      counts,
      networkMs,
      addOnCpuSeconds: round(cpuMicros / 1e6, 3),
      addOnCpuRuns: runs.map((r) => round(r.cpuMicros / 1e6, 3)),
      serviceCpuSeconds: round(serviceMicros / 1e6, 3),
      meterCpuSeconds: round(meterMicros / 1e6, 3),
      addOnPeakMB,
    });

    if (measureOpts.memory === false) return reading(NaN);
    prepare(script);
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    meter.onSample = () => {
      if (opts.collectAtSamples !== false) gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    let again: ScriptResult;
    try {
      again = script.run(session);
      meter.onSample();
    } finally {
      meter.onSample = undefined;
    }
    const [first, second] = [result, again].map(outcomeOf);
    if (first !== second) throw new Error(`the memory run ended otherwise than the measured run: ${second}, not ${first}`);
    answers.clear();
    return reading(round((peak - baseline) / MB, 1));
  };

  return {
    measureScript,
    measure: (pull, measureOpts = {}) =>
      measureScript(pullScript(pull, measureOpts.refreshOf === true, measureOpts.moved === true), measureOpts),
  };
}
