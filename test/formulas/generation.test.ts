import { bumpGeneration, checkRefresh } from '../../src/formulas/generation';
import type { Execution } from '../../src/platform/execution';
import type { Cache } from '../../src/platform/types';

/** `cache` serves as both the script cache and the user cache unless `userCache` is given. */
function execution(cache: Partial<Cache> | (() => never), spreadsheetId: string | null, now = 1_000, userCache?: Cache): Execution {
  const get = () => (typeof cache === 'function' ? cache() : (cache as Cache));
  const platform = {
    now: () => now,
    sha256Hex: (t: string) => `h(${t.length})${t.replace(/\W/g, '')}`,
    spreadsheet: () => (spreadsheetId ? { getId: () => spreadsheetId } : null),
    get scriptCache() {
      return get();
    },
    get userCache() {
      return userCache ?? get();
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
    const a = execution(cache, 'sheet-a', 1_000);
    expect(bumpGeneration(a)).toBe((1000).toString(36));

    const first = checkRefresh(a, 'req');
    expect(first.bypass).toBe(true);
    first.markFetched();
    expect(checkRefresh(a, 'req').bypass).toBe(false);
    expect(checkRefresh(a, 'other request').bypass).toBe(true);
    // Another spreadsheet's formulas are not refreshed by this one's menu.
    const b = checkRefresh(execution(cache, 'sheet-b'), 'req');
    b.markFetched();
    bumpGeneration(execution(cache, 'sheet-a', 2_000));
    expect(checkRefresh(execution(cache, 'sheet-b'), 'req').bypass).toBe(false);
    // No secret or user data in the keys: the spreadsheet ID and hashes only.
    for (const key of cache.store.keys()) expect(key).toMatch(/^creator\.formulas\.(gen\.sheet-[ab]|seen\.h\(\d+\)\w+)$/);
  });

  it('a generation lost from the cache (evicted, expired) fails toward fresh data, once per request', () => {
    const cache = memoryCache();
    const before = checkRefresh(execution(cache, 'sheet-a', 1_000), 'req');
    before.markFetched();
    expect(checkRefresh(execution(cache, 'sheet-a', 1_500), 'req').bypass).toBe(false);
    bumpGeneration(execution(cache, 'sheet-a', 2_000));
    // Evicted before the formula ran: it cannot know whether a refresh happened, so it assumes one.
    cache.store.delete('creator.formulas.gen.sheet-a');
    const after = checkRefresh(execution(cache, 'sheet-a', 3_000), 'req');
    expect(after.bypass).toBe(true);
    after.markFetched();
    expect(checkRefresh(execution(cache, 'sheet-a', 3_500), 'req').bypass).toBe(false);
    // Another formula of the same spreadsheet, fetched under the lost generation, skips the cache once too.
    expect(checkRefresh(execution(cache, 'sheet-a', 4_000), 'other').bypass).toBe(true);
  });

  it("the owner's own copy of the generation outlives the shared cache's churn", () => {
    const shared = memoryCache();
    const owners = memoryCache();
    bumpGeneration(execution(shared, 'sheet-a', 1_000, owners));
    const first = checkRefresh(execution(shared, 'sheet-a', 1_100, owners), 'req');
    expect(first.bypass).toBe(true);
    first.markFetched();
    shared.store.clear(); // other users of the add-on filled the script cache
    expect(checkRefresh(execution(shared, 'sheet-a', 1_200, owners), 'req').bypass).toBe(false);
    // An editor's refresh reaches only the shared cache; it is newer, so it wins.
    bumpGeneration(execution(shared, 'sheet-a', 2_000, memoryCache()));
    expect(checkRefresh(execution(shared, 'sheet-a', 2_100, owners), 'req').bypass).toBe(true);
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
    const failing = execution(
      {
        getAll: () => {
          throw new Error('Service error');
        },
      },
      'sheet-a',
    );
    expect(checkRefresh(failing, 'req').bypass).toBe(false);
    expect(checkRefresh(execution(memoryCache(), null), 'req').bypass).toBe(false);
  });
});
