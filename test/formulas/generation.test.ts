import { bumpGeneration, checkRefresh } from '../../src/formulas/generation';
import type { Execution } from '../../src/platform/execution';
import type { Cache } from '../../src/platform/types';

function execution(cache: Partial<Cache> | (() => never), spreadsheetId: string | null, now = 1_000): Execution {
  const platform = {
    now: () => now,
    sha256Hex: (t: string) => `h(${t.length})${t.replace(/\W/g, '')}`,
    spreadsheet: () => (spreadsheetId ? { getId: () => spreadsheetId } : null),
    get scriptCache() {
      if (typeof cache === 'function') return cache();
      return cache as Cache;
    },
  };
  return { platform, kind: 'formula', startedAt: now, deadline: now + 25_000, memory: new Map() } as unknown as Execution;
}

function memoryCache(): Cache & { store: Map<string, string> } {
  const store = new Map<string, string>();
  return {
    store,
    get: (k) => store.get(k) ?? null,
    getAll: (ks) => Object.fromEntries(ks.filter((k) => store.has(k)).map((k) => [k, store.get(k)!])),
    put: (k, v) => void store.set(k, v),
    putAll: (vs) => Object.entries(vs).forEach(([k, v]) => store.set(k, v)),
    remove: (k) => void store.delete(k),
    removeAll: (ks) => ks.forEach((k) => store.delete(k)),
  };
}

describe('the refresh generation', () => {
  it('makes each request bypass the cache once per refresh, per spreadsheet', () => {
    const cache = memoryCache();
    const a = execution(cache, 'sheet-a');
    expect(checkRefresh(a, 'req').bypass).toBe(false);
    expect(bumpGeneration(a)).toBe((1000).toString(36));

    const first = checkRefresh(a, 'req');
    expect(first.bypass).toBe(true);
    first.markFetched();
    expect(checkRefresh(a, 'req').bypass).toBe(false);
    expect(checkRefresh(a, 'other request').bypass).toBe(true);
    // Another spreadsheet's formulas are not refreshed by this one's menu.
    expect(checkRefresh(execution(cache, 'sheet-b'), 'req').bypass).toBe(false);
    // No secret or user data in the keys: the spreadsheet ID and hashes only.
    for (const key of cache.store.keys()) expect(key).toMatch(/^creator\.formulas\.(gen\.sheet-a|seen\.h\(\d+\)\w+)$/);
  });

  it('a failed fetch leaves the refresh pending', () => {
    const cache = memoryCache();
    bumpGeneration(execution(cache, 'sheet-a'));
    checkRefresh(execution(cache, 'sheet-a'), 'req'); // fetch failed: markFetched never called
    expect(checkRefresh(execution(cache, 'sheet-a'), 'req').bypass).toBe(true);
  });

  it('falls back to the cache as usual when the script cache or the spreadsheet is unavailable', () => {
    const broken = execution(() => {
      throw new Error('You do not have permission to call CacheService.getScriptCache');
    }, 'sheet-a');
    expect(bumpGeneration(broken)).toBeNull();
    expect(checkRefresh(broken, 'req').bypass).toBe(false);
    const failing = execution({ getAll: () => { throw new Error('Service error'); } }, 'sheet-a');
    expect(checkRefresh(failing, 'req').bypass).toBe(false);
    expect(checkRefresh(execution(memoryCache(), null), 'req').bypass).toBe(false);
  });
});
