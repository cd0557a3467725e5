/**
 * A comparison with a limit: "top N this period, each beside its own value last period". Checked
 * against separate pulls of each period (the current one limited, the earlier one whole), on the
 * fake's default shapes and on its drift (URL variants, pages without a URL, a sort the API refuses
 * and sorts here, pages of 250).
 */
import { findReport } from '../../src/catalog/reports';
import type { ExecutionKind } from '../../src/platform/execution';
import { type PullRequest, type PullResult, pullReport } from '../../src/pull/pull-report';
import { dimensionFields } from '../../src/table/compare';
import { SITE_FIELD, type Table } from '../../src/table';
import { FAKE_MODES } from '../fake-modes';
import { createHarness, OWNER } from '../formulas/harness';

type Harness = ReturnType<typeof createHarness>;

const PAGES = 'pages/performance';
const PERIOD = { start: '2026-10-01', end: '2026-10-31' };

function pull(h: Harness, request: PullRequest, kind: ExecutionKind = 'sidebar'): PullResult {
  return h.run((ex) => pullReport(ex, request, { purpose: 'user' }), kind);
}

/** A row's match key over the report's dimension columns (as compareTables matches rows). */
function keyer(table: Table): (row: unknown[]) => string {
  const fields = new Set(dimensionFields(findReport(PAGES)!));
  const at = table.columns.map((c, i) => (fields.has(c.field) ? i : -1)).filter((i) => i >= 0);
  return (row) => JSON.stringify(at.map((i) => row[i]));
}

/** Earnings per key, summed over the rows sharing it (URL variants count as one page). */
function earningsByKey(table: Table): Map<string, number> {
  const key = keyer(table);
  const at = table.columns.findIndex((c) => c.field === 'earnings');
  const out = new Map<string, number>();
  for (const row of table.rows) out.set(key(row), (out.get(key(row)) ?? 0) + (row[at] as number));
  return out;
}

function cell(result: PullResult, row: unknown[], field: string): unknown {
  return row[result.table.columns.findIndex((c) => c.field === field)];
}

const finite = (rows: unknown[][]) => rows.every((r) => r.every((v) => typeof v !== 'number' || Number.isFinite(v)));

