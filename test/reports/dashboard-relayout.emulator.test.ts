/**
 * A dashboard's parts stacked on its data sheet, so a part that grows wider (the API adds fields)
 * never meets the next one; dashboards made with the side-by-side layout of earlier versions
 * rebuilt at their next refresh, data and charts moving with their blocks; and a part that cannot
 * be written says so on the dashboard itself. The clock starts on Saturday 2026-11-21 at 10:00
 * in New York (monthToDate: 19 days of earnings).
 */
import { bundleForFile, createWorld, OWNER, type World, type MadeDashboard as Made } from './emulated-world';
import type { ChartModel } from '../../emulator/spreadsheet/chart-model';
import type { TransportRequest } from '../../emulator/transport-types';

const DAY = 86_400_000;
const bundle = bundleForFile();

/** A world whose API adds `extra` new fields to every earnings row once `grow()` is called. */
function world(extra: number): { w: World; grow(): void } {
  let growing = false;
  const w = createWorld(bundle(), {
    now: '2026-11-21T15:00:00Z',
    respond: (req: TransportRequest, res) => {
      if (!growing || !/\/earnings\?/.test(req.url) || !('body' in res) || res.status !== 200) return res;
      const body = JSON.parse(res.body) as { data?: Array<Record<string, unknown>> };
      if (!Array.isArray(body.data)) return res;
      const data = body.data.map((row) => {
        const more: Record<string, number> = {};
        for (let i = 1; i <= extra; i++) more[`newMetric${i}`] = i;
        return { ...row, ...more };
      });
      return { ...res, body: JSON.stringify({ ...body, data }) };
    },
  });
  w.connect();
  return { w, grow: () => void (growing = true) };
}

function charts(w: World, sheetName: string): ChartModel[] {
  return w.emu.spreadsheet.charts.filter((c) => c.sheet.name === sheetName);
}

