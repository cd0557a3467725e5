/**
 * Journeys through the report builder, saved reports and the sheets they write (dist/Code.js on
 * the emulator): a saved report refreshes the block it was saved from; another report never
 * silently replaces a block; deleting a saved report hands its block back to the builder.
 */
import { blockRangeName as blockName } from '../../src/sheet/block-ownership';
import { journeyWorld, savedDevicesWorld } from './world';

const EARNINGS_2 = { report: 'earnings', siteId: 'site-2', start: 'lastThirtyDays' };

describe('journey: run in the builder, save with a schedule, refresh from the Saved tab and the trigger', () => {
  it('the saved report adopts the builder block and refreshes it, on demand and on schedule', () => {
    const w = journeyWorld();
    w.connect();
    const ran = w.call<{ sheetName: string; range: string }>('runReport', EARNINGS_2);
    expect(ran).toMatchObject({ sheetName: 'Earnings - site-2', range: 'A1:G31' });
    const saved = w.call<{ id: string }>('saveReport', { ...EARNINGS_2, sheetName: ran.sheetName, schedule: { every: 'day', hour: 18 } });

    // Saved tab > Run.
    const outcomes = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [saved.id]);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'ok', rows: 30 })]);
    expect(w.values(ran.sheetName)[0][0]).toBe('Date');

    // +1 hour until 18:00 in New York: the trigger refreshes it too.
    w.hours(8);
    const status = w.statusRows().find((r) => r['Sheet'] === ran.sheetName || Object.values(r).includes(ran.sheetName));
    expect(status).toBeDefined();
    expect(Object.values(status!)).toContain('OK');
    const listed = w.call<{
      reports: Array<{
        reportLabel: string;
        datesText: string;
        status: { outcome: string; lastError: string | null; lastRunText: string };
      }>;
    }>('listReports');
    expect(listed.reports[0].status).toMatchObject({ outcome: 'ok', lastError: null });
    // People read labels and the spreadsheet's time, named.
    expect(listed.reports[0]).toMatchObject({ reportLabel: 'Earnings', datesText: 'Last 30 days' });
    expect(listed.reports[0].status.lastRunText).toBe('Sat Nov 21, 18:00 EST');
    expect(status!['Report']).toBe('Earnings');
    expect(String(status!['Dates'])).toMatch(/^Last 30 days \(2026-10-\d\d to 2026-11-19\)$/);
  });

  it('a sheet renamed between saving and the first refresh is refreshed, not forked under its old name', () => {
    const w = journeyWorld();
    w.connect();
    const ran = w.call<{ sheetName: string }>('runReport', EARNINGS_2);
    const saved = w.call<{ id: string }>('saveReport', { ...EARNINGS_2, sheetName: ran.sheetName });
    w.emu.runAs({}, () => w.emu.spreadsheet.getSheetByName(ran.sheetName)!.setName('My earnings'));
    const outcomes = w.call<Array<{ outcome: string }>>('refreshReports', [saved.id]);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'ok', rows: 30 })]);
    expect(w.emu.spreadsheet.getSheetByName(ran.sheetName)).toBeNull();
    expect(w.values('My earnings')[0][0]).toBe('Date');
    expect(w.call<{ reports: Array<{ sheetName: string }> }>('listReports').reports[0].sheetName).toBe('My earnings');
  });

  it('a refresh that cannot write says so before it pulls anything', () => {
    const w = journeyWorld();
    w.connect();
    w.type('Budget', 'C1', 'my notes');
    const saved = w.call<{ id: string }>('saveReport', { ...EARNINGS_2, sheetName: 'Budget' });
    const before = w.api.stats.log.length;
    const [outcome] = w.call<Array<{ outcome: string; message: string }>>('refreshReports', [saved.id]);
    expect(outcome).toMatchObject({ outcome: 'error' });
    expect(outcome.message).toBe(
      "Sheet 'Budget' has other content in C1, where this report needs to write. Move that content or choose another sheet.",
    );
    expect(w.api.stats.log.length).toBe(before);
    expect(w.values('Budget')[0][2]).toBe('my notes');
  });
});

