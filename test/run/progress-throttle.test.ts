import type { Cache } from '../../src/platform/types';
import { readProgress, throttledProgress } from '../../src/run/progress';

function memoryCache(): Cache & { puts: number } {
  const data = new Map<string, string>();
  const cache = {
    puts: 0,
    get: (k: string) => data.get(k) ?? null,
    getAll: () => ({}),
    put: (k: string, v: string) => {
      cache.puts++;
      data.set(k, v);
    },
    putAll: () => undefined,
    remove: (k: string) => void data.delete(k),
    removeAll: () => undefined,
  };
  return cache;
}

describe('run progress written for the polling sidebar', () => {
  it('writes page updates at most every 2 s, and every phase change and the outcome at once', () => {
    let now = 0;
    const userCache = memoryCache();
    const write = throttledProgress({ now: () => now, userCache }, 'run-1');
    write({ message: 'Starting', page: 0, pages: null, done: false }, true);
    for (let page = 1; page <= 40; page++) {
      now += 200;
      write({ message: `Fetched page ${page} of 40`, page, pages: 40, done: false });
    }
    // 40 pages over 8 s: about one write per 2 s, not one per page.
    expect(userCache.puts).toBeLessThanOrEqual(1 + 4);
    expect(userCache.puts).toBeGreaterThanOrEqual(1 + 3);
    write({ message: 'Writing 20,000 rows', page: 0, pages: null, done: false }, true);
    expect(readProgress(userCache, 'run-1')?.message).toBe('Writing 20,000 rows');
    write({ message: 'Wrote 20,000 rows', page: 0, pages: null, done: true }, true);
    expect(readProgress(userCache, 'run-1')).toMatchObject({ message: 'Wrote 20,000 rows', done: true });
  });
});
