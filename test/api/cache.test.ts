import { createClient } from '../../src/api/client';
import { freshnessTtl } from '../../src/api/freshness';
import { findReport } from '../../src/catalog/reports';
import { CREDENTIAL, SECRET, stubbed } from './helpers/stub-api';
import type { ApiWorld } from './helpers/api-world';
import { expectSame } from '../helpers/same';

const pages = findReport('pages/performance')!;
const devices = findReport('devices/performance')!;
const query = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };

const chunkKeys = (world: ApiWorld) => Object.keys(world.userCache).filter((k) => /^creator\.r\..*\.\d+$/.test(k));

describe('response cache', () => {
  it('serves a repeated request from the cache without any fetch', () => {
    const { world } = stubbed();
    const first = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, { cacheTtlSeconds: 600 });
    const fetches = world.stats.requests.length;
    const second = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, { cacheTtlSeconds: 600 });
    expect(world.stats.requests.length).toBe(fetches);
    expect(second.fromCache).toBe(true);
    expect(first.fromCache).toBe(false);
    expectSame(second.rows, first.rows);
    expect(second).toMatchObject({ recordCount: 1_203, pages: 3, truncated: false });
  });

  it('expires with the TTL the caller gave', () => {
    const { api, world } = stubbed({ totalRows: 10 });
    createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, { cacheTtlSeconds: 300 });
    world.now += 301_000;
    createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, { cacheTtlSeconds: 300 });
    expect(api.dataRequests).toHaveLength(2);
  });

  it('keys on everything that changes the answer: dates, limit and sort', () => {
    const { api, world } = stubbed({ totalRows: 10 });
    const client = () => createClient(world.execution(), CREDENTIAL);
    client().fetchRows(pages, query);
    client().fetchRows(pages, { ...query, endDate: '2026-10-30' });
    client().fetchRows(pages, { ...query, limit: 5 });
    client().fetchRows(pages, { ...query, sort: 'pageviews' });
    client().fetchRows(pages, { ...query, sort: 'pageviews' });
    expect(api.dataRequests).toHaveLength(4);
  });

  it('gzips a big result into chunks under 100 KB and reads it back whole', () => {
    const { api, world } = stubbed({ totalRows: 20_000 });
    const first = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    const chunks = chunkKeys(world);
    expect(chunks.length).toBeGreaterThan(1);
    for (const key of chunks) expect(Buffer.byteLength(world.userCache[key].value)).toBeLessThanOrEqual(100 * 1024);
    const requests = api.dataRequests.length;
    const second = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    expect(api.dataRequests.length).toBe(requests);
    expectSame(second.rows, first.rows);
  });

  it('a streamed result kept for the cache is sized a few times as it grows, not at every page', () => {
    const { api, world } = stubbed({ totalRows: 20_000 });
    const platform = world.platform();
    const gzip = platform.gzipToBase64.bind(platform);
    let packs = 0;
    platform.gzipToBase64 = (text: string) => {
      packs++;
      return gzip(text);
    };
    const streamed: Record<string, unknown>[] = [];
    createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, { onRows: (rows) => streamed.push(...rows) });
    expect(streamed).toHaveLength(20_000);
    // Each estimate packs three samples (Utilities.gzip calls, each a call to Google); once a page
    // over 40 pages would be about a hundred.
    expect(packs).toBeLessThanOrEqual(20);
    const requests = api.dataRequests.length;
    const again = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    expect(again.fromCache).toBe(true);
    expect(api.dataRequests.length).toBe(requests);
    expectSame(again.rows, streamed);
  });

  it.each([
    ['missing', (data: Record<string, { value: string }>, key: string) => delete data[key]],
    ['corrupt', (data: Record<string, { value: string }>, key: string) => (data[key].value = 'AAAA' + data[key].value.slice(4))],
  ])('refetches when a chunk is %s, and returns correct rows', (_name, damage) => {
    const { api, world } = stubbed({ totalRows: 20_000 });
    const first = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    damage(world.userCache, chunkKeys(world)[1]);
    const requests = api.dataRequests.length;
    const second = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    expect(second.fromCache).toBe(false);
    expect(api.dataRequests.length).toBeGreaterThan(requests);
    expectSame(second.rows, first.rows);
  });

  it('bypassCache skips the read but refreshes the entry', () => {
    const { api, world } = stubbed({ totalRows: 10 });
    createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    const forced = createClient(world.execution(), CREDENTIAL, { bypassCache: true }).fetchRows(pages, query);
    expect(forced.fromCache).toBe(false);
    expect(api.dataRequests).toHaveLength(2);
    const later = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    expect(later.fromCache).toBe(true);
  });

  it('never puts the secret or a token in a cache key', () => {
    const { world } = stubbed({ totalRows: 10 });
    createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    createClient(world.execution(), CREDENTIAL).dateBounds('site-1');
    for (const key of Object.keys(world.userCache)) {
      expect(key).not.toContain(SECRET);
      expect(key).not.toContain('token-');
      expect(key.length).toBeLessThanOrEqual(250);
    }
  });

  it('does not share cached results between credentials', () => {
    const { world } = stubbed({ totalRows: 10 });
    createClient(world.execution(), CREDENTIAL).fetchRows(pages, query);
    const other = { ...CREDENTIAL, clientId: 'client-2' };
    // client-2 cannot mint with the stub API: a cache hit would hide that.
    expect(() => createClient(world.execution(), other).fetchRows(pages, query)).toThrow(/rejected/);
  });
});

