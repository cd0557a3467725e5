/**
 * Totals and comparisons as a user gets them from the built bundle: formulas, the builder's Run
 * and saved reports, on the emulator and the fake API. The numbers are checked against separate
 * pulls of each period, not against remembered results.
 */
import { buildBundle, createWorld, OWNER, type World } from '../reports/emulated-world';

let bundleFile: string;
beforeAll(async () => {
  bundleFile = await buildBundle();
}, 120_000);

const ours = (formula: string) => /CREATOR_/i.test(formula);

function world(): World {
  const w = createWorld(bundleFile, { now: '2026-10-05T12:00:00Z' });
  w.call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret', allowFormulas: true });
  return w;
}

/** The grid a formula fills, as an array of header-keyed objects. */
function formula(w: World, text: string): Array<Record<string, unknown>> {
  const sheet = w.emu.spreadsheet.insertSheet(`f${Math.random().toString(36).slice(2, 8)}`);
  sheet.getRange('A1').setFormula(text);
  const { errors } = w.emu.recalculate(undefined, { only: ours });
  if (errors.length) throw new Error(errors[0].error);
  const [header, ...rows] = sheet.getDataRange().getValues();
  return rows.map((row) => Object.fromEntries((header as string[]).map((h, i) => [h, row[i]])));
}

function failure(w: World, text: string): string {
  const sheet = w.emu.spreadsheet.insertSheet(`e${Math.random().toString(36).slice(2, 8)}`);
  sheet.getRange('A1').setFormula(text);
  const errors = w.emu.recalculate(undefined, { only: ours }).errors;
  return errors[errors.length - 1]?.error ?? 'no error';
}

const sum = (rows: Array<Record<string, unknown>>, key: string) => rows.reduce((a, r) => a + (r[key] as number), 0);
const ymd = (d: unknown) => (d as Date).toISOString().slice(0, 10);

describe('totals', () => {
  test('a Total row sums earnings, pageviews and sessions and recomputes RPM and RPS from the sums', () => {
    const w = world();
    const rows = formula(w, '=CREATOR_REPORT("devices/performance", "site-1", "lastMonth", , "totals=true")');
    const total = rows[rows.length - 1];
    const data = rows.slice(0, -1);
    expect(total.Device).toBe('Total');
    expect(data.map((r) => r.Device)).not.toContain('Total');
    expect(total.Earnings).toBeCloseTo(sum(data, 'Earnings'), 6);
    expect(total.Sessions).toBe(sum(data, 'Sessions'));
    expect(total.Pageviews).toBe(sum(data, 'Pageviews'));
    expect(total.RPM).toBeCloseTo((sum(data, 'Earnings') / sum(data, 'Sessions')) * 1000, 9);
    expect(total.RPS).toBeCloseTo(sum(data, 'Earnings') / sum(data, 'Sessions'), 9);
    // Not the average of the rows' RPMs.
    expect(Math.abs((total.RPM as number) - sum(data, 'RPM') / data.length)).toBeGreaterThan(0.001);
  });

  test('every report formula takes the same option after header, and the total of pages leaves RPM per pageview', () => {
    const w = world();
    const rows = formula(w, '=CREATOR_PAGE_PERFORMANCE("site-2", "lastMonth", , , , , "totals=true")');
    const total = rows[rows.length - 1];
    const data = rows.slice(0, -1);
    expect(total['Page URL']).toBe('Total');
    expect(total.RPM).toBeCloseTo((sum(data, 'Earnings') / sum(data, 'Pageviews')) * 1000, 9);
    expect(total.CPM).toBeCloseTo((sum(data, 'Earnings') / sum(data, 'Impressions')) * 1000, 9);
    expect(total.Author).toBe('');
    expect(total['CPM score']).toBe('');
  });

  test('several sites: each site name beside its ID, a total per site and one for all sites', () => {
    const w = world();
    const result = w.call<{ sheetName: string; rows: number }>('runReport', {
      report: 'devices/performance',
      siteId: ['site-1', 'site-2'],
      start: 'lastMonth',
      options: { totals: true },
      sheetName: 'Totals',
    });
    const [header, ...rows] = w.values('Totals');
    expect(header.slice(0, 3)).toEqual(['Site', 'Site name', 'Device']);
    const at = (h: string) => (header as string[]).indexOf(h);
    const bySite = (site: string) => rows.filter((r) => r[0] === site && r[2] !== 'Total');
    const totals = rows.filter((r) => r[2] === 'Total');
    expect(totals.map((r) => [r[0], r[1]])).toEqual([
      ['site-1', 'Example Kitchen'],
      ['site-2', 'Wander Far Travel'],
      ['All sites', ''],
    ]);
    expect(rows.find((r) => r[0] === 'site-2')![1]).toBe('Wander Far Travel');
    for (const [i, site] of ['site-1', 'site-2'].entries()) {
      const own = bySite(site);
      const e = own.reduce((a, r) => a + (r[at('Earnings')] as number), 0);
      const s = own.reduce((a, r) => a + (r[at('Sessions')] as number), 0);
      expect(totals[i][at('RPM')]).toBeCloseTo((e / s) * 1000, 9);
    }
    const data = rows.filter((r) => r[2] !== 'Total');
    const e = data.reduce((a, r) => a + (r[at('Earnings')] as number), 0);
    const s = data.reduce((a, r) => a + (r[at('Sessions')] as number), 0);
    expect(totals[2][at('RPM')]).toBeCloseTo((e / s) * 1000, 9);
    expect(result.rows).toBe(rows.length);
    const note = w.emu.spreadsheet.getSheetByName('Totals')!.getRange('A1').getNote();
    expect(note).toMatch(/Rows: \d+ \(3 of them totals\)/);
  });
});

