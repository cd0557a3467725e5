/**
 * How the thin runner meters the add-on's calls into Google (bench/thin.ts): every service call
 * is timed as Google's work and taken out of the add-on's CPU; writes are counted and dropped; in
 * the limits mode a dropped write still takes its priced time on the emulator's clock.
 */
import type { Counters } from '../emulator/counters';
import type { ServiceCosts } from '../emulator/service-costs';

type Fn = (...args: unknown[]) => unknown;

/** The emulator's counters of the writes the thin runs count and drop (DROPPED_WRITES). */
const WRITE_KEYS = [
  'setValuesCalls',
  'setValuesCells',
  'copyCalls',
  'copyCells',
  'sheetsApiRequests',
  'sheetsApiCells',
  'setNumberFormatsCalls',
  'numberFormatGridCells',
] as const;
type WriteKey = (typeof WRITE_KEYS)[number];

/** What the thin runs count of Google's work: the emulator's own counters of those calls. */
export type GoogleCounts = Pick<
  Counters,
  WriteKey | 'roundTrips' | 'requests' | 'readCalls' | 'readCells' | 'cachePuts' | 'cacheGets' | 'propertyWrites' | 'propertyReads'
>;

/**
 * Writes the thin runs count and drop (Range and the Sheets advanced service). `copyTo` is the
 * staged writer's commit (staging sheet to the block): counted apart, priced by the model's copy
 * constants (as a setValues by default; the emulator counts it apart too), and dropped like
 * the writes it copies.
 */
export const DROPPED_WRITES = new Set(['setValues', 'setNumberFormats', 'setNumberFormat', 'update', 'batchUpdate', 'copyTo']);
/** Where rows enter or leave the add-on: the memory run samples the heap at these calls. */
export const SAMPLED = new Set(['fetch', 'fetchAll', ...DROPPED_WRITES]);

export type Writes = Pick<Counters, WriteKey>;

export const noWrites = (): Writes => Object.fromEntries(WRITE_KEYS.map((k) => [k, 0])) as Writes;

function cellsOf(grid: unknown): number {
  return Array.isArray(grid) ? grid.reduce((n: number, row) => n + (Array.isArray(row) ? row.length : 0), 0) : 0;
}

