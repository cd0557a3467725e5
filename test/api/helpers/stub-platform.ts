import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Cache, FetchRequest, FetchResponse, Lock, Platform, PropertyStore } from '../../../src/platform/types';
import { startExecution, type Execution, type ExecutionKind } from '../../../src/platform/execution';
import { checkedPut } from '../../../emulator/services/cache';
import { MemoryProperties } from '../../helpers/memory-properties';

/**
 * A small hand-written Platform for unit tests: a virtual clock (sleep advances it), caches with
 * TTLs on that clock, plain property stores, a lock, and an HTTP function the test supplies.
 */
export type Handler = (request: FetchRequest) => FetchResponse;

export interface StubStats {
  fetchCalls: number;
  fetchAllCalls: number;
  requests: FetchRequest[];
  roundTrips: number;
  sleeps: number[];
  cachePuts: number;
}

export interface StubWorld {
  now: number;
  /** Virtual ms each round trip takes. */
  latencyMs: number;
  handler: Handler;
  stats: StubStats;
  userCache: Cache & { data: Map<string, { value: string; expires: number }> };
  userProperties: PropertyStore & { data: Map<string, string> };
  spreadsheetId: string | null;
  lockAvailable: boolean;
  lockHeld: boolean;
  logs: string[];
  platform(): Platform;
  execution(kind?: ExecutionKind): Execution;
}

function createCache(world: () => StubWorld): StubWorld['userCache'] {
  const data = new Map<string, { value: string; expires: number }>();
  const get = (key: string): string | null => {
    const entry = data.get(key);
    if (!entry || entry.expires <= world().now) return null;
    return entry.value;
  };
  // Google's limits as the emulator plays them, so this stub can never drift from them.
  const put = (key: string, value: string, ttl?: number): void => {
    const checked = checkedPut(key, value, ttl);
    world().stats.cachePuts++;
    data.set(checked.key, { value: checked.value, expires: world().now + checked.ms });
  };
  return {
    data,
    get,
    getAll: (keys) => {
      const out: Record<string, string> = {};
      for (const k of keys) {
        const v = get(k);
        if (v !== null) out[k] = v;
      }
      return out;
    },
    put,
    putAll: (values, ttl) => {
      for (const k of Object.keys(values)) put(k, values[k], ttl);
    },
    remove: (key) => void data.delete(key),
    removeAll: (keys) => keys.forEach((k) => data.delete(k)),
  };
}

export function createStubWorld(handler: Handler, opts: { now?: number; latencyMs?: number } = {}): StubWorld {
  const world: StubWorld = {
    now: opts.now ?? Date.parse('2026-11-21T15:00:00Z'),
    latencyMs: opts.latencyMs ?? 100,
    handler,
    stats: { fetchCalls: 0, fetchAllCalls: 0, requests: [], roundTrips: 0, sleeps: [], cachePuts: 0 },
    userCache: undefined as unknown as StubWorld['userCache'],
    userProperties: new MemoryProperties(),
    spreadsheetId: 'sheet-1',
    lockAvailable: true,
    lockHeld: false,
    logs: [],
    platform: () => platform,
    execution: (kind = 'sidebar') => startExecution(platform, kind),
  };
  world.userCache = createCache(() => world);
  const send = (request: FetchRequest): FetchResponse => {
    world.stats.requests.push(request);
    return world.handler(request);
  };
  const lock: Lock = {
    tryLock: (ms) => {
      if (!world.lockAvailable) {
        world.now += ms;
        return false;
      }
      world.lockHeld = true;
      return true;
    },
    waitLock: () => {
      world.lockHeld = true;
    },
    releaseLock: () => {
      world.lockHeld = false;
    },
    hasLock: () => world.lockHeld,
  };
  const platform: Platform = {
    // Every scope granted: granular consent is played by the emulator (emulator/scopes.ts).
    authorization: () => ({ missing: [], url: null }),
    http: {
      fetch: (request) => {
        world.stats.fetchCalls++;
        world.stats.roundTrips++;
        world.now += world.latencyMs;
        return send(request);
      },
      fetchAll: (requests) => {
        world.stats.fetchAllCalls++;
        world.stats.roundTrips++;
        world.now += world.latencyMs;
        return requests.map(send);
      },
    },
    get userCache() {
      return world.userCache;
    },
    documentCache: null,
    scriptCache: createCache(() => world),
    get userProperties() {
      return world.userProperties;
    },
    documentProperties: null,
    userLock: () => lock,
    documentLock: () => null,
    scriptLock: () => null,
    triggers: { list: () => [], listProject: () => [], createHourly: () => 'trigger', remove: () => undefined },
    now: () => world.now,
    sleep: (ms) => {
      world.stats.sleeps.push(ms);
      world.now += ms;
    },
    flush: () => undefined,
    spreadsheet: () =>
      (world.spreadsheetId === null ? null : { getId: () => world.spreadsheetId }) as unknown as ReturnType<Platform['spreadsheet']>,
    bigQuery: () => null,
    timeZone: () => 'America/New_York',
    formatDate: (date) => date.toISOString().slice(0, 10),
    sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
    base64Encode: (text) => Buffer.from(text, 'utf8').toString('base64'),
    gzipToBase64: (text) => gzipSync(Buffer.from(text, 'utf8')).toString('base64'),
    gunzipFromBase64: (b64) => gunzipSync(Buffer.from(b64, 'base64')).toString('utf8'),
    userEmail: () => 'owner@example.com',
    mail: {
      send: () => {
        throw new Error('no mail in unit tests');
      },
      remainingDailyQuota: () => 0,
    },
    log: (message) => void world.logs.push(message),
    ui: () => {
      throw new Error('no ui in unit tests');
    },
    sidebarHtml: () => {
      throw new Error('no html in unit tests');
    },
  };
  return world;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): FetchResponse => ({
  status,
  text: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});
