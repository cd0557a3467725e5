import { createClient } from '../../src/api/client';
import { REPORTS, findReport } from '../../src/catalog/reports';
import { NUMERIC_TYPES } from '../../src/table/cells';
import { toTable } from '../../src/table';
import { caught } from './helpers/caught';
import { emulated } from './helpers/emulated';

const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const october = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };
const pages = findReport('pages/performance')!;

const meaningless = (cell: unknown): boolean =>
  cell === null || cell === undefined || Number.isNaN(cell) || /^(null|undefined|NaN)$|\[object Object\]/.test(String(cell));

/** No cell is null, undefined or NaN, or shows as such: one expect for the table, not two per cell. */
function expectCleanCells(rows: unknown[][]): void {
  expect(rows.flat().filter(meaningless)).toEqual([]);
}

describe('against the fake API through the emulator', () => {
  it.each(REPORTS.map((r) => [r.key]))('%s: rows arrive, become a clean table with every catalog column', (key) => {
    const { credential, execution } = emulated();
    const spec = findReport(key)!;
    const result = createClient(execution(), credential).fetchRows(spec, spec.key === 'sites' ? {} : october);
    expect(result.rows.length).toBeGreaterThan(0);
    const table = toTable(spec, result.rows, { toDate });
    for (const column of spec.columns) expect(table.columns.map((c) => c.field)).toContain(column.field);
    expectCleanCells(table.rows);
  });

  it('numbers sent as strings land as numbers; a missing rpm lands empty; unknown fields are kept', () => {
    const { api, credential, execution } = emulated();
    api.setQuirks({ numbersAsStrings: true, missingRpm: true, extraField: true });
    const spec = findReport('devices/performance')!;
    const result = createClient(execution(), credential).fetchRows(spec, october);
    const table = toTable(spec, result.rows, { toDate });
    table.columns.forEach((column, i) => {
      if (!NUMERIC_TYPES.has(column.type)) return;
      for (const row of table.rows) expect(row[i] === '' || typeof row[i] === 'number').toBe(true);
    });
    expect(table.columns.map((c) => c.field)).toContain('newMetric');
    expectCleanCells(table.rows);
  });

  it('paginated: numbers as strings (recordCount "1203") still give every row', () => {
    const { api, credential, execution } = emulated();
    api.setQuirks({ numbersAsStrings: true, missingNextOnLastPage: true });
    const result = createClient(execution(), credential).fetchRows(pages, october, { cacheTtlSeconds: 0 });
    expect(result.rows).toHaveLength(1203);
    expect(result.recordCount).toBe(1203);
  });

  it('two executions share one token: one mint', () => {
    const { api, credential, execution } = emulated();
    createClient(execution(), credential).listSites();
    createClient(execution('formula'), credential).dateBounds('site-1');
    expect(api.stats.tokenMints).toBe(1);
  });

  it('an expired token is re-minted once; a revoked credential is AUTH_FAILED', () => {
    const { api, credential, execution } = emulated();
    createClient(execution(), credential).listSites();
    api.expireTokens();
    createClient(execution(), credential).dateBounds('site-1');
    expect(api.stats.tokenMints).toBe(2);
    api.revoke(credential.clientId);
    api.expireTokens();
    const error = caught(() => createClient(execution(), credential).dateBounds('site-2'));
    expect(error.code).toBe('AUTH_FAILED');
    expect(error.message).not.toContain(credential.clientSecret);
  });

  it('429 with Retry-After waits that long (virtual time) and succeeds', () => {
    const { emu, api, credential, execution } = emulated();
    api.inject({ kind: 'status', status: 429, retryAfter: 3, times: 2, path: 'devices' });
    const result = createClient(execution(), credential, { random: () => 0 }).fetchRows(findReport('devices/performance')!, october);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(emu.counters.sleptMs).toBe(6000);
  });

  it('5xx then success', () => {
    const { api, credential, execution } = emulated();
    api.inject({ kind: 'status', status: 503, times: 1, path: 'earnings' });
    expect(createClient(execution(), credential).fetchRows(findReport('earnings')!, october).rows.length).toBeGreaterThan(0);
  });

  it('an unknown site is NOT_FOUND, naming it', () => {
    const { credential, execution } = emulated();
    const error = caught(() => createClient(execution(), credential).fetchRows(findReport('earnings')!, { ...october, siteId: 'other-1' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('other-1');
  });

  it('a malformed body is BAD_RESPONSE', () => {
    const { api, credential, execution } = emulated();
    api.inject({ kind: 'malformed', path: 'earnings' });
    const error = caught(() => createClient(execution(), credential).fetchRows(findReport('earnings')!, october));
    expect(error.code).toBe('BAD_RESPONSE');
  });

  it('an HTML 502 page is retried, and when it persists the message holds no HTML', () => {
    const { api, credential, execution } = emulated();
    api.inject({ kind: 'html', path: 'earnings' });
    expect(createClient(execution(), credential).fetchRows(findReport('earnings')!, october).rows.length).toBeGreaterThan(0);
    api.inject({ kind: 'html', path: 'earnings', times: 5 });
    const error = caught(() => createClient(execution(), credential, { bypassCache: true }).fetchRows(findReport('earnings')!, october));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.message).not.toMatch(/<|html/i);
  });

  it.each([['cycle'], ['countChange'], ['shortPage'], ['nextNotIncreasing']] as const)('the %s fault is a PAGINATION error', (kind) => {
    const { api, credential, execution } = emulated();
    api.inject({ kind, path: 'pages/performance', times: 5 });
    const error = caught(() => createClient(execution(), credential, { fanOut: 1 }).fetchRows(pages, october, { cacheTtlSeconds: 0 }));
    expect(error.code).toBe('PAGINATION');
  });

  it('fans out: round trips <= 2 + ceil((pages - 1) / fanOut), same rows as one page at a time', () => {
    const { emu, credential, execution } = emulated();
    emu.resetCounters();
    const parallel = createClient(execution(), credential).fetchRows(pages, { ...october, siteId: 'site-3' }, { cacheTtlSeconds: 0 });
    expect(emu.counters.roundTrips).toBeLessThanOrEqual(2 + Math.ceil((parallel.pages - 1) / 8));
    const sequential = createClient(execution(), credential, { fanOut: 1 }).fetchRows(
      pages,
      { ...october, siteId: 'site-3', limit: 100_000 },
      { cacheTtlSeconds: 0 },
    );
    expect(sequential.rows).toEqual(parallel.rows);
  });

  it('a big site in a formula is TOO_LARGE before the 30 s are spent', () => {
    const { emu, credential, execution } = emulated({ latencyMs: 800 });
    const ex = execution('formula');
    const error = caught(() => createClient(ex, credential).fetchRows(pages, { ...october, siteId: 'site-big' }, { cacheTtlSeconds: 0 }));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toContain('Add a limit, or pull it from the sidebar');
    expect(emu.clock.now()).toBeLessThan(ex.deadline);
  });

  it('a repeated pull is served from the cache with no request', () => {
    const { emu, credential, execution } = emulated();
    createClient(execution(), credential).fetchRows(pages, october);
    emu.resetCounters();
    const again = createClient(execution(), credential).fetchRows(pages, october);
    expect(again.fromCache).toBe(true);
    expect(emu.counters.requests).toBe(0);
    expect(again.rows).toHaveLength(1203);
  });
});
