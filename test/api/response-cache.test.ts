import { readCached, responseCacheKey, writeCached } from '../../src/api/response-cache';
import { createStubWorld } from './helpers/stub-platform';

const isArray = (v: unknown): v is unknown[] => Array.isArray(v);

describe('response cache entries', () => {
  it('stores a small value as one plain entry', () => {
    const world = createStubWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    expect(writeCached(platform, 'k', [1, 'two'], 60)).toBe(true);
    expect(world.userCache.data.size).toBe(1);
    expect(readCached(platform, 'k', isArray)).toEqual([1, 'two']);
  });

  it('counts UTF-8 bytes, not characters, when deciding to gzip', () => {
    const world = createStubWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    const wide = ['é'.repeat(60_000)];
    expect(writeCached(platform, 'k', wide, 60)).toBe(true);
    expect(world.userCache.data.get('k')!.value.startsWith('m:')).toBe(true);
    expect(readCached(platform, 'k', isArray)).toEqual(wide);
  });

  it('skips a result that would need more than 30 chunks, and a cache that throws', () => {
    const world = createStubWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    platform.gzipToBase64 = () => 'x'.repeat(31 * 90_000);
    expect(writeCached(platform, 'k', ['y'.repeat(200_000)], 60)).toBe(false);
    expect(world.userCache.data.size).toBe(0);
    world.userCache.put = () => {
      throw new Error('Service error: cache');
    };
    expect(writeCached(platform, 'k', [1], 60)).toBe(false);
  });

  it('a value that fails validation, or a TTL of 0, is treated as absent', () => {
    const world = createStubWorld(() => ({ status: 200, text: '', headers: {} }));
    const platform = world.platform();
    writeCached(platform, 'k', { not: 'an array' }, 60);
    expect(readCached(platform, 'k', isArray)).toBeUndefined();
    expect(writeCached(platform, 'z', [1], 0)).toBe(false);
  });

  it('keys are short hashes that differ with the request', () => {
    const platform = createStubWorld(() => ({ status: 200, text: '', headers: {} })).platform();
    const a = responseCacheKey(platform, 'f'.repeat(64), { path: '/a' });
    const b = responseCacheKey(platform, 'f'.repeat(64), { path: '/b' });
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThan(100);
  });
});
