import { createEmulator, inProcessTransport, type CacheEntry, type Emulator } from '../../../emulator';
import type { NetworkFailure, TransportRequest } from '../../../emulator/transport-types';
import { startExecution, type Execution, type ExecutionKind } from '../../../src/platform/execution';
import type { FetchRequest, FetchResponse, Platform, PropertyStore } from '../../../src/platform/types';

/**
 * The API unit tests' world: the real platform adapter over the emulator (virtual clock, caches,
 * properties, locks, UrlFetchApp), whose network is a handler the test supplies (a stub API).
 */
export type Handler = (request: FetchRequest) => FetchResponse | NetworkFailure;

export interface ApiWorld {
  readonly emu: Emulator;
  /** The virtual clock, settable. */
  now: number;
  /** Answers every request UrlFetchApp sends; replaceable mid-test. */
  handler: Handler;
  readonly stats: {
    /** Every request as the server received it (method in lower case, the body as `payload`). */
    readonly requests: FetchRequest[];
    /** Each Utilities.sleep the add-on asked for, in ms. */
    readonly sleeps: number[];
    readonly fetchAllCalls: number;
    readonly roundTrips: number;
  };
  /** The current user's cache entries as stored, live: a test may drop or damage one. */
  readonly userCache: Record<string, CacheEntry>;
  readonly userProperties: PropertyStore;
  /** The one platform object every execution of this world uses (a test may wrap its methods). */
  platform(): Platform;
  execution(kind?: ExecutionKind): Execution;
}

/** The transport's request in the shape the add-on built it, so a stub API reads what was meant. */
function asFetchRequest(r: TransportRequest): FetchRequest {
  const headers = { ...r.headers };
  const contentType = headers['Content-Type'];
  delete headers['Content-Type'];
  return {
    url: r.url,
    method: r.method.toLowerCase() as FetchRequest['method'],
    headers,
    ...(r.body !== '' ? { payload: r.body } : {}),
    ...(contentType !== undefined ? { contentType } : {}),
  };
}

const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

export function createApiWorld(handler: Handler, opts: { now?: number; latencyMs?: number } = {}): ApiWorld {
  const requests: FetchRequest[] = [];
  const sleeps: number[] = [];
  const transport = inProcessTransport((r) => {
    const request = asFetchRequest(r);
    requests.push(request);
    const res = world.handler(request);
    return 'networkError' in res ? res : { status: res.status, headers: lowerCased(res.headers), body: res.text };
  });
  const emu = createEmulator({ transport, now: opts.now, latencyMs: opts.latencyMs ?? 100 });
  const platform = emu.platform();
  const sleep = platform.sleep;
  platform.sleep = (ms) => {
    sleeps.push(ms);
    sleep(ms);
  };
  const world: ApiWorld = {
    emu,
    get now() {
      return emu.clock.now();
    },
    set now(ms: number) {
      emu.clock.set(ms);
    },
    handler,
    stats: {
      requests,
      sleeps,
      get fetchAllCalls() {
        return emu.counters.fetchAllCalls;
      },
      get roundTrips() {
        return emu.counters.roundTrips;
      },
    },
    get userCache() {
      return emu.caches.entries('user');
    },
    get userProperties() {
      return platform.userProperties;
    },
    platform: () => platform,
    execution: (kind = 'sidebar') => startExecution(platform, kind),
  };
  return world;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): FetchResponse => ({
  status,
  text: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});
