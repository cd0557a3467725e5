/**
 * The client and the table against both fakes: the shapes the catalog was written from, and every
 * plausible alternative (fake-api/drift.ts). Whatever the unconfirmed endpoints send, a report is a
 * clean table with readable headers, or a clear message.
 */
import { ALL_DRIFT, DRIFT_NAMES, NO_DRIFT, type Drift } from '../../fake-api';
import { createClient } from '../../src/api/client';
import { findReport, REPORTS } from '../../src/catalog/reports';
import { toTable, totalRow } from '../../src/table';
import { FAKE_MODES } from '../fake-modes';
import { caught } from './helpers/caught';
import { emulated } from './helpers/emulated';

const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const october = { siteId: 'site-1', startDate: '2026-10-01', endDate: '2026-10-31' };
const spec = (key: string) => findReport(key)!;
const headers = (t: { columns: Array<{ header: string }> }) => t.columns.map((c) => c.header);

function expectCleanTable(table: { columns: Array<{ header: string }>; rows: unknown[][] }): void {
  const names = headers(table);
  expect(new Set(names.map((h) => h.toLowerCase())).size).toBe(names.length);
  // Headers a person reads: capitalised words, never a raw camelCase field name.
  for (const header of names) expect(header).toMatch(/^(?:[A-Z0-9]|eCPM)[\s\S]*$/);
  for (const header of names) expect(header.replace('eCPM', 'ECPM')).not.toMatch(/[a-z][A-Z]/);
  // Collected, then asserted once: an expect per cell is slow over a 1,203-row report.
  const bad: unknown[] = [];
  for (const row of table.rows) {
    if (row.length !== names.length) bad.push(row);
    for (const cell of row) {
      if (cell === null || cell === undefined || Number.isNaN(cell)) bad.push(cell);
      else if (/^(null|undefined|NaN|Infinity)$|\[object Object\]/.test(String(cell))) bad.push(cell);
    }
  }
  expect(bad).toEqual([]);
}

function pull(drift: Partial<Drift>, key: string, query: Record<string, unknown> = october) {
  const world = emulated({ drift });
  const client = createClient(world.execution(), world.credential);
  const result = client.fetchRows(spec(key), spec(key).key === 'sites' ? {} : query);
  return { ...world, client, result, table: toTable(spec(key), result.rows, { toDate }) };
}

