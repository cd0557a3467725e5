import { dataThrough, parseRange, resolveRange, sharedLastDay } from '../../src/dates';
import type { DateBounds } from '../../src/shared/date-bounds';
import { caught } from '../api/helpers/caught';
import { clockAt } from './clock-stub';

const bounds: DateBounds = {
  analytics: {
    range: { startDate: '2024-01-01', endDate: '2026-11-20' },
    presets: { lastMonth: { startDate: '2026-10-01', endDate: '2026-10-31' } },
  },
  earnings: {
    range: { startDate: '2024-01-01', endDate: '2026-11-19' },
    presets: {
      lastMonth: { startDate: '2026-10-01', endDate: '2026-10-31' },
      lastYear: { startDate: '2023-01-01', endDate: '2023-12-31' },
      yearToDate: { startDate: '2026-01-01', endDate: '2026-11-20' },
      mostRecentDay: { startDate: null, endDate: null },
    },
  },
};
const site1 = { siteId: 'site-1', family: 'earnings' as const };

describe('resolveRange', () => {
  it('keeps explicit days inside the bounds and reports data through', () => {
    expect(resolveRange({ kind: 'days', startDate: '2026-10-01', endDate: '2026-11-19' }, bounds, site1)).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-11-19',
      dataThrough: '2026-11-19',
    });
  });

  it('names the available range when days fall outside it', () => {
    const late = { kind: 'days' as const, startDate: '2026-11-01', endDate: '2026-11-20' };
    expect(() => resolveRange(late, bounds, site1)).toThrow(
      'Earnings data for site-1 is available from 2024-01-01 to 2026-11-19. Choose dates inside that range.',
    );
    expect(caught(() => resolveRange(late, bounds, site1)).code).toBe('OUT_OF_BOUNDS');
    const early = { kind: 'days' as const, startDate: '2023-12-31', endDate: '2024-01-31' };
    expect(() => resolveRange(early, bounds, site1)).toThrow('available from 2024-01-01');
  });

  it('moves a rolling window back to the last day with data, and says so', () => {
    // 7daysAgo..yesterday on 2026-11-21, with earnings through 2026-11-19.
    const week = { kind: 'days' as const, startDate: '2026-11-14', endDate: '2026-11-20', rolling: { start: true, end: true } };
    expect(resolveRange(week, bounds, site1)).toEqual({
      startDate: '2026-11-14',
      endDate: '2026-11-19',
      dataThrough: '2026-11-19',
      clamped: true,
    });
    // today..today: the last day with data.
    const today = { kind: 'days' as const, startDate: '2026-11-21', endDate: '2026-11-21', rolling: { start: true, end: true } };
    expect(resolveRange(today, bounds, site1)).toMatchObject({ startDate: '2026-11-19', endDate: '2026-11-19', clamped: true });
    // An explicit start with a rolling end keeps its start.
    const since = { kind: 'days' as const, startDate: '2026-10-01', endDate: '2026-11-21', rolling: { start: false, end: true } };
    expect(resolveRange(since, bounds, site1)).toMatchObject({ startDate: '2026-10-01', endDate: '2026-11-19' });
    // A rolling start before the first day starts on it.
    const long = { kind: 'days' as const, startDate: '2020-01-01', endDate: '2026-11-18', rolling: { start: true, end: true } };
    expect(resolveRange(long, bounds, site1)).toEqual({ startDate: '2024-01-01', endDate: '2026-11-18', dataThrough: '2026-11-19' });
  });

  it("'keepLength' moves the start back as far as the end, and ends by a shared last day when given one", () => {
    // 7daysAgo..yesterday on 2026-11-21 for an alert, with earnings through 2026-11-19.
    const week = {
      kind: 'days' as const,
      startDate: '2026-11-14',
      endDate: '2026-11-20',
      rolling: { start: true, end: true, keepLength: true as const },
    };
    expect(resolveRange(week, bounds, site1)).toMatchObject({ startDate: '2026-11-13', endDate: '2026-11-19', clamped: true });
    // Over several sites, one of them through 2026-11-17: every site gets the same seven days.
    expect(resolveRange(week, bounds, { ...site1, lastDay: '2026-11-17' })).toMatchObject({
      startDate: '2026-11-11',
      endDate: '2026-11-17',
    });
    // 'shrink' (the default) keeps its start: the window gets shorter.
    const { keepLength: _, ...shrink } = week.rolling;
    expect(resolveRange({ ...week, rolling: shrink }, bounds, site1)).toMatchObject({ startDate: '2026-11-14', endDate: '2026-11-19' });
    // Still never before the first day with data.
    const long = { ...week, startDate: '2024-01-02', endDate: '2026-11-20' };
    expect(resolveRange(long, bounds, site1)).toMatchObject({ startDate: '2024-01-01', endDate: '2026-11-19' });
  });

  it('parseRange marks a relative range with the rule asked for, and only a relative one', () => {
    const ctx = { platform: clockAt('2026-11-21T15:00:00Z'), timeZone: 'America/New_York' };
    expect(parseRange('7daysAgo', 'yesterday', ctx, 'keepLength')).toEqual({
      kind: 'days',
      startDate: '2026-11-14',
      endDate: '2026-11-20',
      rolling: { start: true, end: true, keepLength: true },
    });
    expect(parseRange('7daysAgo', 'yesterday', ctx)).toMatchObject({ rolling: { start: true, end: true } });
    expect(parseRange('7daysAgo', 'yesterday', ctx)).not.toMatchObject({ rolling: { keepLength: true } });
    expect(parseRange('2026-11-01', '2026-11-07', ctx, 'keepLength')).toEqual({
      kind: 'days',
      startDate: '2026-11-01',
      endDate: '2026-11-07',
    });
  });

  it('sharedLastDay is the earliest last day with data, skipping sites with none', () => {
    const through = (endDate: string | null): DateBounds => ({
      analytics: { range: { startDate: null, endDate: null }, presets: {} },
      earnings: { range: { startDate: '2024-01-01', endDate }, presets: {} },
    });
    expect(sharedLastDay([through('2026-11-19'), through('2026-11-17'), through(null)], 'earnings')).toBe('2026-11-17');
    expect(sharedLastDay([through(null)], 'earnings')).toBeUndefined();
  });

  it('still refuses explicit calendar days past the data, and an explicit start after a rolling end', () => {
    const since = { kind: 'days' as const, startDate: '2026-11-20', endDate: '2026-11-21', rolling: { start: false, end: true } };
    expect(() => resolveRange(since, bounds, site1)).toThrow('available from 2024-01-01 to 2026-11-19');
  });

  it('uses the analytics bounds for traffic reports', () => {
    const range = { kind: 'days' as const, startDate: '2026-11-01', endDate: '2026-11-20' };
    expect(resolveRange(range, bounds, { siteId: 'site-1', family: 'analytics' }).dataThrough).toBe('2026-11-20');
  });

  it("resolves a preset from the family's own bounds", () => {
    expect(resolveRange({ kind: 'preset', name: 'lastMonth' }, bounds, site1)).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      dataThrough: '2026-11-19',
    });
  });

  it('trims a preset to the days with data', () => {
    expect(resolveRange({ kind: 'preset', name: 'yearToDate' }, bounds, site1).endDate).toBe('2026-11-19');
  });

  it('explains a preset with no data', () => {
    expect(() => resolveRange({ kind: 'preset', name: 'mostRecentDay' }, bounds, site1)).toThrow(
      'The preset mostRecentDay has no earnings data for site site-1.',
    );
    expect(() => resolveRange({ kind: 'preset', name: 'lastYear' }, bounds, site1)).toThrow(
      'The preset lastYear falls outside the available data. Earnings data for site-1 is available from 2024-01-01',
    );
  });

  it('says when a site has no data yet', () => {
    const empty: DateBounds = {
      analytics: { range: { startDate: null, endDate: null }, presets: {} },
      earnings: { range: { startDate: null, endDate: null }, presets: {} },
    };
    const range = { kind: 'days' as const, startDate: '2026-10-01', endDate: '2026-10-02' };
    expect(() => resolveRange(range, empty, { siteId: 'site-old', family: 'earnings' })).toThrow('Site site-old has no earnings data yet.');
    expect(() => resolveRange(range, null, { siteId: 'site-old', family: 'analytics' })).toThrow('Site site-old has no traffic data yet.');
    expect(dataThrough(empty, 'earnings')).toBeNull();
    expect(dataThrough(bounds, 'analytics')).toBe('2026-11-20');
  });
});