/** The named range of a saved report's block (src/sheet/block-ownership.ts). */
const blockName = (id: string) => `CR_${id.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;

/** Where each part's block is on the data sheet (its named range, A1 notation). */
function blockPlaces(w: World, made: Made): string[] {
  const ss = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet();
  return made.reportIds.map((id) => {
    const named = ss.getNamedRanges().find((n) => n.getName() === blockName(id));
    return named ? named.getRange().getA1Notation() : 'none';
  });
}

/** The header row of each chart's first range: the column it draws, read off the data sheet. */
function chartHeaders(w: World, made: Made): unknown[] {
  const data = w.values(made.dataSheetName);
  return charts(w, made.sheetName).map((c) => (c.ranges[0] ? data[c.ranges[0].row - 1][c.ranges[0].col - 1] : 'no range'));
}

function refreshNextDay(w: World): Array<{ outcome: string; message?: string }> {
  w.emu.clock.advance(DAY);
  return w.call<Array<{ outcome: string; message?: string }>>('refreshReports');
}

/** Puts a new dashboard's parts back where earlier versions put them: side by side on row 1. */
function asOldLayout(w: World, made: Made): void {
  const ss = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet();
  const data = ss.getSheetByName(made.dataSheetName)!;
  const props = w.emu.globals.PropertiesService.getDocumentProperties();
  const old = ['A1', 'AH1', 'AR1', 'BB1'];
  w.emu.runAs({ user: OWNER }, () => {
    if (data.getMaxColumns() < 80) data.insertColumnsAfter(data.getMaxColumns(), 80 - data.getMaxColumns());
    made.reportIds.forEach((id, i) => {
      const def = JSON.parse(props.getProperty(`cr.report.${id}`)!) as Record<string, unknown>;
      def.startCell = old[i];
      if (i === 1 || i === 2) delete def.options; // devices and sources had no limit then
      props.setProperty(`cr.report.${id}`, JSON.stringify(def));
      if (i === 0) return;
      const named = ss.getNamedRanges().find((n) => n.getName() === blockName(id))!;
      const from = named.getRange();
      const to = data.getRange(old[i]).offset(0, 0, from.getNumRows(), from.getNumColumns());
      from.copyTo(to);
      from.clear();
      named.setRange(to);
    });
  });
}

describe('dashboard parts stacked on the data sheet', () => {
  test('each part starts below the most rows the one above can take', () => {
    const { w } = world(0);
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    // Daily: header, up to 31 days, up to 3 total rows, 2 blank; devices: header, 10, 3, 2; ...
    expect(blockPlaces(w, made).map((a1) => a1.replace(/:.*/, ''))).toEqual(['A1', 'A38', 'A54', 'A80']);
    expect(w.statusRows().map((r) => r.Outcome)).toEqual(['OK', 'OK', 'OK', 'OK']);
  });

  test('the API adds two fields to earnings rows: the daily block grows wider and every part still refreshes', () => {
    const { w, grow } = world(2);
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    grow();
    const outcomes = refreshNextDay(w);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const data = w.values(made.dataSheetName);
    expect(data[0].length).toBeGreaterThanOrEqual(34); // past AH, where the device part used to start
    expect(chartHeaders(w, made)).toEqual(['Date', 'Device', 'Traffic source', 'Page URL']);
    expect(charts(w, made.sheetName).map((c) => c.options.title)).toEqual([
      'Daily earnings and RPM',
      'RPM by device',
      'Earnings by traffic source',
      'Top 10 pages by earnings',
    ]);
  });
});

describe('a dashboard made with the side-by-side layout', () => {
  test('is rebuilt in the stacked layout at its next refresh: blocks, data and charts move; nothing is left behind', () => {
    const { w, grow } = world(2);
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    asOldLayout(w, made);
    expect(blockPlaces(w, made).map((a1) => a1.replace(/:.*/, ''))).toEqual(['A1', 'AH1', 'AR1', 'BB1']);
    grow();
    const outcomes = refreshNextDay(w);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(blockPlaces(w, made).map((a1) => a1.replace(/:.*/, ''))).toEqual(['A1', 'A38', 'A54', 'A80']);
    expect(chartHeaders(w, made)).toEqual(['Date', 'Device', 'Traffic source', 'Page URL']);
    // Nothing of the old blocks is left beside the daily block's rows.
    const data = w.values(made.dataSheetName);
    const width = data[0].filter((v) => v !== '').length;
    for (const row of data.slice(0, 35)) expect(row.slice(width).filter((v) => v !== '')).toEqual([]);
    const reports = w.call<{ reports: Array<{ startCell?: string }> }>('listReports').reports;
    expect(reports.map((r) => r.startCell)).toEqual(['A1', 'A38', 'A54', 'A80']);
  });

  test('a part that fails on the refresh that moves it keeps its data, its note and its chart at the new place', () => {
    const { w } = world(0);
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    asOldLayout(w, made);
    const data = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(made.dataSheetName)!;
    const place = blockPlaces(w, made)[1];
    const before = data.getRange(place).getValues();
    const note = data.getRange('AH1').getNote();
    expect(note).not.toBe('');
    w.api.inject({ kind: 'status', status: 500, path: 'devices/performance', times: 20 });
    const outcomes = refreshNextDay(w);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'error', 'ok', 'ok']);
    const moved = blockPlaces(w, made)[1];
    expect(moved.replace(/:.*/, '')).toBe('A38');
    expect(data.getRange(moved).getValues()).toEqual(before);
    expect(data.getRange('A38').getNote()).toBe(note);
    expect(
      data
        .getRange(place)
        .getValues()
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(chartHeaders(w, made)[1]).toBe('Device');
    expect(String(charts(w, made.sheetName)[1].options.title)).toMatch(/^RPM by device \(not refreshed: /);
  });

  test("a part whose new place holds the user's content stays where it is, with its data", () => {
    const { w } = world(0);
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    asOldLayout(w, made);
    const data = w.emu.globals.SpreadsheetApp.getActiveSpreadsheet().getSheetByName(made.dataSheetName)!;
    w.emu.runAs({ user: OWNER }, () => data.getRange('B39').setValue('my own notes'));
    refreshNextDay(w);
    expect(blockPlaces(w, made).map((a1) => a1.replace(/:.*/, ''))).toEqual(['A1', 'AH1', 'A54', 'A80']);
    expect(w.values(made.dataSheetName)[38][1]).toBe('my own notes');
    expect(chartHeaders(w, made)).toEqual(['Date', 'Device', 'Traffic source', 'Page URL']);
  });
});

describe('a part that cannot be written', () => {
  test("says so in its chart's title on the dashboard, keeps its last data, and the title is restored by the next good refresh", () => {
    const { w } = world(0);
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    const before = charts(w, made.sheetName)[1].ranges.map((r) => r.numRows);
    w.api.inject({ kind: 'status', status: 500, path: 'devices/performance', times: 20 });
    const outcomes = refreshNextDay(w);
    expect(outcomes.map((o) => o.outcome)).toEqual(['ok', 'error', 'ok', 'ok']);
    const title = String(charts(w, made.sheetName)[1].options.title);
    expect(title.startsWith('RPM by device (not refreshed: ')).toBe(true);
    expect(title).toContain(outcomes[1].message!.slice(0, 40));
    expect(charts(w, made.sheetName)[1].ranges.map((r) => r.numRows)).toEqual(before);
    w.api.clearFaults();
    const again = refreshNextDay(w);
    expect(again.map((o) => o.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(charts(w, made.sheetName)[1].options.title).toBe('RPM by device');
  });

  test('a part that fails while the dashboard is made says so in its chart from the start', () => {
    const { w } = world(0);
    w.api.inject({ kind: 'status', status: 500, path: 'traffic-sources/performance', times: 20 });
    const made = w.call<Made>('createDashboard', { siteId: 'site-1', period: 'monthToDate' });
    const titles = charts(w, made.sheetName).map((c) => String(c.options.title));
    expect(titles[2]).toMatch(/^Earnings by traffic source \(not refreshed: /);
    expect([titles[0], titles[1], titles[3]]).toEqual(['Daily earnings and RPM', 'RPM by device', 'Top 10 pages by earnings']);
  });
});
