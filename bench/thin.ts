/**
 * The add-on's own cost, without the emulator's. The same built bundle runs in this process's own
 * realm (not a vm sandbox, whose global lookups are slower than Apps Script's), with a plain Date
 * on the virtual clock, and every call into a Google service (UrlFetchApp, SpreadsheetApp,
 * CacheService, Utilities...) is timed and taken out: what is left is the bundle's work. Google
 * does that service work on its side, so the emulator's stand-ins for it must not count.
 *
 * Memory is the add-on's data: the heap after a full garbage collection, sampled whenever the
 * add-on calls a service (rows arrive and leave through services), minus the heap before the
 * pull. In that run the sheet keeps no cells (the emulator's 1.8 million stored cells are Google's
 * memory, not the add-on's): a write is counted and dropped.
 */
import * as fs from 'node:fs';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { createEmulator, DEFAULT_NOW, inProcessTransport } from '../emulator';
import { emptyCaches } from '../emulator/services/cache';
import { createFakeApi, type FakeApi } from '../fake-api';
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
  /** The bundle's own CPU, service calls excluded. */
  addOnCpuSeconds: number;
  /** CPU inside the service stand-ins (excluded above). */
  serviceCpuSeconds: number;
  /** Peak of the add-on's live data over the pull. */
  addOnPeakMB: number;
  /**
   * CPU of JSON.parse alone over the same page bodies the pull received, in the same process and
   * run: the floor any add-on pays, so CPU can be judged as a multiple of it across machines.
   */
  jsonParseSeconds: number;
}

type Fn = (...args: unknown[]) => unknown;

export interface GoogleCounts {
  roundTrips: number;
  requests: number;
  setValuesCalls: number;
  setValuesCells: number;
  copyCalls: number;
  copyCells: number;
  sheetsApiRequests: number;
  sheetsApiCells: number;
  /** Range reads and their cells (counted by the emulator: reads are not dropped). */
  readCalls: number;
  readCells: number;
  /** setNumberFormat and setNumberFormats calls, and the cells of the latter's grids. */
  setNumberFormatsCalls: number;
  numberFormatGridCells: number;
  cachePuts: number;
  cacheGets: number;
  propertyWrites: number;
  propertyReads: number;
}

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
 * Writes the thin runs count and drop (Range and the Sheets advanced service). `copyTo` is the
 * staged writer's commit (staging sheet to the block): counted apart, priced by the model's copy
 * constants (as a setValues by default; the emulator counts it apart too), and dropped like
 * the writes it copies.
 */
const DROPPED_WRITES = new Set(['setValues', 'setNumberFormats', 'setNumberFormat', 'update', 'batchUpdate', 'copyTo']);
/** Where rows enter or leave the add-on: the memory run samples the heap at these calls. */
const SAMPLED = new Set(['fetch', 'fetchAll', ...DROPPED_WRITES]);

type Writes = Pick<
  GoogleCounts,
  | 'setValuesCalls'
  | 'setValuesCells'
  | 'copyCalls'
  | 'copyCells'
  | 'sheetsApiRequests'
  | 'sheetsApiCells'
  | 'setNumberFormatsCalls'
  | 'numberFormatGridCells'
>;

const noWrites = (): Writes => ({
  setValuesCalls: 0,
  setValuesCells: 0,
  copyCalls: 0,
  copyCells: 0,
  sheetsApiRequests: 0,
  sheetsApiCells: 0,
  setNumberFormatsCalls: 0,
  numberFormatGridCells: 0,
});

function cellsOf(grid: unknown): number {
  return Array.isArray(grid) ? grid.reduce((n: number, row) => n + (Array.isArray(row) ? row.length : 0), 0) : 0;
}