describe('sites and date bounds', () => {
  it('lists sites once per execution and caches them for 30 minutes', () => {
    const { api, world } = stubbed();
    const execution = world.execution();
    const sites = createClient(execution, CREDENTIAL).listSites();
    createClient(execution, CREDENTIAL).listSites();
    expect(sites.map((s) => s.id)).toEqual(['site-2', 'site-1']);
    expect(sites[1]).toMatchObject({ name: 'Example Kitchen', status: 'Active', jw: true });
    world.now += 29 * 60_000;
    createClient(world.execution(), CREDENTIAL).listSites();
    world.now += 2 * 60_000;
    createClient(world.execution(), CREDENTIAL).listSites();
    expect(api.dataRequests.filter((u) => u.path.endsWith('/sites'))).toHaveLength(2);
    expect(api.dataRequests[0].query['page[size]']).toBe('0');
  });

  it('types date bounds with nulls, and memoises them per execution', () => {
    const { api, world } = stubbed();
    const client = createClient(world.execution(), CREDENTIAL);
    const bounds = client.dateBounds('site-1');
    client.dateBounds('site-1');
    expect(bounds.analytics.range).toEqual({ startDate: '2024-01-01', endDate: '2026-11-20' });
    expect(bounds.analytics.presets.lastThirtyDays).toEqual({ startDate: '2026-10-22', endDate: '2026-11-20' });
    expect(bounds.earnings.range.endDate).toBeNull();
    expect(bounds.earnings.presets.lastThirtyDays).toEqual({ startDate: null, endDate: null });
    expect(api.dataRequests).toHaveLength(1);
  });

  it('encodes the site ID in the path', () => {
    const { api, world } = stubbed();
    expect(() => createClient(world.execution(), CREDENTIAL).dateBounds('a/b?c=1#x')).toThrow(/not available/);
    expect(api.dataRequests[0].path).toBe('/creator-api/v1/sites/a%2Fb%3Fc%3D1%23x/date-bounds');
  });
});

describe('non-paginated reports', () => {
  it('sorts and limits locally, since the API is not asked to', () => {
    const { api, world } = stubbed();
    world.handler = (request) => {
      if (!request.url.includes('/devices/')) return api.handler(request);
      api.handler(request);
      return {
        status: 200,
        headers: {},
        text: JSON.stringify({
          data: [
            { device: 'a', earnings: '2' },
            { device: 'b', earnings: 10 },
            { device: 'c', earnings: null },
            { device: 'd', earnings: 5 },
          ],
        }),
      };
    };
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(devices, { ...query, sort: '-earnings', limit: 3 });
    expect(result.rows.map((r) => r.device)).toEqual(['b', 'd', 'a']);
    expect(result.truncated).toBe(true);
    expect(api.dataRequests.at(-1)!.query).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
  });

  it('rejects a bad limit or date before any request', () => {
    const { world } = stubbed();
    const client = createClient(world.execution(), CREDENTIAL);
    expect(() => client.fetchRows(devices, { ...query, limit: 0 })).toThrow(/whole number/);
    expect(() => client.fetchRows(devices, { ...query, startDate: '10/01/2026' })).toThrow(/2026-10-31/);
    expect(world.stats.requests).toHaveLength(0);
  });
});

describe('freshnessTtl', () => {
  it('is 6 hours for a settled range and 5 minutes for one touching the last day', () => {
    expect(freshnessTtl('2026-10-31', '2026-11-19')).toBe(21_600);
    expect(freshnessTtl('2026-11-19', '2026-11-19')).toBe(300);
    expect(freshnessTtl('2026-11-20', '2026-11-19')).toBe(300);
    expect(freshnessTtl('2026-10-31', null)).toBe(300);
  });
});