describe('comparisons', () => {
  test('CREATOR_COMPARE matches devices with the previous period and each number with its own pull', () => {
    const w = world();
    const compared = formula(w, '=CREATOR_COMPARE("devices/performance", "site-1", "2026-09-01", "2026-09-30", "previousPeriod")');
    const now = formula(w, '=CREATOR_REPORT("devices/performance", "site-1", "2026-09-01", "2026-09-30")');
    const before = formula(w, '=CREATOR_REPORT("devices/performance", "site-1", "2026-08-02", "2026-08-31")');
    expect(compared.map((r) => r.Device)).toEqual(now.map((r) => r.Device));
    for (const row of compared) {
      const a = now.find((r) => r.Device === row.Device)!;
      const b = before.find((r) => r.Device === row.Device)!;
      expect(row.Earnings).toBe(a.Earnings);
      expect(row['Earnings previous']).toBe(b.Earnings);
      expect(row['Earnings change']).toBeCloseTo((a.Earnings as number) - (b.Earnings as number), 9);
      expect(row['Earnings change %']).toBeCloseTo(((a.Earnings as number) - (b.Earnings as number)) / (b.Earnings as number), 9);
      expect(row['RPM previous']).toBe(b.RPM);
      expect(row['RPM change']).toBeCloseTo((a.RPM as number) - (b.RPM as number), 9);
    }
  });

  test('a daily series is compared day by day with both dates, a year earlier with weekdays aligned', () => {
    const w = world();
    const rows = formula(w, '=CREATOR_COMPARE("earnings", "site-1", "2026-09-01", "2026-09-07", "previousYearWeekday", "totals=true")');
    const before = formula(w, '=CREATOR_EARNINGS("site-1", "2025-09-02", "2025-09-08")');
    expect(rows).toHaveLength(8);
    expect(rows.slice(0, 7).map((r) => [ymd(r.Date), ymd(r['Previous date'])])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((d) => [`2026-09-0${d}`, `2025-09-0${d + 1}`]),
    );
    rows.slice(0, 7).forEach((row, i) => {
      expect((row.Date as Date).getUTCDay()).toBe((row['Previous date'] as Date).getUTCDay());
      expect(row['Sessions previous']).toBe(before[i].Sessions);
    });
    const total = rows[7];
    expect(total.Date).toBe('Total');
    expect(total['Previous date']).toBe('');
    expect(total['RPM previous']).toBeCloseTo((sum(before, 'Earnings') / sum(before, 'Sessions')) * 1000, 9);
    expect(total['Sessions change %']).toBeCloseTo(
      (sum(rows.slice(0, 7), 'Sessions') - sum(before, 'Sessions')) / sum(before, 'Sessions'),
      9,
    );
  });

  test('the previous year checks the same bounds with the same words, naming the comparison period', () => {
    const w = world();
    expect(failure(w, '=CREATOR_COMPARE("earnings", "site-1", "2024-01-01", "2024-01-31", "previousYear")')).toBe(
      'The comparison period (previous year: 2023-01-01 to 2023-01-31) is outside the data. Earnings data for site-1 is available from 2024-01-01 to 2026-10-03. Choose dates inside that range.',
    );
    expect(failure(w, '=CREATOR_COMPARE("earnings", "site-1", "lastMonth", , "lastWeek")')).toMatch(
      /^Cannot compare with "lastWeek"\. Use previousPeriod/,
    );
    expect(failure(w, '=CREATOR_COMPARE("earnings", "site-1", "lastMonth", , )')).toMatch(/^Say what to compare with/);
    expect(failure(w, '=CREATOR_REPORT("earnings", "site-1", "lastMonth", , "totals=maybe")')).toMatch(
      /^The totals switch "maybe" must be TRUE or FALSE/,
    );
  });

  test("top 10 by RPM compared: the formula and a saved report show this period's top 10, each beside its own earlier value", () => {
    const w = world();
    // The compared table is wider than a new sheet: its last line says where it was cut.
    const compared = formula(
      w,
      '=CREATOR_COMPARE("pages/performance", "site-1", "2026-09-01", "2026-09-30", "previousPeriod", "limit=10, sort=-rpm, totals=true")',
    ).filter((r) => !/^Cut at \d+ of \d+ columns/.test(String(r['Page URL'])));
    const now = formula(w, '=CREATOR_REPORT("pages/performance", "site-1", "2026-09-01", "2026-09-30", "limit=10, sort=-rpm")');
    const before = formula(w, '=CREATOR_REPORT("pages/performance", "site-1", "2026-08-02", "2026-08-31")');
    const beforeTop = formula(w, '=CREATOR_REPORT("pages/performance", "site-1", "2026-08-02", "2026-08-31", "limit=10, sort=-rpm")');
    const url = (r: Record<string, unknown>) => r['Page URL'];
    // Some of this period's top 10 were not in the earlier top 10: each still has its own earlier value.
    expect(now.some((r) => !beforeTop.some((b) => url(b) === url(r)))).toBe(true);
    expect(compared.map(url)).toEqual([...now.map(url), 'Total']);
    for (const row of compared.slice(0, -1)) {
      const b = before.find((r) => url(r) === url(row));
      expect(row['Earnings previous']).toBe(b ? b.Earnings : '');
    }
    const total = compared[compared.length - 1];
    const matched = now.map((r) => before.find((b) => url(b) === url(r))).filter((b) => b !== undefined);
    expect(total.Earnings).toBeCloseTo(sum(now, 'Earnings'), 6);
    expect(total['Earnings previous']).toBeCloseTo(sum(matched as Array<Record<string, unknown>>, 'Earnings'), 6);

    const saved = w.call<{ id: string }>('saveReport', {
      report: 'pages/performance',
      siteId: 'site-1',
      start: '2026-09-01',
      end: '2026-09-30',
      options: { compareTo: 'previousPeriod', totals: true, limit: 10, sort: '-rpm' },
      sheetName: 'Top pages',
    });
    const [outcome] = w.call<Array<{ outcome: string }>>('refreshReports', [saved.id]);
    expect(outcome).toMatchObject({ outcome: 'ok' });
    const [header, ...rows] = w.values('Top pages');
    const at = header.indexOf('Earnings previous');
    expect(rows.map((r) => r[0])).toEqual(compared.map(url));
    expect(rows.map((r) => r[at])).toEqual(compared.map((r) => r['Earnings previous']));
  });

  test('a saved report with compareTo and totals refreshes into a block whose note names both periods', () => {
    const w = world();
    const saved = w.call<{ id: string; options: unknown }>('saveReport', {
      report: 'traffic-sources/performance',
      siteId: 'site-1',
      start: 'lastMonth',
      options: { compareTo: 'previousYear', totals: true },
      sheetName: 'Sources YoY',
      schedule: { every: 'month', monthDay: 2, hour: 6 },
    });
    expect(saved.options).toEqual({ compareTo: 'previousYear', totals: true });
    const [outcome] = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [saved.id]);
    expect(outcome).toMatchObject({ outcome: 'ok' });
    const [header, ...rows] = w.values('Sources YoY');
    expect(header.slice(0, 5)).toEqual(['Traffic source', 'Earnings', 'Earnings previous', 'Earnings change', 'Earnings change %']);
    expect(rows[rows.length - 1][0]).toBe('Total');
    const note = w.emu.spreadsheet.getSheetByName('Sources YoY')!.getRange('A1').getNote();
    expect(note).toContain('Dates: 2026-09-01 to 2026-09-30');
    expect(note).toContain('Compared with: 2025-09-01 to 2025-09-30 (previous year)');
    const formats = w.emu.spreadsheet.getSheetByName('Sources YoY')!.getRange(2, 5).getNumberFormat();
    expect(formats).toBe('0.0%');
    const listed = w.call<{ reports: Array<{ schedule: unknown }> }>('listReports');
    expect(listed.reports[0].schedule).toEqual({ every: 'month', monthDay: 2, hour: 6 });
    void OWNER;
  });
});
