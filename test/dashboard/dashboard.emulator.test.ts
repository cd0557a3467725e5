/**
 * The dashboard on the built bundle: four saved reports on a data sheet, KPI tiles and embedded
 * charts bound to their blocks, refreshed by the schedule. The clock starts on Saturday
 * 2026-11-21 at 10:00 in New York; site-1's earnings run to 2026-11-19 (two days behind).
 */
import { bundleForFile, createWorld, OWNER, type World, type MadeDashboard as Made } from '../reports/emulated-world';
import type { ChartModel } from '../../emulator/spreadsheet/chart-model';
import { ALL_DRIFT, DRIFT_NAMES, type Drift } from '../../fake-api';

const DAY = 86_400_000;
const bundle = bundleForFile();

function make(w: World, request: Record<string, unknown> = {}): Made {
  return w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate', ...request });
}

function charts(w: World, sheetName: string): ChartModel[] {
  return w.emu.spreadsheet.charts.filter((c) => c.sheet.name === sheetName);
}

/** Each chart's ranges as "Sheet!A1:A20" strings. */
function rangesOf(chart: ChartModel): string[] {
  const col = (n: number) => String.fromCharCode(64 + n);
  const letters = (n: number) => (n > 26 ? col(Math.floor((n - 1) / 26)) + col(((n - 1) % 26) + 1) : col(n));
  return chart.ranges.map((r) => `${letters(r.col)}${r.row}:${letters(r.col + r.numCols - 1)}${r.row + r.numRows - 1}`);
}

/** The column of a block (by its header) on the data sheet, data rows only (Total rows left out). */
function blockColumn(w: World, dataSheet: string, header: string): unknown[] {
  const values = w.values(dataSheet);
  for (let c = 0; c < values[0].length; c++) {
    if (values[0][c] !== header) continue;
    const out: unknown[] = [];
    for (let r = 1; r < values.length && values[r][c] !== '' && !/^Total/.test(String(values[r][0])); r++) out.push(values[r][c]);
    return out;
  }
  return [];
}

describe('createDashboard', () => {
  test('makes the data sheet, the dashboard sheet and one chart per part, each bound to exactly its block', () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
    w.connect();
    const made = make(w);
    expect(made).toEqual({
      sheetName: 'Dashboard - site-1 - Month to date',
      dataSheetName: 'Dashboard data - site-1 - Month to date',
      reportIds: [expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
    });
    const list = w.call<{ reports: Array<{ name: string; schedule: unknown; sheetName: string }> }>('listReports').reports;
    expect(list.map((r) => r.name)).toEqual([
      'Dashboard site-1: Daily earnings',
      'Dashboard site-1: RPM by device',
      'Dashboard site-1: Earnings by traffic source',
      'Dashboard site-1: Top 10 pages by earnings',
    ]);
    expect(
      list.every((r) => r.sheetName === made.dataSheetName && JSON.stringify(r.schedule) === JSON.stringify({ every: 'day', hour: 6 })),
    ).toBe(true);
    // Its title reads as the saved cards do: the site's name with its ID, the preset's label.
    expect(w.values(made.sheetName)[0][0]).toBe('Example Kitchen (site-1) \u00b7 Month to date');

    // monthToDate on 2026-11-21: earnings 2026-11-01 to 2026-11-19, 19 days.
    expect(blockColumn(w, made.dataSheetName, 'Date')).toHaveLength(19);
    const drawn = charts(w, made.sheetName);
    expect(drawn.map((c) => [c.type, c.options.title, c.position.row, c.position.col])).toEqual([
      ['LINE', 'Daily earnings and RPM', 9, 1],
      ['COLUMN', 'RPM by device', 9, 6],
      ['PIE', 'Earnings by traffic source', 27, 1],
      ['TABLE', 'Top 10 pages by earnings', 27, 6],
    ]);
    expect(drawn.every((c) => c.ranges.every((r) => r.sheet.name === made.dataSheetName))).toBe(true);
    const [line, devices, sources, pages] = drawn;
    const header = w.values(made.dataSheetName)[0];
    const letter = (h: string) => String.fromCharCode(65 + header.indexOf(h));
    expect(rangesOf(line)).toEqual(['Date', 'Earnings', 'RPM'].map((h) => `${letter(h)}1:${letter(h)}20`));
    expect(rangesOf(devices).length).toBe(2);
    expect(devices.ranges.map((r) => r.numRows)).toEqual([4, 4]);
    expect(sources.ranges.map((r) => r.numRows)).toEqual([7, 7]);
    expect(pages.ranges.map((r) => r.numRows)).toEqual([11, 11, 11, 11]);
    expect(w.emu.spreadsheet.getActiveSheet().getName()).toBe(made.sheetName);
  });

  test('refused: all sites, an unknown period, the same dashboard twice', () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
    w.connect();
    expect(w.failure(OWNER, 'createDashboard', { siteId: 'all' })).toBe(
      'A dashboard shows one site: pick a site ID (make one per site to watch several).',
    );
    expect(w.failure(OWNER, 'createDashboard', { siteId: 'site-1', period: 'fortnight' })).toBe(
      'The period must be a preset such as lastThirtyDays, lastNinetyDays, monthToDate or lastMonth, not "fortnight".',
    );
    // A site the reports could never pull is refused before anything is made.
    const sheetsBefore = w.emu.spreadsheet.getSheets().length;
    expect(w.failure(OWNER, 'createDashboard', { siteId: 'Wander Far Travel' })).toBe(
      '"Wander Far Travel" is a site name: use its ID, site-2.',
    );
    expect(w.failure(OWNER, 'createDashboard', { siteId: 'nonsense-site' })).toMatch(
      /^"nonsense-site" is not a site this credential sees\./,
    );
    expect(w.failure(OWNER, 'createDashboard', { siteId: 'site-old' })).toMatch(/^Site site-old is inactive/);
    expect(w.emu.spreadsheet.getSheets().length).toBe(sheetsBefore);
    expect(w.call<{ reports: unknown[] }>('listReports').reports).toEqual([]);
    const made = make(w);
    expect(w.failure(OWNER, 'createDashboard', { siteId: 'site-1', period: 'monthToDate' })).toContain(
      "The sheet 'Dashboard - site-1 - Month to date' already exists",
    );
    // Placed blocks share a sheet only where they do not reach each other.
    const intruder = w.call<{ id: string }>('saveReport', {
      report: 'earnings',
      siteId: 'site-2',
      start: 'lastThirtyDays',
      sheetName: made.dataSheetName,
      startCell: 'C1',
    });
    const [outcome] = w.call<Array<{ outcome: string; message: string }>>('refreshReports', [intruder.id]);
    expect(outcome.outcome).toBe('error');
    expect(outcome.message).toContain(`Sheet '${made.dataSheetName}' already holds Earnings for site-1`);
  });
});

