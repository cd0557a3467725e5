import { SITE_FIELD } from '../../src/table/types';
import { findReport } from '../../src/catalog/reports';
import { catalogRank, stackTables, tableStream, toTable, totalRow } from '../../src/table';

const toDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const spec = (key: string) => findReport(key)!;
const headers = (t: { columns: Array<{ header: string }> }) => t.columns.map((c) => c.header);

describe('toTable', () => {
  it('puts known columns first in catalog order, scored metrics as two columns', () => {
    const table = toTable(
      spec('pages/performance'),
      [
        { rpm: 25, pageUrl: '/a/', cpm: { value: 12.5, score: 50 }, viewability: { value: 70, score: 55 } },
        { siteUrl: null, pageUrl: '/b/' },
      ],
      { toDate },
    );
    expect(headers(table)).toEqual(['Page URL', 'Site URL', 'RPM', 'CPM', 'CPM score', 'Viewability', 'Viewability score']);
    const row = table.rows[0];
    expect(row[headers(table).indexOf('CPM')]).toBe(12.5);
    expect(row[headers(table).indexOf('CPM score')]).toBe(50);
    expect(row[headers(table).indexOf('Site URL')]).toBe('');
  });

  it('leaves out a known column no row carries, and a score no row sends (viewability as {value})', () => {
    const table = toTable(
      spec('pages/performance'),
      [
        { pageUrl: '/a/', earnings: 1.25, viewability: { value: 70 }, cpm: { value: 12.5, score: 50 } },
        { pageUrl: null, earnings: 0.5, viewability: { value: 60 }, cpm: { value: 10, score: 40 } },
      ],
      { toDate },
    );
    expect(headers(table)).toEqual(['Page URL', 'Earnings', 'CPM', 'CPM score', 'Viewability']);
    // A row without a URL keeps its money.
    expect(table.rows[1]).toEqual(['', 0.5, 10, 40, 0.6]);
  });

  it('keeps every unknown field after the known ones, in first-seen order', () => {
    const table = toTable(
      spec('devices/performance'),
      [
        { device: 'desktop', zeta: 1 },
        { device: 'mobile', alpha: 'x', zeta: 2, nested: { a: 1, b: { c: 'deep' } }, tags: ['a', 'b'] },
      ],
      { toDate },
    );
    expect(headers(table)).toEqual(['Device', 'Zeta', 'Alpha', 'Nested a', 'Nested b c', 'Tags']);
    expect(table.rows[0]).toEqual(['desktop', 1, '', '', '', '']);
    expect(table.rows[1]).toEqual(['mobile', 2, 'x', 1, 'deep', '["a","b"]']);
  });

  it('coerces numeric strings in numeric columns, and canonical ones in unknown fields', () => {
    const table = toTable(
      spec('devices/performance'),
      [{ device: 'desktop', earnings: '3.25', pageviews: '75', sessions: ' 50 ', rpm: 'n/a', extra: '12.5', zip: '007' }],
      { toDate },
    );
    const row = table.rows[0];
    expect(row.slice(1, 5)).toEqual([3.25, 75, 50, 'n/a']);
    expect(row[headers(table).indexOf('Extra')]).toBe(12.5);
    expect(row[headers(table).indexOf('Zip')]).toBe('007');
  });

  it('gives unknown fields human headers and typed, formatted cells', () => {
    const table = toTable(
      spec('traffic/summary'),
      [
        {
          pageviews: 10,
          impressionsPerPageview: 2.5,
          ga4StartDate: '2024-03-01',
          ga4DataAvailable: true,
          briefId: 'b-1',
          flag: 'false',
          updatedAt: '2026-11-19T10:30:00Z',
          totalRevenue: '12.50',
          visits: 7,
          Pageviews: 3,
        },
      ],
      { toDate },
    );
    const column = (h: string) => table.columns[headers(table).indexOf(h)];
    const cell = (h: string) => table.rows[0][headers(table).indexOf(h)];
    expect(headers(table)).toEqual([
      'Pageviews',
      'Impressions per pageview',
      'GA4 start date',
      'GA4 data available',
      'Brief ID',
      'Flag',
      'Updated at',
      'Total revenue',
      'Visits',
      'Pageviews (Pageviews)',
    ]);
    expect(column('Impressions per pageview')).toMatchObject({ type: 'number', format: '#,##0.00' });
    expect(cell('GA4 start date')).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(column('GA4 start date')).toMatchObject({ type: 'date', format: 'yyyy-mm-dd' });
    expect(cell('GA4 data available')).toBe(true);
    expect(cell('Flag')).toBe(false);
    expect(cell('Updated at')).toEqual(new Date('2026-11-19T10:30:00Z'));
    expect(cell('Total revenue')).toBe(12.5);
    expect(column('Total revenue')).toMatchObject({ type: 'currency', format: '$#,##0.00' });
    expect(column('Visits')).toMatchObject({ format: '#,##0' });
  });

  it('shows null, missing and non-finite values as empty cells, never null/undefined/NaN/[object Object]', () => {
    const table = toTable(
      spec('devices/performance'),
      [
        { device: 'desktop', earnings: 1, rpm: null, rps: Number.NaN, odd: {} },
        { device: 'mobile', earnings: 2 },
      ],
      { toDate },
    );
    for (const row of table.rows) {
      for (const cell of row) {
        expect(cell).not.toBeNull();
        expect(cell).not.toBeUndefined();
        expect(Number.isNaN(cell)).toBe(false);
        expect(String(cell)).not.toMatch(/null|undefined|\[object Object\]/);
      }
    }
    expect(table.rows[0][headers(table).indexOf('RPM')]).toBe('');
  });

  it('keeps every catalog column when there are no rows, and only the sent ones when there are', () => {
    const empty = toTable(spec('earnings'), [], { toDate });
    const full = toTable(spec('earnings'), [{ date: '2026-10-01', earnings: 1, pageRpm: 2 }], { toDate });
    expect(headers(empty)).toEqual(['Date', 'Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
    expect(headers(full)).toEqual(['Date', 'Earnings', 'Page RPM']);
  });

  it('turns YYYY-MM-DD into dates with the given toDate, and leaves other text alone', () => {
    const table = toTable(spec('earnings'), [{ date: '2026-10-01' }, { date: '2026-02-30' }], { toDate });
    expect(table.rows[0][0]).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(table.rows[1][0]).toBe('2026-02-30');
    expect(table.columns[0]).toMatchObject({ type: 'date', format: 'yyyy-mm-dd' });
  });

  it('splits a known unscored metric that arrives as {value, score}', () => {
    const table = toTable(spec('countries/performance'), [{ country: 'US', cpm: { value: 9, score: 40 } }], { toDate });
    const i = headers(table).indexOf('CPM');
    expect(headers(table)[i + 1]).toBe('CPM score');
    expect(table.rows[0].slice(i, i + 2)).toEqual([9, 40]);
  });

  it('adds a leading Site column when given a site', () => {
    const table = toTable(spec('devices/performance'), [{ device: 'desktop' }], { toDate, siteId: 'site-1' });
    expect(table.columns[0]).toMatchObject({ header: 'Site', field: SITE_FIELD });
    expect(table.rows[0][0]).toBe('site-1');
  });

  it('keeps site IDs as text even when the API sends numbers', () => {
    const table = toTable(spec('sites'), [{ id: 123, name: 'A', jw: 'true' }], { toDate });
    expect(headers(table)).toEqual(['Site ID', 'Name', 'Video player']);
    expect(table.rows[0]).toEqual(['123', 'A', true]);
  });

  it('flattens date bounds into one row per family and range', () => {
    const table = toTable(
      spec('date-bounds'),
      [
        {
          earningsDateBounds: {
            range: { startDate: '2024-01-01', endDate: null },
            lastMonth: { startDate: '2026-10-01', endDate: '2026-10-31' },
          },
          analyticsDateBounds: { lastMonth: { startDate: '2026-10-01', endDate: '2026-10-31' }, range: { startDate: null, endDate: null } },
        },
      ],
      { toDate },
    );
    expect(headers(table)).toEqual(['Data', 'Range', 'Start date', 'End date']);
    expect(table.rows.map((r) => r.slice(0, 2))).toEqual([
      ['analytics', 'range'],
      ['analytics', 'lastMonth'],
      ['earnings', 'range'],
      ['earnings', 'lastMonth'],
    ]);
    expect(table.rows[0].slice(2)).toEqual(['', '']);
    expect(table.rows[2][2]).toEqual(new Date('2024-01-01T00:00:00Z'));
  });
});

describe('totalRow', () => {
  it('sums additive columns and recomputes RPM, RPS and page RPM from the sums', () => {
    const s = spec('earnings');
    const table = toTable(
      s,
      [
        { date: '2026-10-01', earnings: 10, pageviews: 1000, sessions: 500, rpm: 20, pageRpm: 10, rps: 0.02 },
        { date: '2026-10-02', earnings: 30, pageviews: 1000, sessions: 1500, rpm: 20, pageRpm: 30, rps: 0.02 },
      ],
      { toDate },
    );
    const total = totalRow(table, s);
    expect(total[0]).toBe('Total');
    expect(total.slice(1)).toEqual([40, 2000, 2000, 20, 20, 0.02]);
  });

  it('averages weighted metrics by their weight, never plainly', () => {
    const s = spec('traffic/by-device');
    const table = toTable(
      s,
      [
        { device: 'desktop', pageviews: 100, sessions: 100, bounceRate: 50 },
        { device: 'mobile', pageviews: 900, sessions: 300, bounceRate: 10 },
      ],
      { toDate },
    );
    const total = totalRow(table, s);
    // No row sends pages per session, so that column is left out.
    expect(total.slice(0, 3)).toEqual(['Total', 1000, 400]);
    // Bounce rates are fractions (0.5 and 0.1): the weighted mean is 0.2, i.e. 20%.
    expect(total[3]).toBeCloseTo(0.2, 12);
  });

  it.each([
    ['a formula', false],
    ['a sidebar pull (sheet-safe rows)', true],
  ])('writes every percent as a fraction with a %% format, whatever shape the API sends it in (%s)', (_path, forSheet) => {
    const s = spec('pages/performance');
    const table = toTable(
      s,
      [
        { pageUrl: '/a/', pageviewsPercent: 10, viewability: { value: 58.4 } },
        { pageUrl: '/b/', pageviewsPercent: '2.5', viewability: 70 },
      ],
      { toDate, forSheet },
    );
    const col = (h: string) => headers(table).indexOf(h);
    expect(table.rows.map((r) => [r[col('Pageviews %')], r[col('Viewability')]])).toEqual([
      [0.1, 0.584],
      [0.025, 0.7],
    ]);
    expect(table.columns[col('Viewability')].format).toBe('0.00%');
  });

  it('leaves a ratio empty when its parts are not in the table (page rows have no sessions)', () => {
    const s = spec('pages/performance');
    const table = toTable(s, [{ pageUrl: '/a/', earnings: 5, impressions: 1000, rpm: 25, cpm: { value: 5, score: 1 } }], { toDate });
    const total = totalRow(table, s);
    const at = (h: string) => total[headers(table).indexOf(h)];
    expect(at('RPM')).toBe('');
    expect(at('CPM')).toBe(5);
    expect(at('CPM score')).toBe('');
    expect(headers(table)).not.toContain('Pageviews');
  });

  it('is empty (not NaN) when the denominator sums to zero', () => {
    const s = spec('devices/performance');
    const table = toTable(s, [{ device: 'x', earnings: 0, sessions: 0, pageviews: 0, rpm: null }], { toDate });
    expect(totalRow(table, s)).toEqual(['Total', 0, 0, 0, '']);
  });
});

describe('stackTables', () => {
  it('unions columns with Site first and keeps a score beside its value', () => {
    const s = spec('countries/performance');
    const a = toTable(s, [{ country: 'US', earnings: 1 }], { toDate, siteId: 'site-1' });
    const b = toTable(s, [{ country: 'FR', cpm: { value: 2, score: 9 }, newField: 'n' }], { toDate, siteId: 'site-2' });
    const stacked = stackTables([a, b], ['site-1', 'site-2'], undefined, catalogRank(s));
    const h = headers(stacked);
    expect(h).toEqual(['Site', 'Country', 'Earnings', 'CPM', 'CPM score', 'New field']);
    expect(stacked.rows.map((r) => r[0])).toEqual(['site-1', 'site-2']);
    expect(stacked.rows[0][h.indexOf('CPM score')]).toBe('');
    expect(stacked.rows[1][h.indexOf('CPM score')]).toBe(9);
    for (const row of stacked.rows) expect(row).toHaveLength(h.length);
  });

  it('fills the Site column from the site list for tables built without one', () => {
    const s = spec('devices/performance');
    const stacked = stackTables([toTable(s, [{ device: 'a' }], { toDate }), toTable(s, [{ device: 'b' }], { toDate })], ['x', 'y']);
    expect(stacked.rows.map((r) => r.slice(0, 2))).toEqual([
      ['x', 'a'],
      ['y', 'b'],
    ]);
  });
});

describe('tableStream with the catalog laid out (a paginated report)', () => {
  const pages = spec('pages/performance');
  const row = (i: number, extra: Record<string, unknown> = {}) => ({
    pageUrl: `/p${i}/`,
    earnings: i,
    pageviews: 10 * i,
    ...extra,
  });
  const batches = [
    [row(1), row(2)],
    [row(3, { author: 'Ann', cpm: { value: 2, score: 40 } }), row(4)],
  ];

  it('takes a catalog field and a score first sent in a later batch, and ends with the columns toTable gives', () => {
    const stream = tableStream(pages, { toDate, catalogLayout: true });
    const streamed = batches.map((b) => stream.add(b));
    expect(streamed.every((t) => t !== null)).toBe(true);
    const whole = toTable(pages, batches.flat(), { toDate });
    expect(headers({ columns: stream.columns() })).toEqual(headers(whole));
    // The batches' rows cut to the final columns are the whole table's rows.
    const laidOut = streamed[0]!.columns.map((c) => c.field);
    const keep = stream.columns().map((c) => laidOut.indexOf(c.field));
    const rows = streamed.flatMap((t) => t!.rows.map((r) => keep.map((i) => r[i])));
    expect(rows).toEqual(whole.rows);
  });

  it('puts every value in its own column when the rows of a later batch send their fields in other orders', () => {
    const stream = tableStream(pages, { toDate, catalogLayout: true });
    const first = stream.add([row(1, { cpm: { value: 1, score: 10 }, author: 'Ann' })])!;
    // Some fields at the place they had in the row before, some not.
    const later = [
      { pageUrl: '/p2/', earnings: 2, pageviews: 20, cpm: { value: 2, score: 20 }, author: 'Bo' },
      { pageUrl: '/p3/', earnings: 3, author: 'Cy', pageviews: 30, cpm: { value: 3, score: 30 } },
      { author: 'Di', earnings: 4, pageUrl: '/p4/', pageviews: 40, cpm: { score: 40, value: 4 } },
    ];
    const batch = stream.add(later)!;
    const cell = (r: unknown[], header: string) => r[headers(first).indexOf(header)];
    expect(batch.rows.map((r) => ['Page URL', 'Earnings', 'Pageviews', 'CPM', 'CPM score', 'Author'].map((h) => cell(r, h)))).toEqual([
      ['/p2/', 2, 20, 2, 20, 'Bo'],
      ['/p3/', 3, 30, 3, 30, 'Cy'],
      ['/p4/', 4, 40, 4, 40, 'Di'],
    ]);
  });

  it('still needs another layout when a later catalog field would take a header an unknown field has', () => {
    const stream = tableStream(pages, { toDate, catalogLayout: true });
    expect(stream.add([row(1, { Author: 'an unknown field' })])).not.toBeNull();
    expect(stream.add([row(2, { author: 'Ann' })])).toBeNull();
  });

  it('without the layout, a catalog field first sent later needs another layout', () => {
    const stream = tableStream(pages, { toDate });
    expect(stream.add(batches[0])).not.toBeNull();
    expect(stream.add(batches[1])).toBeNull();
  });
});