/** Counts a write the way the emulator would have, without storing anything. */
function countWrite(w: Writes, method: string, args: unknown[], target: object): void {
  if (method === 'copyTo') {
    const range = target as { getNumRows(): number; getNumColumns(): number };
    w.copyCalls++;
    w.copyCells += range.getNumRows() * range.getNumColumns();
  } else if (method === 'setValues') {
    w.setValuesCalls++;
    w.setValuesCells += cellsOf(args[0]);
  } else if (method === 'setNumberFormats') {
    w.setNumberFormatsCalls++;
    w.numberFormatGridCells += cellsOf(args[0]);
  } else if (method === 'setNumberFormat') {
    w.setNumberFormatsCalls++;
  } else if (method === 'update') {
    w.sheetsApiRequests++;
    w.sheetsApiCells += cellsOf((args[0] as { values?: unknown }).values);
  } else if (method === 'batchUpdate') {
    w.sheetsApiRequests++;
    const data = (args[0] as { data?: Array<{ values?: unknown }> }).data ?? [];
    for (const d of data) w.sheetsApiCells += cellsOf(d.values);
  }
}

/** A full collection, or (`minor`) only the young generation's, which costs what was allocated since. */
function gcFunction(minor: boolean): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (opts?: { type: 'minor' | 'major' }) => void;
  return minor ? () => gc({ type: 'minor' }) : () => gc();
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

interface Meter {
  excludedMicros: number;
  depth: number;
  /** False while a refresh's earlier pull sets the sheet up: its writes are stored. */
  dropWrites: boolean;
  onSample?: () => void;
  writes: Writes;
}

/** Proxy -> the emulator's own object: the emulator knows its ranges and sheets by identity. */
const targets = new WeakMap<object, object>();
const unwrap = (value: unknown): unknown => (value !== null && typeof value === 'object' ? (targets.get(value) ?? value) : value);

const isService = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** Every method call on a service (and on what it returns) is timed as Google's work. */
function excluded<T extends object>(target: T, meter: Meter): T {
  const proxy = new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver) as unknown;
      // Namespaces (Sheets.Spreadsheets.Values) are proxied too, so their methods count as Google's.
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && meter.depth === 0) return excluded(value, meter);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const method = String(prop);
        if (meter.depth === 0 && SAMPLED.has(method)) meter.onSample?.();
        if (meter.depth === 0 && meter.dropWrites && DROPPED_WRITES.has(method)) {
          countWrite(meter.writes, method, args, obj);
          return receiver;
        }
        const start = meter.depth === 0 ? process.cpuUsage() : null;
        meter.depth++;
        try {
          const result = (value as Fn).apply(obj, args.map(unwrap));
          if (isService(result)) return excluded(result, meter);
          // Lists of sheets or named ranges are Google's objects too (a grid of values is not).
          return Array.isArray(result) && isService(result[0]) ? result.map((item) => excluded(item as object, meter)) : result;
        } finally {
          meter.depth--;
          if (start) {
            const d = process.cpuUsage(start);
            meter.excludedMicros += d.user + d.system;
          }
        }
      };
    },
  });
  targets.set(proxy, target);
  return proxy;
}

/**
 * The bundle as a function of this realm (a vm context would slow every global lookup). Its
 * top-level declarations stay inside the function; the named ones are handed back.
 */
function loadInRealm(code: string, names: string[]): Record<string, Fn> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function(`${code}\nreturn { ${names.join(', ')} };`)() as Record<string, Fn>;
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

