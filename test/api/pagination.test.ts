import { createClient } from '../../src/api/client';
import { findReport } from '../../src/catalog/reports';
import { caught } from './helpers/caught';
import { CREDENTIAL, pageRow, stubbed, TOKEN_URL, type ParsedUrl } from './helpers/stub-api';
import { json } from './helpers/api-world';
import { expectSame } from '../helpers/same';

const pages = findReport('pages/performance')!;
const query = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };
const noCache = { cacheTtlSeconds: 0 };

const pageOf = (url: ParsedUrl) => Number(url.query['page[number]']);
const isPage = (n: number) => (r: { url: string }) => r.url !== TOKEN_URL && r.url.includes(`page[number]=${n}&`);

describe('pagination', () => {
  it('fetches every page, in order, with the remaining pages fanned out in fetchAll batches', () => {
    const { api, world } = stubbed({ totalRows: 10_203 });
    const progress: Array<[number, number | null]> = [];
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, {
      ...noCache,
      onProgress: (p, n) => progress.push([p, n]),
    });
    expect(result.rows).toHaveLength(10_203);
    expectSame(
      result.rows.map((r) => r.pageUrl),
      Array.from({ length: 10_203 }, (_, i) => `/page-${i + 1}/`),
    );
    expect(result).toMatchObject({ recordCount: 10_203, truncated: false, pages: 21 });
    // One mint, the first page, then 8 pages, then the other 12 (the batch doubled after no 429).
    expect(world.stats.roundTrips).toBe(4);
    expect(world.stats.fetchAllCalls).toBe(2);
    expect(progress).toEqual([
      [1, 21],
      [9, 21],
      [21, 21],
    ]);
    expect(api.dataRequests.every((u) => u.query['page[size]'] === '500' && u.query.sort === '-earnings')).toBe(true);
  });

  it('hands rows over page by page, cut to the limit, none kept', () => {
    const whole = stubbed({ totalRows: 10_203 });
    const all = createClient(whole.world.execution(), CREDENTIAL).fetchRows(pages, query, noCache).rows;
    for (const [limit, paging] of [
      [undefined, undefined],
      [7_777, undefined],
      [undefined, 'nextOnly'],
    ] as const) {
      const { world } = stubbed({ totalRows: 10_203, ...(paging ? { paging } : {}) });
      const batches: number[] = [];
      const streamed: Record<string, unknown>[] = [];
      const result = createClient(world.execution(), CREDENTIAL).fetchRows(
        pages,
        { ...query, limit },
        {
          ...noCache,
          onRows: (rows) => {
            batches.push(rows.length);
            streamed.push(...rows);
          },
        },
      );
      expect(result.rows).toEqual([]);
      expectSame(streamed, all.slice(0, limit ?? all.length));
      expect(result.truncated).toBe(limit !== undefined);
      // A page at a time, each handed over before the next is parsed: the parsed rows of a whole
      // fan-out batch are never alive at once.
      expect(batches.slice(0, -1).every((n) => n === 500)).toBe(true);
      expect(batches.length).toBe(Math.ceil(streamed.length / 500));
    }
  });

  it('gives the same rows following next one page at a time as fanning out', () => {
    const full = stubbed({ totalRows: 2_345 });
    const seq = stubbed({ totalRows: 2_345, paging: 'nextOnly' });
    const parallel = createClient(full.world.execution(), CREDENTIAL).fetchRows(pages, query, noCache);
    const sequential = createClient(seq.world.execution(), CREDENTIAL).fetchRows(pages, query, noCache);
    expectSame(sequential.rows, parallel.rows);
    expect(seq.world.stats.fetchAllCalls).toBe(0);
    expect(seq.api.dataRequests.map(pageOf)).toEqual([1, 2, 3, 4, 5]);
    expect(sequential.recordCount).toBeNull();
  });

  it('stops when next is absent, not only when it is null', () => {
    const { api, world } = stubbed({ totalRows: 1_200, paging: 'nextAbsent' });
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache);
    expect(result.rows).toHaveLength(1_200);
    expect(api.dataRequests).toHaveLength(3);
  });

  it('asks for no more than the limit and marks the result truncated', () => {
    const { api, world } = stubbed({ totalRows: 1_203 });
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, { ...query, limit: 120 }, noCache);
    expect(result.rows).toHaveLength(120);
    expect(result.truncated).toBe(true);
    expect(api.dataRequests).toHaveLength(1);
    expect(api.dataRequests[0].query['page[size]']).toBe('120');
  });

  it('a limit over 500 takes whole pages and cuts the last', () => {
    const { api, world } = stubbed({ totalRows: 1_203 });
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, { ...query, limit: 700 }, noCache);
    expect(result.rows).toHaveLength(700);
    expect(result.truncated).toBe(true);
    expect(api.dataRequests.map(pageOf)).toEqual([1, 2]);
  });

  it('a limit at or above the row count is not truncated', () => {
    const { world } = stubbed({ totalRows: 300 });
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, { ...query, limit: 300 }, noCache);
    expect(result).toMatchObject({ truncated: false });
    expect(result.rows).toHaveLength(300);
  });

  it('doubles the batch while the API answers without a 429, up to 32 pages', () => {
    const { api, world } = stubbed({ totalRows: 60_000 });
    const batches: number[] = [];
    const fetchAll = world.platform().http.fetchAll;
    world.platform().http.fetchAll = (requests) => (batches.push(requests.length), fetchAll(requests));
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache);
    expect(result.rows).toHaveLength(60_000);
    expect(batches).toEqual([8, 16, 32, 32, 31]);
    expect(api.dataRequests).toHaveLength(120);
  });

  it('halves the batch on a 429 and then grows it by one page per clean batch', () => {
    const { api, world } = stubbed({ totalRows: 60_000 });
    const batches: number[] = [];
    const fetchAll = world.platform().http.fetchAll;
    world.platform().http.fetchAll = (requests) => (batches.push(requests.length), fetchAll(requests));
    // Page 20 is in the second batch (pages 10 to 25): the API pushes back once.
    api.fail({ match: isPage(20), respond: () => json(429, {}, { 'retry-after': '1' }) });
    const result = createClient(world.execution(), CREDENTIAL, { random: () => 0 }).fetchRows(pages, query, noCache);
    expect(result.rows).toHaveLength(60_000);
    // 8, then 16 with one 429 (page 20 is then resent alone, a fetch); then 8 (halved), 9, 10, ...
    expect(batches.slice(0, 4)).toEqual([8, 16, 8, 9]);
    expect(Math.max(...batches.slice(2))).toBeLessThan(16);
    expect(api.dataRequests.map(pageOf).filter((p) => p === 20)).toHaveLength(1);
  });

  it('retries only the 429ed pages of a batch, in smaller batches', () => {
    const { api, world } = stubbed({ totalRows: 5_000 });
    api.fail({ match: isPage(3), respond: () => json(429, {}, { 'retry-after': '1' }) });
    api.fail({ match: isPage(4), respond: () => json(429, {}, { 'retry-after': '2' }) });
    const result = createClient(world.execution(), CREDENTIAL, { random: () => 0 }).fetchRows(pages, query, noCache);
    expect(result.rows).toHaveLength(5_000);
    expect(world.stats.sleeps).toEqual([2000]);
    const counts: Record<number, number> = {};
    for (const p of api.dataRequests.map(pageOf)) counts[p] = (counts[p] ?? 0) + 1;
    expect(counts).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1 });
  });

  it('says TOO_LARGE up front when the pages cannot fit a formula', () => {
    const { api, world } = stubbed({ totalRows: 100_000 }, { latencyMs: 2_000 });
    const error = caught(() => createClient(world.execution('formula'), CREDENTIAL).fetchRows(pages, query, noCache));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toBe(
      'This report has 200 pages, more than fit in one formula (30 s). Add a limit, or pull it from the sidebar (Extensions > Creator Reporting > Open sidebar).',
    );
    expect(api.dataRequests).toHaveLength(1);
  });

  it('a continued run: asks only the pages after the rows it has, and stops (instead of TOO_LARGE) with what it handed over', () => {
    const { api, world } = stubbed({ totalRows: 10_203 });
    const streamed: Record<string, unknown>[] = [];
    const result = createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, {
      ...noCache,
      onRows: (rows) => streamed.push(...rows),
      resume: { fromRow: 6_000, mayPause: true },
    });
    expect(result.recordCount).toBe(10_203);
    expect(Math.min(...api.dataRequests.map(pageOf))).toBe(13);
    expectSame(
      streamed.map((r) => r.pageUrl),
      Array.from({ length: 4_203 }, (_, i) => `/page-${6_000 + i + 1}/`),
    );

    // Round trips of 8 s: a formula's 25 s hold the first page, not the next batch with room to spare.
    const slow = stubbed({ totalRows: 100_000 }, { latencyMs: 8_000 });
    const handed: Record<string, unknown>[] = [];
    const error = caught(() =>
      createClient(slow.world.execution('formula'), CREDENTIAL).fetchRows(pages, query, {
        ...noCache,
        onRows: (rows) => handed.push(...rows),
        resume: { fromRow: 0, mayPause: true },
      }),
    );
    expect(error.code).toBe('TIME_BUDGET');
    expect(error.message).toMatch(/continues in the next one/);
    expect(handed.length).toBeGreaterThanOrEqual(500);
    expect(handed.length).toBeLessThan(100_000);
  });

  it('fits the same report in a sidebar run', () => {
    const { world } = stubbed({ totalRows: 100_000 }, { latencyMs: 2_000 });
    expect(createClient(world.execution('sidebar'), CREDENTIAL).fetchRows(pages, query, noCache).rows).toHaveLength(100_000);
  });

  it('upToBudget: the first pages that fit a formula, in order, marked cut and not cached, instead of TOO_LARGE', () => {
    for (const paging of [undefined, 'nextOnly'] as const) {
      const { api, world } = stubbed({ totalRows: 100_000, ...(paging ? { paging } : {}) }, { latencyMs: 2_000 });
      const client = createClient(world.execution('formula'), CREDENTIAL);
      const result = client.fetchRows(pages, { ...query, upToBudget: 1 });
      expect(result.cut).toBe(true);
      expect(result.truncated).toBe(true);
      expect(result.rows.length).toBeGreaterThan(500);
      expect(result.rows.length).toBeLessThan(100_000);
      expectSame(
        result.rows.map((r) => r.pageUrl),
        Array.from({ length: result.rows.length }, (_, i) => `/page-${i + 1}/`),
      );
      // Not kept as if it were the whole report: the next ask fetches again.
      const before = api.dataRequests.length;
      client.fetchRows(pages, { ...query, upToBudget: 1 });
      expect(api.dataRequests.length).toBeGreaterThan(before);
    }
  });

  it('upToBudget with every page in time is the whole report, not cut', () => {
    const { world } = stubbed({ totalRows: 2_345 });
    const result = createClient(world.execution('formula'), CREDENTIAL).fetchRows(pages, { ...query, upToBudget: 1 }, noCache);
    expect(result.rows).toHaveLength(2_345);
    expect(result.cut).toBeUndefined();
    expect(result.truncated).toBe(false);
  });

  describe('guards', () => {
    it('a next that does not increase is a PAGINATION error', () => {
      const { api, world } = stubbed({ totalRows: 2_000, paging: 'nextOnly' });
      api.fail({ match: isPage(3), respond: () => json(200, { data: [pageRow(1)], meta: { page: { next: 2 } } }) });
      const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache));
      expect(error.code).toBe('PAGINATION');
      expect(error.message).toContain('page 3 pointed back to page 2');
    });

    it('a record count that changes between pages is a PAGINATION error', () => {
      const { api, world } = stubbed({ totalRows: 2_000 });
      const rows = Array.from({ length: 500 }, (_, i) => pageRow(1000 + i));
      api.fail({ match: isPage(2), respond: () => json(200, { data: rows, meta: { recordCount: 2_050, page: { last: 4 } } }) });
      const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache));
      expect(error.code).toBe('PAGINATION');
      expect(error.message).toContain('changed from 2,000 to 2,050');
    });

    it('a short page in the middle is a PAGINATION error, not partial data', () => {
      const { api, world } = stubbed({ totalRows: 2_000 });
      api.fail({ match: isPage(2), respond: () => json(200, { data: [pageRow(501)], meta: { recordCount: 2_000, page: { last: 4 } } }) });
      const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache));
      expect(error.code).toBe('PAGINATION');
      expect(error.message).toContain('page 2 of 4 came back with 1 rows instead of 500');
    });

    it('a final row count different from recordCount is a PAGINATION error', () => {
      const { api, world } = stubbed({ totalRows: 400 });
      api.fail({ match: isPage(1), respond: () => json(200, { data: [pageRow(1), pageRow(2)], meta: { recordCount: 400 } }) });
      const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache));
      expect(error.code).toBe('PAGINATION');
      expect(error.message).toContain('said 400 rows but sent 2');
    });

    it('more rows than the cap is TOO_LARGE before anything else is fetched', () => {
      const { api, world } = stubbed({ totalRows: 10 });
      api.fail({ match: isPage(1), respond: () => json(200, { data: [pageRow(1)], meta: { recordCount: '2000000' } }) });
      const error = caught(() => createClient(world.execution(), CREDENTIAL).fetchRows(pages, query, noCache));
      expect(error.code).toBe('TOO_LARGE');
      expect(error.message).toContain('2,000,000 rows');
      expect(world.stats.requests.filter((r) => r.url !== TOKEN_URL)).toHaveLength(1);
    });
  });
});
