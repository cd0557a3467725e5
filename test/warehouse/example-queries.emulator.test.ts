/**
 * docs/warehouse.md's example queries, recomputed from the rows the add-on exported (on the built
 * bundle and the BigQuery fake) and held against the add-on's own numbers: monthly RPM from sums
 * equals the Total row of that month's pull; the top pages by earnings are the sheet's top pages.
 * Every column the queries name is a column of the exported table.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildBundle, createWorld, type World } from '../reports/emulated-world';

let bundleFile: string;
beforeAll(async () => {
  bundleFile = await buildBundle();
}, 120_000);

const TZ = 'America/New_York';
const DOC = fs.readFileSync(path.resolve(__dirname, '../../docs/warehouse.md'), 'utf8');
const QUERIES = [...DOC.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]);

function world(): World {
  const w = createWorld(bundleFile, { now: '2026-10-05T12:00:00Z', timeZone: TZ, bigQuery: { projects: { 'my-project': {} } } });
  w.emu.bigQuery?.projects.get('my-project')?.datasets.set('creator_reports', {
    projectId: 'my-project',
    datasetId: 'creator_reports',
    defaultTableExpirationMs: null,
    tables: new Map(),
  });
  w.connect();
  return w;
}

const rowsOf = (w: World, table: string) => w.emu.bigQuery?.table('my-project', 'creator_reports', table)?.rows ?? [];
const fieldsOf = (w: World, table: string) =>
  (w.emu.bigQuery?.table('my-project', 'creator_reports', table)?.fields ?? []).map((f) => f.name);

/** The identifiers a query names that are neither SQL, nor its own aliases, nor the table's path. */
function columnsNamed(sql: string): string[] {
  const noStrings = sql.replace(/`[^`]*`/g, ' ').replace(/'[^']*'/g, ' ');
  const aliases = new Set([...noStrings.matchAll(/\bAS\s+([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]));
  const words = new Set(noStrings.match(/\b[a-z_][a-z0-9_]*\b/g) ?? []);
  return [...words].filter((w) => !aliases.has(w));
}

describe('docs/warehouse.md example queries, recomputed from the exported rows', () => {
  test('there are two, and every column they name is in the exported tables', () => {
    expect(QUERIES).toHaveLength(2);
    expect(columnsNamed(QUERIES[0]).sort()).toEqual(['date', 'earnings', 'sessions', 'site_id'].sort());
    expect(columnsNamed(QUERIES[1]).sort()).toEqual(['earnings', 'page_url', 'pageviews', 'period_end', 'site_id'].sort());
  });

  test('RPM by month from sums equals the Total row of that month pulled with totals', () => {
    const w = world();
    const saved = w.call<{ id: string }>('saveReport', {
      report: 'earnings',
      siteId: ['site-1', 'site-2'],
      start: '2026-07-01',
      end: '2026-09-30',
      sheetName: 'Ledger',
      mode: 'history',
      warehouse: { projectId: 'my-project', datasetId: 'creator_reports', tableId: 'earnings_daily' },
    });
    w.call('refreshReports', [saved.id]);
    const table = rowsOf(w, 'earnings_daily');
    for (const column of columnsNamed(QUERIES[0])) expect(fieldsOf(w, 'earnings_daily')).toContain(column);
    // The first query, in JavaScript: group by site and month, RPM from the sums.
    const monthly = new Map<string, { earnings: number; sessions: number }>();
    for (const r of table) {
      const key = `${r.site_id} ${String(r.date).slice(0, 7)}`;
      const m = monthly.get(key) ?? { earnings: 0, sessions: 0 };
      m.earnings += Number(r.earnings);
      m.sessions += Number(r.sessions);
      monthly.set(key, m);
    }
    const august = monthly.get('site-1 2026-08');
    expect(august).toBeDefined();
    const rpm = ((august?.earnings ?? 0) / (august?.sessions ?? 1)) * 1000;
    w.call('runReport', {
      report: 'earnings',
      siteId: 'site-1',
      start: '2026-08-01',
      end: '2026-08-31',
      options: { totals: true },
      sheetName: 'August',
    });
    const [header, ...rows] = w.values('August');
    const total = rows.find((r) => r[0] === 'Total');
    expect(total).toBeDefined();
    expect(Number(total?.[header.indexOf('RPM')])).toBeCloseTo(rpm, 6);
    expect(Number(total?.[header.indexOf('Earnings')])).toBeCloseTo(august?.earnings ?? 0, 6);
    // And not the average of the daily RPMs (which differs whenever sessions vary by day).
    const days = table.filter((r) => r.site_id === 'site-1' && String(r.date).startsWith('2026-08'));
    const averaged = days.reduce((a, r) => a + Number(r.rpm), 0) / days.length;
    expect(Math.abs(averaged - rpm)).toBeGreaterThan(1e-6);
  });

  test('top pages by earnings in the latest period are the sheet\u2019s top pages', () => {
    const w = world();
    const saved = w.call<{ id: string }>('saveReport', {
      report: 'pages/performance',
      siteId: 'site-1',
      start: 'lastMonth',
      sheetName: 'Pages',
      warehouse: { projectId: 'my-project', datasetId: 'creator_reports', tableId: 'pages' },
    });
    w.call('refreshReports', [saved.id]);
    const table = rowsOf(w, 'pages');
    for (const column of columnsNamed(QUERIES[1])) expect(fieldsOf(w, 'pages')).toContain(column);
    const latest = table.reduce((a, r) => (String(r.period_end) > a ? String(r.period_end) : a), '');
    expect(latest).toBe('2026-09-30');
    const byPage = new Map<string, number>();
    for (const r of table.filter((r) => r.period_end === latest))
      byPage.set(String(r.page_url), (byPage.get(String(r.page_url)) ?? 0) + Number(r.earnings));
    const top = [...byPage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const [header, ...rows] = w.values('Pages');
    const url = header.indexOf('Page URL');
    const earnings = header.indexOf('Earnings');
    const sheetTop = rows
      .map((r) => [String(r[url]), Number(r[earnings])] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10);
    expect(top.map(([u, e]) => [u, Math.round(e * 100)])).toEqual(sheetTop.map(([u, e]) => [u, Math.round(e * 100)]));
    expect(rows.length).toBe(table.length);
  });
});