function bigPullRequest(pull: ThinPull): Record<string, unknown> {
  return {
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
}

export interface MeasureOptions {
  /** False: no memory run. */
  memory?: boolean;
  /**
   * A refresh: this pull first writes the block (stored, unmeasured), the clock moves a day on
   * (the page cache and the token expire, as between two daily runs), then `pull` is measured.
   */
  refreshOf?: boolean;
}

export interface ThinWorld {
  /** Measures one pull (after the world's warm-up). */
  measure(pull: ThinPull, opts?: MeasureOptions): ThinReading;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function bodyOf(answer: ReturnType<FakeApi['handle']>): string {
  return typeof (answer as { body?: unknown }).body === 'string' ? (answer as { body: string }).body : '';
}

/** CPU of JSON.parse over the bodies, best of three (the floor, not its noise). */
function parseSeconds(bodies: string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const started = process.cpuUsage();
    for (const body of bodies) JSON.parse(body);
    const d = process.cpuUsage(started);
    best = Math.min(best, d.user + d.system);
  }
  return round(best / 1e6, 3);
}

/**
 * A fresh emulator and fake API with the bundle loaded in this realm. The first pull warms up
 * (the fake API's generated tables, V8's compiled code), as on a warm Apps Script instance.
 */
export function thinWorld(bundleFile: string, warmUp: ThinPull, opts: ThinOptions): ThinWorld {
  const api = createFakeApi({ now: () => emu.clock.now(), seed: SEED });
  // The CPU and memory runs of one size ask for the same pages: the fake API answers each once.
  const answers = new Map<string, ReturnType<FakeApi['handle']>>();
  const emu = createEmulator({
    transport: inProcessTransport((req) => {
      if (req.method.toLowerCase() !== 'get') return api.handle(req);
      let answer = answers.get(req.url);
      if (!answer) answers.set(req.url, (answer = api.handle(req)));
      return answer;
    }),
    timeZone: TIME_ZONE,
    now: DEFAULT_NOW,
    users: [OWNER],
    latencyMs: opts.roundTripMs,
  });
  const meter: Meter = { excludedMicros: 0, depth: 0, dropWrites: true, writes: noWrites() };
  const services = emu.globals as unknown as Record<string, object>;
  const installed: Record<string, unknown> = { Date: clockDate(() => emu.clock.now()) };
  for (const name of [...SERVICES, 'Sheets']) if (services[name]) installed[name] = excluded(services[name], meter);
  const bundle = loadInRealm(fs.readFileSync(bundleFile, 'utf8'), ['saveSettings', 'runReport']);
  const call = (name: string, ...args: unknown[]): unknown =>
    withGlobals(installed, () => emu.runAs({ user: OWNER, mode: 'full' }, () => bundle[name](...args)));

  const { clientId, clientSecret } = api.credentials.bench;
  call('saveSettings', { clientId, clientSecret, apiBaseUrl: API_BASE_URL, tokenUrl: TOKEN_URL, allowFormulas: false });
  // Every measured pull starts from the same state: settings saved, nothing cached, no sheet yet.
  const initial = emu.snapshot();
  initial.caches = emptyCaches();
  const fresh = (): void => {
    emu.restore(initial);
    emu.resetCounters();
    meter.writes = noWrites();
  };
  // Quick runs: the previous pull's garbage is young, and a full collection would cost the whole
  // process's live heap (see collectAtSamples).
  const gc = gcFunction(opts.collectAtSamples === false);
  fresh();
  call('runReport', bigPullRequest(warmUp));

  return {
    measure(pull, measureOpts = {}) {
      const request = bigPullRequest(pull);
      answers.clear();
      const prepare = (): void => {
        fresh();
        if (!measureOpts.refreshOf) return;
        meter.dropWrites = false;
        try {
          call('runReport', request);
        } finally {
          meter.dropWrites = true;
        }
        emu.clock.advance(DAY_MS);
        emu.resetCounters();
        meter.writes = noWrites();
      };
      prepare();
      gc();
      meter.excludedMicros = 0;
      const clockStart = emu.clock.now();
      const started = process.cpuUsage();
      const result = call('runReport', request) as { rows?: number };
      const total = process.cpuUsage(started);
      const cpuMicros = total.user + total.system - meter.excludedMicros;
      const serviceMicros = meter.excludedMicros;
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
      const networkMs = emu.clock.now() - clockStart;
      const pages = [...answers.entries()].filter(([url]) => url.includes(`/sites/${pull.siteId}/`)).map(([, a]) => bodyOf(a));
      const jsonParseSeconds = parseSeconds(pages);
      const reading = (addOnPeakMB: number): ThinReading => ({
        jsonParseSeconds,
        rows: typeof result.rows === 'number' ? result.rows : 0,
        counts,
        networkMs,
        addOnCpuSeconds: round(cpuMicros / 1e6, 3),
        serviceCpuSeconds: round(serviceMicros / 1e6, 3),
        addOnPeakMB,
      });

      if (measureOpts.memory === false) return reading(NaN);
      prepare();
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      meter.onSample = () => {
        if (opts.collectAtSamples !== false) gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      };
      call('runReport', request);
      meter.onSample();
      meter.onSample = undefined;
      answers.clear();
      return reading(round((peak - baseline) / MB, 1));
    },
  };
}