describe.each(FAKE_MODES)('a limited comparison (%s fake)', (_mode, drift) => {
  function setUp(opts: Parameters<typeof createHarness>[0] = {}): Harness {
    const h = createHarness({ drift, ...opts });
    h.saveCredential(OWNER, 'demo', false);
    return h;
  }

  test('top 10 by RPM: exactly the current rows, in order, each beside its own previous value, and a Total over the same rows', () => {
    const h = setUp();
    const request = { report: PAGES, siteId: 'site-1', ...PERIOD, limit: 10, sort: '-rpm' };
    const compared = pull(h, { ...request, compareTo: 'previousPeriod', totals: true });
    const current = pull(h, request).table;
    const before = pull(h, { report: PAGES, siteId: 'site-1', start: compared.comparison!.startDate, end: compared.comparison!.endDate });
    const previous = earningsByKey(before.table);
    const key = keyer(current);
    const keys = [...new Set(current.rows.map(key))];
    // The case that went wrong: some of this period's top pages were not in the previous top 10.
    const previousTop = new Set(
      pull(h, { ...request, start: compared.comparison!.startDate, end: compared.comparison!.endDate }).table.rows.map(keyer(before.table)),
    );
    expect(keys.some((k) => !previousTop.has(k))).toBe(true);

    const rows = compared.table.rows;
    expect(compared.totalRows).toBe(1);
    expect(rows).toHaveLength(keys.length + 1);
    expect(rows.slice(0, -1).map(keyer(compared.table))).toEqual(keys);
    const now = earningsByKey(current);
    rows.slice(0, -1).forEach((row, i) => {
      expect(cell(compared, row, 'earnings')).toBeCloseTo(now.get(keys[i])!, 6);
      const then = previous.get(keys[i]);
      if (then === undefined) {
        expect([cell(compared, row, 'earnings.previous'), cell(compared, row, 'earnings.change')]).toEqual(['', '']);
      } else {
        expect(cell(compared, row, 'earnings.previous')).toBeCloseTo(then, 6);
      }
    });
    const total = rows[rows.length - 1];
    const sum = (values: Array<number | undefined>) => values.reduce<number>((a, v) => a + (v ?? 0), 0);
    expect(cell(compared, total, 'earnings')).toBeCloseTo(sum(keys.map((k) => now.get(k))), 6);
    expect(cell(compared, total, 'earnings.previous')).toBeCloseTo(sum(keys.map((k) => previous.get(k))), 6);
    expect(finite(rows)).toBe(true);
    expect(compared.notices.filter((n) => /comparison period/.test(n))).toEqual([]);
  });

  test('in the default order too: a top page the previous period does not have shows blank previous values, not a row of its own', () => {
    const h = setUp();
    const request = { report: PAGES, siteId: 'site-1', ...PERIOD, limit: 10 };
    const current = pull(h, request);
    const path = (url: unknown) => new URL(String(url), 'https://x.invalid').pathname.replace(/\/$/, '');
    const top = path(cell(current, current.table.rows[0], 'pageUrl'));
    // The previous period's answer with that page under another address (a page new this period).
    h.rewrite('startDate=2026-08-31', (body) => {
      for (const r of body.data as Array<Record<string, unknown>>) {
        if (typeof r.pageUrl === 'string' && path(r.pageUrl) === top) r.pageUrl = `${r.pageUrl}renamed/`;
      }
    });
    const compared = pull(h, { ...request, compareTo: 'previousPeriod', totals: true });
    expect(compared.comparison!.startDate).toBe('2026-08-31');
    const rows = compared.table.rows.slice(0, -1);
    const urls = (result: PullResult, from: unknown[][]) => [...new Set(from.map((r) => String(cell(result, r, 'pageUrl'))))];
    expect(urls(compared, rows)).toEqual(urls(current, current.table.rows));
    expect(cell(compared, rows[0], 'earnings.previous')).toBe('');
    expect(cell(compared, rows[0], 'earnings.change')).toBe('');
    expect(cell(compared, rows[0], 'earnings.changeFraction')).toBe('');
    expect(cell(compared, rows[1], 'earnings.previous')).toEqual(expect.any(Number));
    expect(finite(compared.table.rows)).toBe(true);
  });

  test('an earlier period too big for the time budget: the rows it could fetch are compared, and the notice says which', () => {
    // A formula's 30 s at three seconds a request: this period's top 10 is one page, the earlier
    // period's 45,000 rows are 90 pages (180 at 250 a page), more than fit.
    const h = createHarness({ drift, latencyMs: 3000, pageCounts: { 'site-big': 45_000 } });
    h.saveCredential(OWNER, 'demo', true);
    const request = { report: PAGES, siteId: 'site-big', ...PERIOD, limit: 10, sort: '-pageviews' };
    const compared = pull(h, { ...request, compareTo: 'previousPeriod', totals: true }, 'formula');
    const rows = compared.table.rows;
    expect(rows.length).toBeLessThanOrEqual(11);
    expect(compared.totalRows).toBe(1);
    const [notice] = compared.notices.filter((n) => /comparison period/.test(n));
    expect(notice).toMatch(
      /^The comparison period is too large to fetch whole in one formula \(30 s\): previous values are only for rows among its first [\d,]+ by -pageviews; the other rows' previous values are blank\.$/,
    );
    const fetched = Number(notice.match(/first ([\d,]+)/)![1].replace(/,/g, ''));
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThan(45_000);
    // The busiest pages of this period were among the busiest of the earlier one: they have values.
    expect(cell(compared, rows[0], 'pageviews.previous')).toEqual(expect.any(Number));
    expect(finite(rows)).toBe(true);
    // A cut earlier period is not kept in the cache as if it were whole: the sidebar, with more
    // time, gets every row.
    const whole = pull(h, { report: PAGES, siteId: 'site-big', start: compared.comparison!.startDate, end: compared.comparison!.endDate });
    expect(whole.available).toEqual([whole.rows]);
    expect(whole.rows).toBeGreaterThan(fetched);
  });

  test('a formula, which shows no notes, says below its table that the earlier period was cut', () => {
    const h = createHarness({ drift, latencyMs: 3000, pageCounts: { 'site-big': 45_000 } });
    h.saveCredential(OWNER, 'demo', true);
    const grid = h.formula(
      'CREATOR_REPORT',
      PAGES,
      'site-big',
      PERIOD.start,
      PERIOD.end,
      'limit=10, sort=-pageviews, compareTo=previousPeriod, totals=true',
    );
    const [header, ...rows] = grid;
    expect(header[0]).toBe('Page URL');
    expect(rows).toHaveLength(12);
    expect(rows[10][0]).toBe('Total');
    expect(String(rows[11][0])).toMatch(
      /^The comparison period is too large to fetch whole in one formula \(30 s\): previous values are only for rows among its first [\d,]+ by -pageviews/,
    );
    expect(rows[11].slice(1).every((c) => c === '')).toBe(true);
    // Without the cut (a small site), no such line.
    const small = h.formula(
      'CREATOR_REPORT',
      PAGES,
      'site-1',
      PERIOD.start,
      PERIOD.end,
      'limit=10, sort=-pageviews, compareTo=previousPeriod, totals=true',
    );
    expect(small).toHaveLength(12);
    expect(small[11][0]).toBe('Total');
  });
});

describe('a limited comparison over several sites, one too big for the budget', () => {
  test('the big site does not spend the time the next one needs: both are compared', () => {
    // 2.5 s a request: after this period's pages about 12 s are left; the big site's earlier
    // period alone would take all of them and leave the next site none for its three pages.
    const h = createHarness({ latencyMs: 2500, pageCounts: { 'site-big': 90_000 } });
    h.saveCredential(OWNER, 'demo', true);
    const compared = pull(
      h,
      { report: PAGES, siteId: [['site-big'], ['site-1']], ...PERIOD, limit: 5, sort: '-pageviews', compareTo: 'previousPeriod' },
      'formula',
    );
    const site = compared.table.columns.findIndex((c) => c.field === SITE_FIELD);
    const rows = compared.table.rows;
    expect(rows.map((r) => r[site])).toEqual([...Array(5).fill('site-big'), ...Array(5).fill('site-1')]);
    for (const row of rows) expect(cell(compared, row, 'pageviews.previous')).toEqual(expect.any(Number));
    expect(compared.notices.filter((n) => /comparison period/.test(n))).toEqual([
      expect.stringMatching(/^site-big: The comparison period is too large/),
    ]);
  });
});
