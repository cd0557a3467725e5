import { harness } from './helpers';

const NAMES = ['range', 'mostRecentDay', 'lastThirtyDays', 'lastNinetyDays', 'monthToDate', 'lastMonth', 'yearToDate', 'lastYear'];

describe('date bounds', () => {
  test('analytics end yesterday, earnings the day before, with the dashboard presets', () => {
    const h = harness();
    const res = h.json('/sites/site-1/date-bounds');
    expect(res.status).toBe(200);
    const { analyticsDateBounds: a, earningsDateBounds: e } = res.body.data;
    expect(Object.keys(a)).toEqual(NAMES);
    expect(Object.keys(e)).toEqual(NAMES);
    expect(a).toEqual({
      range: { startDate: '2024-01-01', endDate: '2026-11-20' },
      mostRecentDay: { startDate: '2026-11-20', endDate: '2026-11-20' },
      lastThirtyDays: { startDate: '2026-10-22', endDate: '2026-11-20' },
      lastNinetyDays: { startDate: '2026-08-23', endDate: '2026-11-20' },
      monthToDate: { startDate: '2026-11-01', endDate: '2026-11-20' },
      lastMonth: { startDate: '2026-10-01', endDate: '2026-10-31' },
      yearToDate: { startDate: '2026-01-01', endDate: '2026-11-20' },
      lastYear: { startDate: '2025-01-01', endDate: '2025-12-31' },
    });
    expect(e.range).toEqual({ startDate: '2024-01-01', endDate: '2026-11-19' });
    expect(e.lastThirtyDays).toEqual({ startDate: '2026-10-21', endDate: '2026-11-19' });
  });

  test('today is the UTC day of the clock: a minute before midnight is still the old day', () => {
    const h = harness();
    h.clock.now = Date.UTC(2026, 2, 1, 23, 59);
    const a = h.json('/sites/site-1/date-bounds').body.data.analyticsDateBounds;
    expect(a.mostRecentDay.endDate).toBe('2026-02-28');
    expect(a.monthToDate).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(a.lastMonth).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  test('month and year edges: early January looks back into last year', () => {
    const h = harness();
    h.clock.now = Date.UTC(2026, 0, 2, 8);
    const e = h.json('/sites/site-1/date-bounds').body.data.earningsDateBounds;
    // Earnings end two days back: 2025-12-31.
    expect(e.range.endDate).toBe('2025-12-31');
    expect(e.monthToDate).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(e.lastMonth).toEqual({ startDate: '2025-11-01', endDate: '2025-11-30' });
    expect(e.yearToDate).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(e.lastYear).toEqual({ startDate: '2024-01-01', endDate: '2024-12-31' });
  });

  test('presets are clipped to the start of data; a preset wholly before it is null', () => {
    const h = harness();
    h.clock.now = Date.UTC(2025, 1, 10, 12);
    const token = h.token('agency');
    // agency-10 has data from 2024-10-01.
    const a = h.json('/sites/agency-10/date-bounds', token).body.data.analyticsDateBounds;
    expect(a.range).toEqual({ startDate: '2024-10-01', endDate: '2025-02-09' });
    expect(a.lastYear).toEqual({ startDate: '2024-10-01', endDate: '2024-12-31' });
    expect(a.lastNinetyDays.startDate).toBe('2024-11-12');
    h.clock.now = Date.UTC(2024, 10, 1, 12);
    const b = h.json('/sites/agency-10/date-bounds', h.token('agency')).body.data.analyticsDateBounds;
    expect(b.lastYear).toEqual({ startDate: null, endDate: null });
    expect(b.lastThirtyDays).toEqual({ startDate: '2024-10-02', endDate: '2024-10-31' });
    expect(b.lastNinetyDays).toEqual({ startDate: '2024-10-01', endDate: '2024-10-31' });
  });

  test('the inactive site has every bound null', () => {
    const h = harness();
    const data = h.json('/sites/site-old/date-bounds').body.data;
    for (const family of [data.analyticsDateBounds, data.earningsDateBounds]) {
      for (const name of NAMES) expect(family[name]).toEqual({ startDate: null, endDate: null });
    }
  });

  test('a site whose data starts after today has null bounds', () => {
    const h = harness();
    h.clock.now = Date.UTC(2024, 1, 15);
    const data = h.json('/sites/agency-05/date-bounds', h.token('agency')).body.data;
    expect(data.analyticsDateBounds.range).toEqual({ startDate: null, endDate: null });
  });
});
