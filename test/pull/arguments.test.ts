import { readLimit, readSort } from '../../src/pull/query-options';
import { resolveReport } from '../../src/pull/report-key';
import { readSiteArg } from '../../src/pull/site-arg';

const pages = resolveReport('pages/performance');

describe('report keys', () => {
  it('finds a report by its key, trimmed and in any case', () => {
    expect(resolveReport(' Pages/Performance ').key).toBe('pages/performance');
    expect(resolveReport('earnings').formula).toBe('CREATOR_EARNINGS');
  });

  it('lists every valid key for an unknown one', () => {
    expect(() => resolveReport('pageperformance')).toThrow(
      /Unknown report "pageperformance"\. Use one of: sites, date-bounds, traffic\/summary, .*categories\/performance\./,
    );
    expect(() => resolveReport(undefined)).toThrow('Give a report key. Use one of: sites');
  });
});

describe('siteId', () => {
  it('takes one ID, trimmed', () => {
    expect(readSiteArg(' site-1 ')).toEqual({ kind: 'ids', ids: ['site-1'] });
  });

  it('takes a number as an ID', () => {
    expect(readSiteArg(12345)).toEqual({ kind: 'ids', ids: ['12345'] });
  });

  it('takes a range, skipping blanks and repeats, keeping order', () => {
    expect(readSiteArg([['site-2'], [''], ['site-1'], ['site-2'], [' '], [7]])).toEqual({
      kind: 'ids',
      ids: ['site-2', 'site-1', '7'],
    });
  });

  it('takes "all" in any case', () => {
    expect(readSiteArg('ALL')).toEqual({ kind: 'all' });
    expect(readSiteArg([['all']])).toEqual({ kind: 'all' });
  });

  it('asks for a site when there is none', () => {
    for (const v of [undefined, '', [['']], []]) expect(() => readSiteArg(v)).toThrow('Give a site ID (e.g. "site-1"');
  });

  it('refuses a mix of "all" and IDs, and non-ID values', () => {
    expect(() => readSiteArg([['all'], ['site-1']])).toThrow('Use "all" on its own');
    expect(() => readSiteArg(true)).toThrow('TRUE is not a site ID');
  });
});

describe('limit', () => {
  it('is a whole number from 1 to 100000, or nothing', () => {
    expect(readLimit(100)).toBe(100);
    expect(readLimit(' 25 ')).toBe(25);
    expect(readLimit(100000)).toBe(100000);
    expect(readLimit(undefined)).toBeUndefined();
    expect(readLimit('')).toBeUndefined();
  });

  it('refuses zero, negatives, fractions, too large and text', () => {
    for (const v of [0, -5, 2.5, 100001, 'ten', true]) {
      expect(() => readLimit(v)).toThrow('must be a whole number from 1 to 100000');
    }
  });
});

describe('sort', () => {
  it('passes field names through and maps headers to fields', () => {
    expect(readSort(pages, '-earnings')).toBe('-earnings');
    expect(readSort(pages, 'RPM')).toBe('rpm');
    expect(readSort(pages, '-Pageviews %')).toBe('-pageviewsPercent');
    expect(readSort(pages, ' -someNewField ')).toBe('-someNewField');
    expect(readSort(pages, '')).toBeUndefined();
  });

  it('refuses what cannot be a field name', () => {
    expect(() => readSort(pages, 'earnings desc')).toThrow(
      'The sort "earnings desc" is not a field name. Use a field such as earnings, or -earnings for descending',
    );
    expect(() => readSort(pages, '-rpm;drop')).toThrow('is not a field name');
    expect(() => readSort(pages, 5)).toThrow('is not a field name');
  });
});