describe.each(FAKE_MODES)('the client and table against the %s fake', (_mode, drift) => {
  it.each(REPORTS.map((r) => [r.key]))('%s: a clean table with readable headers', (key) => {
    const { result, table } = pull(drift, key);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(table.rows.length).toBeGreaterThanOrEqual(result.rows.length);
    expectCleanTable(table);
    // The report's first catalog column (its dimension, or its first metric) is always there.
    expect(headers(table)).toContain(spec(key).columns[0].header);
  });

  it('earnings come day by day, whether the API needs aggregationPeriod or ignores it', () => {
    const { result, table } = pull(drift, 'earnings');
    expect(result.notices ?? []).toEqual([]);
    expect(table.rows).toHaveLength(31);
    expect(headers(table)[0]).toBe('Date');
    expect(table.rows[0][0]).toEqual(toDate('2026-10-01'));
  });

  it('pages/performance: every page, sorted by earnings as asked, whatever page size and sort the API takes', () => {
    const { result, table } = pull(drift, 'pages/performance');
    expect(result.rows).toHaveLength(1203);
    const earnings = table.rows.map((r) => r[headers(table).indexOf('Earnings')] as number);
    expect([...earnings].sort((a, b) => b - a)).toEqual(earnings);
    expect(result.notices ?? []).toEqual([]);
  });

  it("a user's sort with a limit is honoured: the top rows by that field", () => {
    const all = pull(drift, 'pages/performance', { ...october, sort: 'rpm' });
    const top = pull(drift, 'pages/performance', { ...october, sort: '-rpm', limit: 5 });
    const rpm = (rows: Record<string, unknown>[]) => rows.map((r) => r.rpm);
    const expected = rpm(all.result.rows)
      .filter((v) => v !== null)
      .reverse()
      .slice(0, 5);
    expect(rpm(top.result.rows)).toEqual(expected);
    expect(top.result.truncated).toBe(true);
    expect(top.result.notices ?? []).toEqual([]);
  });

  it('devices: one Device column, never a separate Type column, sortable by device', () => {
    const { table } = pull(drift, 'devices/performance', { ...october, sort: 'device' });
    expect(headers(table)).toContain('Device');
    expect(headers(table)).not.toContain('Type');
    expect(table.rows.map((r) => String(r[0]).toLowerCase())).toEqual(['desktop', 'mobile', 'tablet']);
  });

  it('date bounds read as days, with the dashboard presets', () => {
    const { execution, credential } = emulated({ drift });
    const bounds = createClient(execution(), credential).dateBounds('site-1');
    expect(bounds.earnings.range).toEqual({ startDate: '2024-01-01', endDate: '2026-11-19' });
    expect(bounds.analytics.presets.lastThirtyDays).toEqual({ startDate: '2026-10-22', endDate: '2026-11-20' });
  });

  it('a site the credential cannot see is a clear message with the provider code', () => {
    const { execution, credential } = emulated({ drift });
    const error = caught(() => createClient(execution(), credential).fetchRows(spec('earnings'), { ...october, siteId: 'other-1' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('Site other-1 is not available to this credential (status 404, site_not_found)');
  });
});

/** Each variation alone: what it changes, and that the rest still holds. */
describe('each drift variation on its own', () => {
  const only = (name: keyof Drift): Partial<Drift> => ({ ...NO_DRIFT, [name]: true });

  it('the all-on mode is every variation that can hold together', () => {
    const off = DRIFT_NAMES.filter((n) => !ALL_DRIFT[n]);
    expect(off.sort()).toEqual(['earningsSummaryOnly', 'firewall', 'rejectAggregationPeriod']);
  });

  it('deviceAsType + capitalisedValues: rows keyed `type` land in Device, values as sent', () => {
    const { result, table } = pull({ deviceAsType: true, capitalisedValues: true }, 'traffic/by-device');
    expect(result.rows[0]).toHaveProperty('device', 'Desktop');
    expect(headers(table)[0]).toBe('Device');
    expect(table.rows.map((r) => r[0])).toEqual(['Desktop', 'Mobile', 'Tablet']);
  });

  it('viewabilityValueOnly: one Viewability column, no empty score column', () => {
    const { table } = pull(only('viewabilityValueOnly'), 'pages/performance', { ...october, limit: 20 });
    expect(headers(table)).toContain('Viewability');
    expect(headers(table)).not.toContain('Viewability score');
    expect(headers(table)).toContain('CPM score');
  });

  it('nullPageUrl: rows without a URL keep their earnings, and the total counts them', () => {
    const { table } = pull(only('nullPageUrl'), 'pages/performance');
    const url = headers(table).indexOf('Page URL');
    const money = headers(table).indexOf('Earnings');
    const nameless = table.rows.filter((r) => r[url] === '');
    expect(nameless.length).toBeGreaterThan(10);
    expect(nameless.some((r) => (r[money] as number) > 0)).toBe(true);
    const sum = table.rows.reduce((a, r) => a + (r[money] as number), 0);
    expect(totalRow(table, spec('pages/performance'))[money]).toBeCloseTo(sum, 6);
  });

  it('urlVariants: variants of one article stay separate rows, none lost', () => {
    const { table } = pull(only('urlVariants'), 'pages/performance');
    expect(table.rows).toHaveLength(1203);
    expect(table.rows.some((r) => String(r[0]).startsWith('https://www.'))).toBe(true);
  });

  it('extraFields: extra fields become readable, typed columns after the known ones', () => {
    const pages = pull(only('extraFields'), 'pages/performance', { ...october, limit: 30 }).table;
    expect(headers(pages).slice(-2)).toEqual(['Brief ID', 'Brief status']);
    const countries = pull(only('extraFields'), 'countries/performance').table;
    const ipp = countries.columns.find((c) => c.header === 'Impressions per pageview')!;
    expect(ipp).toMatchObject({ type: 'number', format: '#,##0.00' });
    const sources = pull(only('extraFields'), 'traffic-sources/performance').table;
    expect(sources.columns.find((c) => c.header === 'Page RPM')).toMatchObject({ type: 'currency' });
  });

  it('categoriesWithoutImpressions: no empty Impressions or CPM columns; Posts kept', () => {
    const { table } = pull(only('categoriesWithoutImpressions'), 'categories/performance');
    expect(headers(table)).toEqual(['Category', 'Earnings', 'Pageviews', 'Sessions', 'RPM', 'RPS', 'Posts']);
  });

  it('bareArrays: a bare JSON array body gives the same rows as the enveloped one', () => {
    for (const key of ['traffic/by-source', 'traffic/by-device']) {
      expect(pull(only('bareArrays'), key).result.rows).toEqual(pull({}, key).result.rows);
    }
  });

  it('earningsSummaryOnly: one summary row, no Date column, and a notice saying so', () => {
    const { result, table } = pull(only('earningsSummaryOnly'), 'earnings');
    expect(table.rows).toHaveLength(1);
    expect(headers(table)).toEqual(['Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
    expect(result.notices).toEqual([
      'The Creator API sent one summary row for 2026-10-01 to 2026-10-31, not a day-by-day series, so there is no Date column.',
    ]);
  });

  it('rejectAggregationPeriod: asked again without it, and not sent again for this credential', () => {
    const { api, client, result } = pull(only('rejectAggregationPeriod'), 'earnings');
    expect(result.rows).toHaveLength(31);
    const earnings = () => api.stats.log.filter((e) => e.path.endsWith('/earnings'));
    expect(earnings().map((e) => [e.status, e.query.includes('aggregationPeriod')])).toEqual([
      [400, true],
      [200, false],
    ]);
    client.fetchRows(spec('earnings'), { ...october, endDate: '2026-10-30' });
    expect(
      earnings()
        .slice(2)
        .map((e) => [e.status, e.query.includes('aggregationPeriod')]),
    ).toEqual([[200, false]]);
  });

  it('pageSizeMax250: falls back to 250-row pages once, and asks for 250 first next time', () => {
    const world = emulated({ drift: only('pageSizeMax250') });
    const first = createClient(world.execution(), world.credential).fetchRows(spec('pages/performance'), october);
    expect(first.rows).toHaveLength(1203);
    const sizes = () =>
      world.api.stats.log.filter((e) => e.path.endsWith('/pages/performance')).map((e) => /page\[size\]=(\d+)/.exec(e.query)![1]);
    expect(sizes()).toEqual(['500', '250', '250', '250', '250', '250']);
    // Another execution (another formula, a later run) remembers it through the user cache.
    createClient(world.execution(), world.credential).fetchRows(spec('pages/performance'), { ...october, endDate: '2026-10-30' });
    expect(sizes().slice(6)).toEqual(['250', '250', '250', '250', '250']);
  });

  it('sortPageviewsOnly: the sort the API takes, sorted here as asked; remembered', () => {
    const world = emulated({ drift: only('sortPageviewsOnly') });
    const result = createClient(world.execution(), world.credential).fetchRows(spec('pages/performance'), { ...october, sort: 'author' });
    const authors = result.rows.map((r) => String(r.author ?? '\uffff').toLowerCase());
    expect([...authors].sort()).toEqual(authors);
    const sorts = () =>
      world.api.stats.log.filter((e) => e.path.endsWith('/pages/performance')).map((e) => /sort=([^&]*)/.exec(e.query)?.[1]);
    expect(sorts().slice(0, 2)).toEqual(['author', '-pageviews']);
    createClient(world.execution(), world.credential).fetchRows(spec('pages/performance'), {
      ...october,
      endDate: '2026-10-30',
      sort: 'author',
    });
    expect(sorts().slice(-3)).toEqual(['-pageviews', '-pageviews', '-pageviews']);
  });

  it("sortPageviewsOnly on a report too big to sort here: the API's top rows, and the user is told", () => {
    const world = emulated({ drift: only('sortPageviewsOnly'), latencyMs: 2_000 });
    const query = { siteId: 'site-big', startDate: '2026-10-01', endDate: '2026-10-31', sort: '-rpm', limit: 10 };
    const result = createClient(world.execution('formula'), world.credential).fetchRows(spec('pages/performance'), query);
    expect(result.rows).toHaveLength(10);
    expect(result.notices).toEqual([
      "The Creator API would not sort by rpm, and the whole report is too big to sort here: these are its first 10 rows in the API's own order.",
    ]);
  });

  it('a default sort the API refuses is adapted silently (no notice: the user asked for none)', () => {
    const world = emulated({ drift: only('sortPageviewsOnly'), latencyMs: 2_000 });
    const query = { siteId: 'site-big', startDate: '2026-10-01', endDate: '2026-10-31', limit: 10 };
    const result = createClient(world.execution('formula'), world.credential).fetchRows(spec('pages/performance'), query);
    expect(result.rows).toHaveLength(10);
    expect(result.notices ?? []).toEqual([]);
  });

  it('boundsExtras: timestamps read as days, lastMonthWidget kept, a null preset is "no data"', () => {
    const { execution, credential } = emulated({ drift: only('boundsExtras') });
    const bounds = createClient(execution(), credential).dateBounds('site-1');
    expect(bounds.earnings.range).toEqual({ startDate: '2024-01-01', endDate: '2026-11-19' });
    expect(bounds.earnings.presets.lastMonthWidget).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(bounds.earnings.presets.lastYear).toEqual({ startDate: null, endDate: null });
    const table = pull(only('boundsExtras'), 'date-bounds', { siteId: 'site-1' }).table;
    const lastYear = table.rows.find((r) => r[0] === 'earnings' && r[1] === 'lastYear')!;
    expect(lastYear.slice(2)).toEqual(['', '']);
    const widget = table.rows.find((r) => r[0] === 'earnings' && r[1] === 'lastMonthWidget')!;
    expect(widget[2]).toEqual(toDate('2026-10-01'));
  });

  it('jsonApiErrors: errors[] objects are read for their code', () => {
    const { execution, credential } = emulated({ drift: only('jsonApiErrors') });
    const error = caught(() => createClient(execution(), credential).fetchRows(spec('earnings'), { ...october, siteId: 'nope' }));
    expect(error.message).toContain('(status 404, site_not_found)');
  });

  it('firewall: a 202 HTML challenge is named for what it is, with what to do', () => {
    const { execution, credential } = emulated({ drift: only('firewall') });
    const error = caught(() => createClient(execution(), credential).fetchRows(spec('earnings'), october));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toMatch(/answered with a web page instead of data \(status 202\)\. This usually means its web firewall/);
    expect(error.message).toContain('Wait a few minutes and try again');
    expect(error.message).not.toMatch(/<|could not be read/);
  });

  it('a challenge on the token endpoint reads the same way', () => {
    const { api, execution, credential } = emulated();
    api.inject({ kind: 'challenge', path: 'oauth/token' });
    const error = caught(() => createClient(execution(), credential).listSites());
    expect(error.message).toContain('instead of data (status 202)');
  });
});
