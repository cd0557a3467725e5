import { harness, range } from './helpers';

const OCT = range('2026-10-01', '2026-10-31');

describe('quirks', () => {
  test('all off by default; unknown names are refused', () => {
    const h = harness();
    expect(Object.values(h.api.quirks).every((v) => v === false)).toBe(true);
    expect(() => h.api.setQuirks({ nope: true } as never)).toThrow(/unknown quirk/);
  });

  test('numbersAsStrings: every number is a string, meta included', () => {
    const h = harness();
    h.api.setQuirks({ numbersAsStrings: true });
    const body = h.json(`/sites/site-1/pages/performance?${OCT}&page[size]=2`).body;
    expect(body.meta.recordCount).toBe('1203');
    expect(body.meta.page).toMatchObject({ number: '1', size: '2', next: '2', prev: null });
    const row = body.data[0];
    expect(typeof row.earnings).toBe('string');
    expect(typeof row.pageviews).toBe('string');
    expect(typeof row.cpm.value).toBe('string');
    expect(Number(row.earnings)).toBeGreaterThan(0);
    expect(h.json('/sites?page[size]=0').body.meta.totalItemCount).toBe('5');
    const summary = h.json(`/sites/site-1/traffic/summary?${OCT}`).body.data;
    expect(typeof summary.sessions).toBe('string');
    expect(summary.ga4DataAvailable).toBe(true);
  });

  test('missingRpm: zero-traffic rows have no rpm key at all', () => {
    const h = harness();
    h.api.setQuirks({ missingRpm: true });
    const rows = h.json(`/sites/site-1/countries/performance?${OCT}`).body.data;
    const antarctica = rows.find((r: { country: string }) => r.country === 'Antarctica');
    expect(antarctica).not.toHaveProperty('rpm');
    expect(rows[0]).toHaveProperty('rpm');
  });

  test('missingNextOnLastPage: the last page has no next key', () => {
    const h = harness();
    h.api.setQuirks({ missingNextOnLastPage: true });
    const last = h.json(`/sites/site-1/pages/performance?${OCT}&page[size]=500&page[number]=3`).body.meta.page;
    expect(last).not.toHaveProperty('next');
    expect(last.last).toBe(3);
    expect(h.json(`/sites/site-1/pages/performance?${OCT}&page[size]=500`).body.meta.page.next).toBe(2);
  });

  test('errorsArray: JSON:API errors', () => {
    const h = harness();
    h.api.setQuirks({ errorsArray: true });
    const token = h.token();
    h.api.expireTokens();
    expect(h.json('/sites', token).body).toEqual({ errors: [{ status: '401', code: 'token_expired', title: expect.any(String) }] });
    expect(h.json(`/sites/site-1/earnings?${range('2030-01-01', '2030-01-02')}`, h.token()).body.errors[0]).toMatchObject({
      status: '400',
      code: 'invalid_date_range',
    });
  });

  test('extraField: rows carry newMetric', () => {
    const h = harness();
    h.api.setQuirks({ extraField: true });
    for (const row of h.json(`/sites/site-1/devices/performance?${OCT}`).body.data) expect(row).toHaveProperty('newMetric');
    expect(h.json(`/sites/site-1/pages/performance?${OCT}&page[size]=1`).body.data[0]).toHaveProperty('newMetric');
  });

  test('renamedField: earnings arrives as revenue', () => {
    const h = harness();
    h.api.setQuirks({ renamedField: true });
    const row = h.json(`/sites/site-1/earnings?${OCT}`).body.data[0];
    expect(row).not.toHaveProperty('earnings');
    expect(row.revenue).toBeGreaterThan(0);
  });

  test('objectForNumber: pageviews arrives as {value, score}', () => {
    const h = harness();
    const plain = h.json(`/sites/site-1/traffic/by-device?${OCT}`).body.data[0].pageviews;
    h.api.setQuirks({ objectForNumber: true });
    expect(h.json(`/sites/site-1/traffic/by-device?${OCT}`).body.data[0].pageviews).toEqual({ value: plain, score: expect.any(Number) });
  });

  test('quirks combine, and reset() clears them', () => {
    const h = harness();
    h.api.setQuirks({ renamedField: true, numbersAsStrings: true });
    const row = h.json(`/sites/site-1/earnings?${OCT}`).body.data[0];
    expect(typeof row.revenue).toBe('string');
    h.api.reset();
    expect(typeof h.json(`/sites/site-1/earnings?${OCT}`, h.token()).body.data[0].earnings).toBe('number');
  });
});