describe('refreshing on the schedule', () => {
  test('the charts follow their blocks as they grow over the month and shrink when a new month starts', () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
    w.connect();
    const made = make(w);
    const rows = () => charts(w, made.sheetName)[0].ranges.map((r) => r.numRows);
    expect(rows()).toEqual([20, 20, 20]);

    w.emu.clock.set(Date.parse('2026-11-22T11:30:00Z')); // Sunday 06:30: the daily slot
    w.fire();
    expect(blockColumn(w, made.dataSheetName, 'Date')).toHaveLength(20);
    expect(rows()).toEqual([21, 21, 21]);

    // 3 December, 06:30: earnings run to 1 December, so month to date is one day.
    w.emu.clock.set(Date.parse('2026-12-03T11:30:00Z'));
    w.fire();
    expect(blockColumn(w, made.dataSheetName, 'Date')).toHaveLength(1);
    expect(rows()).toEqual([2, 2, 2]);
    expect(w.statusRows().map((r) => r.Outcome)).toEqual(['OK', 'OK', 'OK', 'OK']);
  });

  test('a deleted chart is dropped from its binding; the rest still follow', () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
    w.connect();
    const made = make(w);
    const sheet = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(made.sheetName)!;
    w.emu.runAs({ user: OWNER }, () => sheet.removeChart(sheet.getCharts()[0]));
    w.emu.clock.advance(DAY);
    w.call('refreshReports');
    expect(charts(w, made.sheetName).map((c) => c.type)).toEqual(['COLUMN', 'PIE', 'TABLE']);
    expect(Object.keys(w.documentProperties()).filter((k) => k.startsWith('cr.bind.'))).toHaveLength(4);
  });
});

describe('request cost', () => {
  test('creating costs one request per part and one for the date bounds; a scheduled refresh the same plus a new token', () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z', latencyMs: 200 });
    w.connect();
    const measure = (work: () => void) => {
      const before = w.api.stats.log.length;
      w.emu.resetCounters();
      const started = w.emu.clock.now();
      work();
      const paths = w.api.stats.log.slice(before).map((r) => r.path);
      return {
        requests: paths.length,
        token: paths.filter((p) => p.endsWith('/token')).length,
        bounds: paths.filter((p) => p.includes('bounds')).length,
        sites: paths.filter((p) => p.endsWith('/sites')).length,
        reports: paths.filter((p) => /\/sites\/site-1\/(earnings|devices|traffic-sources|pages)/.test(p)).length,
        roundTrips: w.emu.counters.roundTrips,
        setValuesCalls: w.emu.counters.setValuesCalls,
        simulatedSeconds: (w.emu.clock.now() - started) / 1000,
      };
    };
    const create = measure(() => make(w, { period: 'lastThirtyDays' }));
    w.emu.clock.set(Date.parse('2026-11-22T11:30:00Z'));
    const refresh = measure(() => w.fire());
    console.log(`dashboard request cost: ${JSON.stringify({ create, refresh })}`);
    // Four parts; the daily report is compared with the previous period, which is one more request.
    // The site list that names the site in the dashboard's title was read (and cached) when the
    // settings were saved: saving checks the API base URL with it.
    expect(create).toMatchObject({ reports: 5, bounds: 1, token: 0, sites: 0 });
    expect(create.requests).toBe(create.reports + create.bounds + create.sites);
    // A day later the token (300 s) and the cached bounds have expired: one of each again.
    expect(refresh).toMatchObject({ reports: 5, bounds: 1, token: 1 });
    expect(refresh.requests).toBe(refresh.reports + refresh.bounds + refresh.token);
  });
});