describe('journey: two reports and one sheet', () => {
  it('running a different report into a sheet that holds another report\u2019s block is refused, not a silent replacement', () => {
    const w = journeyWorld();
    w.connect();
    w.call('runReport', { ...EARNINGS_2, sheetName: 'Mine' });
    const message = w.failure('owner@example.com', 'runReport', {
      report: 'traffic/summary',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      sheetName: 'Mine',
    });
    expect(message).toBe(
      "Sheet 'Mine' already holds Earnings for site-2 (A1:G31). Choose another sheet for this report, or delete that sheet first to replace it.",
    );
    expect(w.values('Mine')[0][0]).toBe('Date');
    // The same report again (new dates) replaces its own block, as a re-run should.
    expect(w.call('runReport', { ...EARNINGS_2, start: 'lastNinetyDays', sheetName: 'Mine' })).toMatchObject({ range: 'A1:G91' });
  });

  it('two saved reports cannot share a sheet: the second says which report is there', () => {
    const w = journeyWorld();
    w.connect();
    const a = w.call<{ id: string }>('saveReport', { ...EARNINGS_2, name: 'A', sheetName: 'Shared' });
    const b = w.call<{ id: string }>('saveReport', {
      report: 'traffic/summary',
      siteId: 'site-1',
      start: 'lastThirtyDays',
      name: 'B',
      sheetName: 'Shared',
    });
    const outcomes = w.call<Array<{ id: string; outcome: string; message?: string }>>('refreshReports', [a.id, b.id]);
    expect(outcomes.find((o) => o.id === a.id)).toMatchObject({ outcome: 'ok' });
    expect(outcomes.find((o) => o.id === b.id)?.message).toBe(
      "Sheet 'Shared' already holds Earnings for site-2 (A1:G31), kept up to date by a saved report. Run that one from the Saved tab, or choose another sheet for this report.",
    );
  });

  it('after its saved report is deleted, the builder may replace the data left in the sheet', () => {
    const w = journeyWorld();
    w.connect();
    const ran = w.call<{ sheetName: string }>('runReport', EARNINGS_2);
    const saved = w.call<{ id: string }>('saveReport', { ...EARNINGS_2, sheetName: ran.sheetName });
    expect(w.failure('owner@example.com', 'runReport', EARNINGS_2)).toMatch(/kept up to date by a saved report/);
    w.call('deleteReport', saved.id);
    expect(w.call('runReport', { ...EARNINGS_2, start: 'lastNinetyDays' })).toMatchObject({ range: 'A1:G91' });
  });
});

