import type { EmulatorState } from '../state';
import { userScope } from '../state';
import { strict } from '../strict';

export const CACHE_KEY_LIMIT = 250;
export const CACHE_VALUE_LIMIT = 100 * 1024;
export const CACHE_MAX_TTL_S = 21_600;
export const CACHE_DEFAULT_TTL_S = 600;
export const CACHE_MAX_ITEMS = 1000;

export interface CacheEntry {
  value: string;
  /** Virtual epoch ms. */
  expiresAt: number;
}

/** JSON-serialisable; insertion order of each cache's keys is its eviction order. */
export interface CacheData {
  user: Record<string, Record<string, CacheEntry>>;
  document: Record<string, CacheEntry>;
  script: Record<string, CacheEntry>;
}

export function emptyCaches(): CacheData {
  return { user: {}, document: {}, script: {} };
}

function checkKey(key: unknown): string {
  if (key === undefined || key === null) throw new Error('Invalid argument: key');
  const k = String(key);
  if (k.length > CACHE_KEY_LIMIT) throw new Error('Argument too large: key');
  return k;
}

function checkValue(value: unknown): string {
  if (value === undefined || value === null) throw new Error('Invalid argument: value');
  const v = String(value);
  if (Buffer.byteLength(v, 'utf8') > CACHE_VALUE_LIMIT) throw new Error('Argument too large: value');
  return v;
}

function ttlMs(seconds: unknown): number {
  if (seconds === undefined || seconds === null) return CACHE_DEFAULT_TTL_S * 1000;
  const s = Number(seconds);
  if (!Number.isFinite(s) || s < 1) throw new Error('Invalid argument: expirationInSeconds');
  if (s > CACHE_MAX_TTL_S) throw new Error(`Invalid argument: expirationInSeconds (at most ${CACHE_MAX_TTL_S})`);
  return Math.floor(s) * 1000;
}

function cache(state: EmulatorState, store: () => Record<string, CacheEntry>): GoogleAppsScript.Cache.Cache {
  const { counters } = state;
  const live = (s: Record<string, CacheEntry>, key: string): string | null => {
    const e = Object.hasOwn(s, key) ? s[key] : undefined;
    if (!e) return null;
    if (e.expiresAt <= state.clock.now()) {
      delete s[key];
      return null;
    }
    return e.value;
  };
  const put = (s: Record<string, CacheEntry>, key: string, value: string, ms: number) => {
    delete s[key]; // re-inserting moves the key to the end of the eviction order
    s[key] = { value, expiresAt: state.clock.now() + ms };
    const keys = Object.keys(s);
    const capacity = state.variants.cacheCapacity;
    if (keys.length > capacity) {
      for (const k of keys) if (s[k].expiresAt <= state.clock.now()) delete s[k];
      const left = Object.keys(s);
      if (left.length <= capacity) return;
      // Oldest first; Google is reported to drop about a tenth of a full cache at once.
      const drop = Math.max(left.length - capacity, Math.floor(capacity * state.variants.cacheEvictionShare));
      for (let i = 0; i < drop; i++) delete s[left[i]];
      state.counters.cacheEvictions += drop;
    }
  };
  // Google's wording for its other services' server errors; CacheService's own is unconfirmed.
  const fault = () => {
    if (!state.cachePutErrors) return;
    state.cachePutErrors--;
    throw new Error('Service error: Cache. We are sorry, a server error occurred. Please wait a bit and try again.');
  };
  const self = {
    get(key: string): string | null {
      counters.cacheGets++;
      const v = live(store(), checkKey(key));
      if (v === null) counters.cacheMisses++;
      else counters.cacheHits++;
      return v;
    },
    getAll(keys: string[]): Record<string, string> {
      counters.cacheGets++;
      const s = store();
      const out: Record<string, string> = {};
      for (const key of keys) {
        const v = live(s, checkKey(key));
        if (v === null) counters.cacheMisses++;
        else {
          counters.cacheHits++;
          out[key] = v;
        }
      }
      return out;
    },
    put(key: string, value: string, expirationInSeconds?: number): void {
      const k = checkKey(key);
      const v = checkValue(value);
      const ms = ttlMs(expirationInSeconds);
      fault();
      counters.cachePuts++;
      put(store(), k, v, ms);
      state.onWait?.();
    },
    putAll(values: Record<string, string>, expirationInSeconds?: number): void {
      const ms = ttlMs(expirationInSeconds);
      const checked = Object.keys(values).map((k) => [checkKey(k), checkValue(values[k])] as const);
      fault();
      counters.cachePuts++;
      const s = store();
      for (const [k, v] of checked) put(s, k, v, ms);
      state.onWait?.();
    },
    remove(key: string): void {
      delete store()[checkKey(key)];
    },
    removeAll(keys: string[]): void {
      const s = store();
      for (const key of keys) delete s[checkKey(key)];
    },
  };
  return strict('Cache', self) as unknown as GoogleAppsScript.Cache.Cache;
}

export function createCacheService(state: EmulatorState, data: () => CacheData): GoogleAppsScript.Cache.CacheService {
  const service = {
    getUserCache() {
      const email = userScope(state);
      return cache(state, () => (data().user[email] ??= {}));
    },
    getDocumentCache() {
      return cache(state, () => data().document);
    },
    getScriptCache() {
      return cache(state, () => data().script);
    },
  };
  return strict('CacheService', service) as unknown as GoogleAppsScript.Cache.CacheService;
}