describe('KPI tiles', () => {
  test("show the daily report's totals (RPM from the summed parts) and their change against the previous period", () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
    w.connect();
    const made = make(w);
    const sum = (xs: unknown[]) => xs.reduce<number>((a, x) => a + (x as number), 0);
    const earnings = sum(blockColumn(w, made.dataSheetName, 'Earnings'));
    const before = sum(blockColumn(w, made.dataSheetName, 'Earnings previous'));
    const sessions = sum(blockColumn(w, made.dataSheetName, 'Sessions'));
    const pageviews = sum(blockColumn(w, made.dataSheetName, 'Pageviews'));
    const tiles = w.values(made.sheetName);
    expect(tiles[3].filter((v) => v !== '')).toEqual(['Earnings', 'RPM', 'Pageviews', 'Sessions']);
    expect(tiles[4][0]).toBeCloseTo(earnings, 6);
    expect(tiles[4][2]).toBeCloseTo((earnings / sessions) * 1000, 6);
    expect(tiles[4][4]).toBe(pageviews);
    expect(tiles[4][6]).toBe(sessions);
    expect(tiles[5][0]).toBeCloseTo((earnings - before) / before, 6);
    for (const c of [0, 2, 4, 6]) expect(typeof tiles[5][c]).toBe('number');
    expect(w.emu.spreadsheet.getSheetByName(made.sheetName)!.getRange('A6').getDisplayValue()).toMatch(/^[+-]\d+\.\d%$/);
  });
});

describe('under the fake API alternative shapes (drift)', () => {
  // Charts find their columns by header; the unconfirmed endpoints may name fields otherwise
  // (`type` for `device`, capitalised values, bare arrays, extra fields). Every chart must still
  // point at the column it promises, or the dashboard must not claim it does.
  test.each([
    ['every alternative at once', ALL_DRIFT],
    ...DRIFT_NAMES.filter((name) => ALL_DRIFT[name] || name === 'earningsSummaryOnly').map(
      (name) => [name, { [name]: true }] as [string, Partial<Drift>],
    ),
  ])('%s: each chart reads the columns its title names, from its own block', (_name, drift) => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z', drift });
    w.connect();
    const made = make(w);
    const drawn = charts(w, made.sheetName);
    const data = w.values(made.dataSheetName);
    if (drift.earningsSummaryOnly) {
      // One summary row and no Date column: the daily chart says why it is empty, never plots
      // the numbers against nothing; the other charts are drawn as usual.
      expect(drawn[0].options.title).toBe('Daily earnings and RPM (not shown: the report has no Date column)');
      expect(drawn[0].ranges).toEqual([]);
      drawn.shift();
      expect(drawn.map((c) => c.options.title)).toEqual(['RPM by device', 'Earnings by traffic source', 'Top 10 pages by earnings']);
      return;
    }
    expect(drawn.map((c) => c.options.title)).toEqual([
      'Daily earnings and RPM',
      'RPM by device',
      'Earnings by traffic source',
      'Top 10 pages by earnings',
    ]);
    // Each range's first cell is its column's header on the data sheet.
    const headers = drawn.map((c) => c.ranges.map((r) => data[r.row - 1][r.col - 1]));
    expect(headers[0]).toEqual(['Date', 'Earnings', 'RPM']);
    expect(headers[1]).toEqual(['Device', 'RPM']);
    expect(headers[2]).toEqual(['Traffic source', 'Earnings']);
    expect(headers[3][0]).toBe('Page URL');
    expect(headers[3]).toContain('Earnings');
    // Every charted data cell is a number where the chart plots one (never text or blank).
    for (const chart of drawn.slice(0, 3)) {
      for (const r of chart.ranges.slice(1)) {
        const cells = data.slice(r.row, r.row - 1 + r.numRows).map((row) => row[r.col - 1]);
        expect(cells.length).toBeGreaterThan(0);
        expect(cells.every((v) => typeof v === 'number')).toBe(true);
      }
    }
  });
});

describe("the menu's Create dashboard", () => {
  test('asks for a site ID listing the IDs it accepts (active sites, with names), then makes that dashboard', () => {
    const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
    w.connect();
    w.emu.ui.respondWith({ button: 'OK', text: 'site-2' });
    w.call('menuCreateDashboard');
    const [asked] = w.emu.ui.prompts;
    expect(asked.title).toBe('Create dashboard');
    expect(asked.prompt).toMatch(
      /^Site ID for the dashboard\. Site IDs you can use: site-1 \(Example Kitchen\), site-2 \([^)]+\), site-3 \([^)]+\), site-big \([^)]+\)\. /,
    );
    // The inactive site is not offered: the dashboard refuses it.
    expect(asked.prompt).not.toContain('site-old');
    expect(w.emu.spreadsheet.getSheetByName('Dashboard - site-2 - Last 30 days')).not.toBeNull();
  });
});