/** Counts a write the way the emulator would have, without storing anything. */
export function countWrite(w: Writes, method: string, args: unknown[], target: object): void {
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

/** The calls and cells a write added to the counts. */
export function grew(before: Writes, after: Writes): [number, number] {
  const d = (k: keyof Writes): number => after[k] - before[k];
  return [
    d('setValuesCalls') + d('copyCalls') + d('setNumberFormatsCalls') + d('sheetsApiRequests'),
    d('setValuesCells') + d('copyCells') + d('numberFormatGridCells') + d('sheetsApiCells'),
  ];
}

/**
 * The emulator's counters a dropped write adds to in the limits mode, so its priced time passes
 * and a run past the limit is killed as Google would kill it. A copy goes on its own counters,
 * as the emulator counts it.
 */
export function chargeTo(counters: Counters): (method: string, calls: number, cells: number) => void {
  const c = counters as unknown as Record<string, number>;
  const bump = (calls: string, cells: string, n: number, k: number): void => {
    c[calls] += n;
    if (k) c[cells] += k;
  };
  return (method, calls, cells) => {
    if (method === 'copyTo') bump('copyCalls', 'copyCells', calls, cells);
    else if (method === 'setNumberFormats' || method === 'setNumberFormat')
      bump('setNumberFormatsCalls', 'numberFormatGridCells', calls, cells);
    else if (method === 'setValues') bump('setValuesCalls', 'setValuesCells', calls, cells);
  };
}

/** Virtual ms the limits mode charged for what the counters hold. */
export function chargedMs(counters: Counters, costs: ServiceCosts | undefined): number {
  if (!costs) return 0;
  let ms = 0;
  for (const [name, price] of Object.entries(costs.prices)) ms += (counters[name as keyof Counters] ?? 0) * (price ?? 0);
  return ms * (costs.scale ?? 1);
}

export interface Meter {
  excludedMicros: number;
  /** Service calls timed (each read the CPU clock twice): the meter's own cost is per call (meterMicrosPerCall). */
  timedCalls: number;
  depth: number;
  /** False while a refresh's earlier pull sets the sheet up: its writes are stored. */
  dropWrites: boolean;
  onSample?: () => void;
  writes: Writes;
  /** The limits mode: a dropped write still takes its priced time on the emulator's clock. */
  charge?: (method: string, calls: number, cells: number) => void;
  /**
   * Per sheet ID, the last row dropped values reached: a sheet answers getLastRow as if they had
   * been stored (a continued run checks its staging sheet holds the rows it staged). Forgotten at
   * every restore of the world, which makes sheets under the same IDs again.
   */
  lastRows?: Map<number, number>;
}

type RangeLike = { getSheet(): { getSheetId(): number }; getRow(): number; getNumRows(): number };
type SheetLike = { getSheetId(): number };

/** Remembers how far a dropped setValues reached down its sheet. */
function noteReach(meter: Meter, method: string, range: object): void {
  if (method !== 'setValues') return;
  const r = range as RangeLike;
  const id = r.getSheet().getSheetId();
  const reach = r.getRow() + r.getNumRows() - 1;
  meter.lastRows ??= new Map();
  meter.lastRows.set(id, Math.max(meter.lastRows.get(id) ?? 0, reach));
}

/** getLastRow as if the dropped values were there. */
function withReach(meter: Meter, method: string, sheet: object, result: unknown): unknown {
  if (method !== 'getLastRow' || typeof result !== 'number' || !meter.lastRows) return result;
  return Math.max(result, meter.lastRows.get((sheet as SheetLike).getSheetId()) ?? 0);
}

/** Proxy -> the emulator's own object: the emulator knows its ranges and sheets by identity. */
const targets = new WeakMap<object, object>();
const unwrap = (value: unknown): unknown => (value !== null && typeof value === 'object' ? (targets.get(value) ?? value) : value);

const isService = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** Every method call on a service (and on what it returns) is timed as Google's work. */
export function excluded<T extends object>(target: T, meter: Meter): T {
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
          const before = { ...meter.writes };
          countWrite(meter.writes, method, args, obj);
          noteReach(meter, method, obj);
          meter.charge?.(method, ...grew(before, meter.writes));
          return receiver;
        }
        const start = meter.depth === 0 ? process.cpuUsage() : null;
        if (start) meter.timedCalls++;
        meter.depth++;
        try {
          const result = withReach(meter, method, obj, (value as Fn).apply(obj, args.map(unwrap)));
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
 * What one timed service call costs the run outside its timed part, in µs: the proxy's trap and
 * wrapper, and the halves of the two CPU-clock reads on the add-on's side of them. A first pull
 * of 120,000 rows makes about 2,900 timed calls (formatDate most of them) at about 2.5 µs each:
 * the meter's work, not the add-on's, so a reading takes it out (thin.ts). Measured on a no-op
 * service, the least of `reps` runs of `calls` calls (the floor, as for the JSON.parse baseline).
 */
export function meterMicrosPerCall(calls = 5_000, reps = 5): number {
  const meter: Meter = { excludedMicros: 0, timedCalls: 0, depth: 0, dropWrites: false, writes: noWrites() };
  const service = excluded({ formatDate: (_date: Date, _zone: string, _format: string): string => '' }, meter);
  const date = new Date(0);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < reps; r++) {
    meter.excludedMicros = 0;
    const started = process.cpuUsage();
    for (let i = 0; i < calls; i++) service.formatDate(date, 'UTC', 'yyyy');
    const d = process.cpuUsage(started);
    best = Math.min(best, (d.user + d.system - meter.excludedMicros) / calls);
  }
  return Math.max(0, best);
}