describe('journey: edit a saved report in the Saved tab (report, limit, columns) and refresh it', () => {
  it('the same block takes the new report: only the chosen columns, at most the limit, nothing of the old one left', () => {
    const w = journeyWorld();
    w.connect();
    const ran = w.call<{ sheetName: string }>('runReport', EARNINGS_2);
    const saved = w.call<{ id: string }>('saveReport', {
      ...EARNINGS_2,
      name: 'Mine',
      sheetName: ran.sheetName,
      schedule: { every: 'day', hour: 18 },
    });
    expect(w.values(ran.sheetName)).toHaveLength(31);

    const edited = w.call<{ reportLabel: string; options: unknown; schedule: unknown }>('saveReport', {
      id: saved.id,
      name: 'Mine',
      ...EARNINGS_2,
      report: 'pages/performance',
      options: { limit: 5, columns: ['pageUrl', 'earnings', 'pageviews'] },
      sheetName: ran.sheetName,
      schedule: { every: 'day', hour: 18 },
    });
    expect(edited).toMatchObject({
      reportLabel: 'Page performance',
      options: { limit: 5, columns: ['pageUrl', 'earnings', 'pageviews'] },
      schedule: { every: 'day', hour: 18 },
    });
    expect(w.call('refreshReports', [saved.id])).toEqual([expect.objectContaining({ outcome: 'ok', rows: 5 })]);
    const values = w.values(ran.sheetName);
    expect(values[0].filter((v) => v !== '')).toEqual(['Page URL', 'Earnings', 'Pageviews']);
    // The earnings block was 31 rows by 7 columns: the rest of it is cleared, not left behind.
    expect(
      values
        .slice(6)
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(values.slice(0, 6).every((row) => row.slice(3).every((v) => v === ''))).toBe(true);
    const listed = w.call<{ reports: Array<{ status: { outcome: string } }> }>('listReports');
    expect(listed.reports).toHaveLength(1);
    expect(listed.reports[0].status.outcome).toBe('ok');
  });

  it('a bad edit is refused with the reason, and the saved report still refreshes as before', () => {
    const w = journeyWorld();
    w.connect();
    const saved = w.call<{ id: string }>('saveReport', { ...EARNINGS_2, sheetName: 'Mine' });
    const edit = (change: Record<string, unknown>) =>
      w.failure('owner@example.com', 'saveReport', { ...EARNINGS_2, id: saved.id, sheetName: 'Mine', ...change });
    expect(edit({ report: 'payouts' })).toBe('"payouts" is not a report this add-on knows. Choose one from the list.');
    expect(edit({ report: 'pages/performance', options: { limit: 100_001 } })).toBe(
      'The limit "100001" must be a whole number from 1 to 100000.',
    );
    expect(edit({ options: { columns: ['pageUrl'] } })).toBe(
      '"pageUrl" is not a column of Earnings. Its columns are Date, Earnings, Pageviews, Sessions, RPM, Page RPM, RPS.',
    );
    expect(w.call('refreshReports', [saved.id])).toEqual([expect.objectContaining({ outcome: 'ok', rows: 30 })]);
    expect(w.values('Mine')[0]).toEqual(['Date', 'Earnings', 'Pageviews', 'Sessions', 'RPM', 'Page RPM', 'RPS']);
  });
});

describe('journey: a saved report whose block the user moved', () => {
  function savedDevices() {
    const { w, ran, saved } = savedDevicesWorld();
    const header = w.values('Devices')[0].filter((c) => c !== '');
    return { w, saved, ran, header };
  }

  it('a row inserted above and a title typed in the new A1: every refresh writes where the block now is', () => {
    const { w, saved, ran, header } = savedDevices();
    w.emu.runAs({}, () => w.emu.spreadsheet.getSheetByName('Devices')!.insertRowsBefore(1, 1));
    w.type('Devices', 'A1', 'Device performance, site-1');
    const outcomes = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [saved.id]);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'ok' })]);
    expect(w.shows('Devices', 'A1')).toBe('Device performance, site-1');
    expect(w.values('Devices')[1].filter((c) => c !== '')).toEqual(header);
    // The block is where it was moved to, the same size, and so is it after the next refresh.
    const moved = ran.range.replace(/\d+/g, (n) => String(Number(n) + 1));
    expect(w.emu.spreadsheet.getRangeByName(blockName(saved.id))!.getA1Notation()).toBe(moved);
    w.hours(1);
    expect(w.call<Array<{ outcome: string }>>('refreshReports', [saved.id])).toEqual([expect.objectContaining({ outcome: 'ok' })]);
    expect(w.emu.spreadsheet.getRangeByName(blockName(saved.id))!.getA1Notation()).toBe(moved);
    expect(w.shows('Devices', 'A1')).toBe('Device performance, site-1');
  });

  it('its data rows sorted above the Total row (rows frozen): the refresh writes the report\u2019s order, the Total row last', () => {
    const { w, saved } = savedDevices();
    const before = w.values('Devices');
    const last = before.length;
    expect(before[last - 1][0]).toBe('Total');
    w.emu.runAs({}, () => {
      const sheet = w.emu.spreadsheet.getSheetByName('Devices')!;
      sheet.setFrozenRows(2);
      sheet.getRange(2, 1, last - 2, before[0].length).sort({ column: 2, ascending: false });
    });
    expect(w.values('Devices')).not.toEqual(before);
    const outcomes = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [saved.id]);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'ok' })]);
    expect(w.values('Devices').map((row) => row[0])).toEqual(before.map((row) => row[0]));
    expect(w.emu.spreadsheet.getSheetByName('Devices')!.getFrozenRows()).toBe(2);
    expect(w.emu.spreadsheet.note('Devices', 'A1')).toMatch(/The rows had been sorted in the sheet/);

    // A sort that takes the Total row along is not one of the report's orders: refused.
    w.emu.runAs({}, () =>
      w.emu.spreadsheet
        .getSheetByName('Devices')!
        .getRange(2, 1, last - 1, before[0].length)
        .sort({ column: 1, ascending: false }),
    );
    const [refused] = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [saved.id]);
    expect(refused).toMatchObject({
      outcome: 'error',
      message: expect.stringMatching(/has cells edited in .*, inside the report's block/),
    });
  });

  it('a column inserted to the left with the user\u2019s own notes in it: the refresh writes the block where it now is', () => {
    const { w, saved, header } = savedDevices();
    w.emu.runAs({}, () => w.emu.spreadsheet.getSheetByName('Devices')!.insertColumnsBefore(1, 1));
    w.type('Devices', 'A1', 'My notes');
    w.type('Devices', 'A2', 'look at mobile');
    const outcomes = w.call<Array<{ outcome: string; message?: string }>>('refreshReports', [saved.id]);
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'ok' })]);
    expect(w.values('Devices')[0]).toEqual(['My notes', ...header]);
    expect(w.shows('Devices', 'A2')).toBe('look at mobile');
  });
});
