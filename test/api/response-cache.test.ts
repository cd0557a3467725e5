import { readCached, responseCacheKey, writeCached } from '../../src/api/response-cache';
import { createApiWorld } from './helpers/api-world';

const isArray = (v: unknown): v is unknown[] => Array.isArray(v);

describe('response cache entries', () => {
  it('stores a small value as one plain entry', () => {
    const world = createApiWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    expect(writeCached(platform, 'k', [1, 'two'], 60)).toBe(true);
    expect(Object.keys(world.userCache).length).toBe(1);
    expect(readCached(platform, 'k', isArray)).toEqual([1, 'two']);
  });

  it('counts UTF-8 bytes, not characters, when deciding to gzip', () => {
    const world = createApiWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    const wide = ['é'.repeat(60_000)];
    expect(writeCached(platform, 'k', wide, 60)).toBe(true);
    expect(world.userCache['k'].value.startsWith('m:')).toBe(true);
    expect(readCached(platform, 'k', isArray)).toEqual(wide);
  });

  it('skips a result that would need more than 30 chunks, and a cache that throws', () => {
    const world = createApiWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    platform.gzipToBase64 = () => 'x'.repeat(31 * 90_000);
    expect(writeCached(platform, 'k', ['y'.repeat(200_000)], 60)).toBe(false);
    expect(Object.keys(world.userCache).length).toBe(0);
    world.emu.caches.putErrors = 1;
    expect(writeCached(platform, 'k', [1], 60)).toBe(false);
  });

  it('refuses a clearly too big result from a sample, without packing the whole of it', () => {
    const world = createApiWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    const gzip = platform.gzipToBase64.bind(platform);
    const packed: number[] = [];
    platform.gzipToBase64 = (text: string) => {
      packed.push(text.length);
      return gzip(text);
    };
    // Random text does not compress: 60,000 rows of it are far beyond 30 chunks.
    let seed = 1;
    // Twelve base-36 digits from two draws of a 31-bit generator (about six digits' worth each).
    const draw = () => (seed = (seed * 48271) % 2147483647).toString(36).padStart(6, '0').slice(-6);
    const noise = () => draw() + draw();
    const rows = Array.from({ length: 60_000 }, (_, i) => ({
      id: i,
      a: noise(),
      b: noise(),
      c: noise(),
      d: noise(),
      e: noise(),
      f: noise(),
      g: noise(),
      h: noise(),
    }));
    expect(writeCached(platform, 'big', { rows, recordCount: rows.length, truncated: false, pages: 120 }, 60)).toBe(false);
    expect(Object.keys(world.userCache).length).toBe(0);
    // Three runs of neighbouring rows, never the whole.
    expect(packed.length).toBeLessThanOrEqual(3);
    expect(Math.max(...packed)).toBeLessThan(100_000);
  });

  it('still caches many rows that pack small', () => {
    const world = createApiWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ day: '2026-10-01', device: i % 2 ? 'mobile' : 'desktop', pageviews: 100 }));
    const value = { rows, recordCount: rows.length, truncated: false, pages: 40 };
    expect(writeCached(platform, 'many', value, 60)).toBe(true);
    expect(readCached(platform, 'many', (v: unknown): v is typeof value => typeof v === 'object')).toEqual(value);
  });

  it('a value that fails validation, or a TTL of 0, is treated as absent', () => {
    const world = createApiWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    writeCached(platform, 'k', { not: 'an array' }, 60);
    expect(readCached(platform, 'k', isArray)).toBeUndefined();
    expect(writeCached(platform, 'z', [1], 0)).toBe(false);
  });

  it('keys are short hashes that differ with the request', () => {
    const platform = createApiWorld(() => ({ status: 200, text: '', headers: {} })).platform();
    const a = responseCacheKey(platform, 'f'.repeat(64), { path: '/a' });
    const b = responseCacheKey(platform, 'f'.repeat(64), { path: '/b' });
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThan(100);
  });
});
