/**
 * One benchmark world: the built bundle on the emulator, the fake API in process on the emulator's
 * virtual clock, the latency model applied per round trip, and a resource meter fed by the
 * transport. Every scenario starts from a fresh world, so no cache or token carries over.
 */
import { createEmulator, DEFAULT_NOW, inProcessTransport, type Emulator } from '../emulator';
import { emptyCaches } from '../emulator/services/cache';
import type { Transport } from '../emulator/transport-types';
import { createFakeApi, type FakeApi } from '../fake-api';
import { ResourceMeter } from './meter';
import type { LatencyModel } from './model';

export const OWNER = 'owner@example.com';
export const EDITOR = 'editor@example.com';
export const TIME_ZONE = 'America/New_York';
/** The fake API's addresses; the in-process transport ignores the host, the add-on does not. */
export const API_BASE_URL = 'http://127.0.0.1:8787/creator-api/v1';
export const TOKEN_URL = 'http://127.0.0.1:8787/oauth/token';
/** Fixed for determinism: the fake API's numbers depend on the seed and on "today". */
export const SEED = 1;
export const START_AT = DEFAULT_NOW;

export type CredentialName = 'demo' | 'agency';

export interface BenchWorld {
  emu: Emulator;
  api: FakeApi;
  meter: ResourceMeter;
  model: LatencyModel;
  /** A server function as `user` in full mode (a sidebar call or menu): one execution. */
  call<T = unknown>(name: string, args: unknown[], user?: string): T;
  /** Saves a credential as the owner, through the bundle's own saveSettings. */
  connect(credential: CredentialName, allowFormulas: boolean): void;
  /** Forgets every cached value (tokens, responses, bounds): the "first open" state. */
  clearCaches(): void;
  /** Every request the add-on sent since the last resetCounts (the fake API's own log is capped). */
  readonly requests: SentRequest[];
  /** Requests per round trip since the last resetCounts. */
  readonly batchSizes: number[];
  /** Token mints since the last resetCounts. */
  tokenMints(): number;
  /** Zeroes the emulator's counters and this world's request log (tokens stay valid). */
  resetCounts(): void;
}

export interface SentRequest {
  method: string;
  url: string;
}

export function createBenchWorld(bundleFile: string, model: LatencyModel): BenchWorld {
  let emu: Emulator | null = null;
  const api = createFakeApi({ now: () => (emu ? emu.clock.now() : START_AT), seed: SEED });
  const meter = new ResourceMeter();
  const requests: SentRequest[] = [];
  let mintsBefore = 0;
  const batchSizes: number[] = [];
  const inner = inProcessTransport((req) => {
    requests.push({ method: req.method.toUpperCase(), url: req.url });
    meter.sample();
    return meter.excluded(() => api.handle(req));
  });
  // Batch sizes show the fan-out the add-on actually used (a fetchAll is one send).
  const transport: Transport = {
    send(batch) {
      batchSizes.push(batch.length);
      return inner.send(batch);
    },
  };
  emu = createEmulator({ transport, timeZone: TIME_ZONE, now: START_AT, users: [OWNER, EDITOR], latencyMs: model.latencyMs });
  const e = emu;
  e.loadBundle(bundleFile);

  const call = <T>(name: string, args: unknown[], user = OWNER): T => e.bundle!.callAs({ user, mode: 'full' }, name, ...args) as T;

  return {
    emu: e,
    api,
    meter,
    model,
    call,
    connect(credential, allowFormulas) {
      const { clientId, clientSecret } = api.credentials[credential];
      call('saveSettings', [{ clientId, clientSecret, apiBaseUrl: API_BASE_URL, tokenUrl: TOKEN_URL, allowFormulas }]);
    },
    clearCaches() {
      const snap = e.snapshot();
      snap.caches = emptyCaches();
      e.restore(snap);
    },
    requests,
    batchSizes,
    tokenMints: () => api.stats.tokenMints - mintsBefore,
    resetCounts() {
      e.resetCounters();
      requests.length = 0;
      batchSizes.length = 0;
      mintsBefore = api.stats.tokenMints;
    },
  };
}

/** An error from the vm is another realm's: read its message, not its class. */
export function messageOf(error: unknown): string {
  const m = (error as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : String(error);
}

/** The text a stub throws: a scenario that meets it says "not measurable" instead of a number. */
export const STUB_TEXT = 'Not built yet';
export const isStub = (message: string): boolean => message.includes(STUB_TEXT);
