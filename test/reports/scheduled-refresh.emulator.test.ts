/**
 * Saved reports end to end: the built bundle on the emulator, the fake API on the virtual clock,
 * triggers fired as their owners.
 */
import type { PlatformVariants } from '../../emulator';
import { buildBundle, createWorld, EDITOR, OWNER, type World } from './emulated-world';

const HOUR = 3_600_000;
const BUSY = 'Another report is being written to this spreadsheet. Try again in a minute.';
let bundle = '';

beforeAll(async () => {
  bundle = await buildBundle();
});

interface Saved {
  id: string;
  status: { outcome: string; lastError: string | null; lastRunAt: string | null; nextRunAt: string | null };
}
interface ListView {
  reports: Saved[];
  scheduleOwner: { active: boolean; ownerEmail: string; isMine: boolean };
}

function save(w: World, def: Record<string, unknown>, user = OWNER): Saved {
  return w.callAs<Saved>(user, 'saveReport', { siteId: 'site-1', start: 'lastMonth', ...def });
}

function setClock(w: World, iso: string) {
  w.emu.clock.set(Date.parse(iso));
}

describe('scheduled refresh on the emulator', () => {
  // The script's time zone (the manifest's) may differ from the spreadsheet's: the schedule follows the spreadsheet.
  test.each([
    ['the same as', {}],
    ['other than', { scriptTimeZone: 'Asia/Tokyo', triggerListing: 'perProject', hiddenEmails: true }],
  ] as Array<[string, Partial<PlatformVariants>]>)(
    'reports come due at their hour in the spreadsheet time zone (script time zone %s it) and run once per slot',
    (_name, variants) => {
      // Monday 5 October, 08:00 in New York.
      const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z', variants });
      w.connect();
      save(w, { name: 'Daily earnings', report: 'earnings', sheetName: 'Daily', schedule: { every: 'day', hour: 6 } });
      save(w, {
        name: 'Hourly traffic',
        report: 'traffic/summary',
        siteId: 'site-2',
        start: 'lastThirtyDays',
        sheetName: 'Hourly',
        schedule: { every: 'hour' },
      });
      save(w, {
        name: 'Weekly devices',
        report: 'devices/performance',
        siteId: 'site-3',
        start: 'monthToDate',
        sheetName: 'Weekly',
        schedule: { every: 'week', hour: 7, weekDay: 3 },
      });
      expect(w.triggers()).toEqual([{ id: expect.any(String), owner: OWNER, handler: 'onScheduleTrigger' }]);

      w.emu.clock.advance(HOUR); // 09:00
      w.fire();
      expect(w.values('Hourly').length).toBeGreaterThan(1);
      expect(w.values('Daily')).toEqual([]);
      expect(w.values('Weekly')).toEqual([]);

      setClock(w, '2026-10-06T10:30:00Z'); // Tuesday 06:30
      w.fire();
      expect(w.values('Daily').length).toBeGreaterThan(1);
      expect(w.values('Weekly')).toEqual([]);
      const requests = w.api.stats.requests;
      w.emu.clock.advance(10 * 60_000); // 06:40: same slots, nothing to do
      w.fire();
      expect(w.api.stats.requests).toBe(requests);

      setClock(w, '2026-10-07T11:15:00Z'); // Wednesday 07:15
      w.fire();
      expect(w.values('Weekly').length).toBeGreaterThan(1);

      const daily = w.statusRows().find((r) => r.Name === 'Daily earnings')!;
      expect(daily).toMatchObject({ Outcome: 'OK', Schedule: 'Daily at 06:00', 'Last error': '' });
      expect(daily['Trigger owner']).toBe(variants.hiddenEmails ? 'the editor who turned schedules on (e-mail not shown)' : OWNER);
      // Wednesday's 06:00 slot ran at 07:15 local; times read in the spreadsheet's zone, one format
      // for the whole status sheet (kept as written, not re-shown in the locale's date format).
      expect(daily['Last run']).toBe('2026-10-07 07:15');
      expect(daily['Next run']).toBe('2026-10-08 06:00');
      expect(w.statusRows().map((r) => r.Schedule)).toEqual(['Daily at 06:00', 'Hourly', 'Weekly on Wednesday at 07:00']);
    },
  );

  test('a run that would exceed the time budget continues next hour without losing or repeating a report', () => {
    // Slow network: every round trip takes 40 virtual seconds.
    const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z', latencyMs: 40_000 });
    w.connect();
    const reports = ['earnings', 'traffic/summary', 'devices/performance', 'video/earnings', 'traffic/by-device', 'countries/performance'];
    for (const report of reports) save(w, { report, sheetName: report.replace('/', ' '), schedule: { every: 'day', hour: 6 } });
    setClock(w, '2026-10-06T10:05:00Z');

    const outcomes = () => w.call<ListView>('listReports').reports.map((r) => r.status.outcome);
    const runs: number[] = [];
    for (let hour = 0; hour < 6 && outcomes().includes('never'); hour++) {
      const before = outcomes().filter((o) => o === 'ok').length;
      const started = w.emu.clock.now();
      w.fire();
      // Inside Apps Script's 6 minutes, with the margin the platform budget keeps.
      expect(w.emu.clock.now() - started).toBeLessThanOrEqual(330_000);
      runs.push(outcomes().filter((o) => o === 'ok').length - before);
      w.emu.clock.advance(HOUR);
    }
    expect(runs.length).toBeGreaterThan(1); // it did not all fit in one execution
    expect(runs.every((n) => n > 0)).toBe(true); // every execution made progress
    expect(outcomes()).toEqual(reports.map(() => 'ok'));
    // Each report's data was fetched exactly once: nothing repeated.
    for (const report of reports) expect([report, w.requestsTo(`/site-1/${report}`)]).toEqual([report, 1]);
    // Later triggers that day find nothing due.
    const requests = w.api.stats.requests;
    w.fire();
    expect(w.api.stats.requests).toBe(requests);
  });

  test('a credential revoked mid-run: the failing reports show it and keep their previous data', () => {
    const w = createWorld(bundle);
    w.connect();
    save(w, { name: 'A', report: 'earnings', sheetName: 'A' });
    save(w, { name: 'B', report: 'traffic/summary', sheetName: 'B' });
    save(w, { name: 'C', report: 'devices/performance', siteId: 'site-2', sheetName: 'C' });
    w.call('refreshReports');
    const before = { B: w.values('B'), C: w.values('C') };
    expect(before.B.length).toBeGreaterThan(1);

    w.emu.clock.advance(HOUR);
    w.api.inject({ kind: 'revoke', path: 'traffic/summary' });
    const outcomes = w.call<Array<{ name: string; outcome: string; message?: string }>>('refreshReports');
    expect(outcomes.map((o) => [o.name, o.outcome])).toEqual([
      ['A', 'ok'],
      ['B', 'error'],
      ['C', 'error'],
    ]);
    expect(w.values('B')).toEqual(before.B);
    expect(w.values('C')).toEqual(before.C);
    const rows = w.statusRows();
    expect(rows.map((r) => r.Outcome)).toEqual(['OK', 'Failed', 'Failed']);
    for (const r of rows.slice(1)) expect(String(r['Last error'])).toMatch(/credential|client ID|secret|Settings/i);
    // The rows and data-through shown still describe the data in the sheet.
    expect(rows[1].Rows).toBe(before.B.length - 1);
  });

  // Google may list an add-on's trigger only per project, and hides e-mails without the
  // userinfo.email scope: the lifecycle must be the same either way.
  test.each([
    ['listed per document, e-mails shown', {}],
    ['listed per project only, e-mails hidden', { triggerListing: 'perProject', hiddenEmails: true }],
  ] as Array<[string, Partial<PlatformVariants>]>)(
    'one trigger per document (%s): created by the first schedule, taken over, re-created, removed',
    (_name, variants) => {
      const w = createWorld(bundle, { variants });
      const shown = (email: string) => (variants.hiddenEmails ? '' : email);
      w.connect();
      w.connect(EDITOR);
      const a = save(w, { name: 'A', report: 'earnings', sheetName: 'A', schedule: { every: 'day', hour: 6 } });
      const first = w.triggers();
      expect(first).toEqual([{ id: expect.any(String), owner: OWNER, handler: 'onScheduleTrigger' }]);

      expect(w.callAs<ListView>(OWNER, 'listReports').scheduleOwner).toEqual(
        expect.objectContaining({ active: true, ownerEmail: shown(OWNER), isMine: true }),
      );
      expect(w.callAs<ListView>(EDITOR, 'listReports').scheduleOwner).toEqual(
        expect.objectContaining({ active: true, ownerEmail: shown(OWNER), isMine: false }),
      );
      const taken = w.callAs<ListView>(EDITOR, 'takeOverSchedule');
      expect(taken.scheduleOwner).toEqual(expect.objectContaining({ active: true, ownerEmail: shown(EDITOR), isMine: true }));
      expect(
        w
          .triggers()
          .map((t) => t.owner)
          .sort(),
      ).toEqual([EDITOR, OWNER]);

      // The old owner's trigger runs, sees it is no longer the one, and removes itself.
      setClock(w, '2026-10-06T10:10:00Z');
      w.emu.fireTrigger(first[0].id);
      expect(w.triggers().map((t) => t.owner)).toEqual([EDITOR]);
      expect(w.values('A')).toEqual([]);
      // The owner saved it: the editor's trigger waits for the editor's approval.
      w.fire();
      expect(w.values('A')).toEqual([]);
      expect(w.statusRows()[0].Outcome).toBe('Needs approval');
      w.callAs(EDITOR, 'approveReport', a.id);
      setClock(w, '2026-10-07T10:10:00Z');
      w.fire();
      expect(w.values('A').length).toBeGreaterThan(1);
      expect(w.statusRows()[0]['Trigger owner']).toBe(shown(EDITOR) || 'the editor who turned schedules on (e-mail not shown)');

      // The editor's trigger vanishes (e.g. deleted in the Apps Script dashboard): their next list re-creates it.
      w.emu.runAs({ user: EDITOR }, () => {
        for (const t of w.emu.globals.ScriptApp.getProjectTriggers()) w.emu.globals.ScriptApp.deleteTrigger(t);
      });
      expect(w.triggers()).toEqual([]);
      expect(w.callAs<ListView>(OWNER, 'listReports').scheduleOwner.isMine).toBe(false);
      expect(w.triggers()).toEqual([]);
      expect(w.callAs<ListView>(EDITOR, 'listReports').scheduleOwner).toEqual(expect.objectContaining({ active: true, isMine: true }));
      expect(w.triggers().map((t) => t.owner)).toEqual([EDITOR]);

      // The owner turns the only schedule off: the editor's trigger notices at its next run and goes.
      w.callAs(OWNER, 'saveReport', { ...a, schedule: { every: 'off' } });
      expect(w.triggers().map((t) => t.owner)).toEqual([EDITOR]);
      w.fire();
      expect(w.triggers()).toEqual([]);
      expect(w.documentProperties()['cr.schedule.owner']).toBeUndefined();
    },
  );

  test('two refreshes of one document never interleave: a busy document is refused, and the schedule waits', () => {
    const w = createWorld(bundle);
    w.connect();
    save(w, { name: 'A', report: 'earnings', sheetName: 'A', schedule: { every: 'hour' } });
    const release = w.emu.locks.hold('document');
    expect(w.failure(OWNER, 'refreshReports')).toBe(BUSY);
    w.emu.clock.advance(HOUR);
    const requests = w.api.stats.requests;
    w.fire();
    expect(w.api.stats.requests).toBe(requests);
    expect(w.values('A')).toEqual([]);
    release();
    w.fire();
    expect(w.values('A').length).toBeGreaterThan(1);
  });

  test('presets are resolved on the day of each refresh', () => {
    const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z' });
    w.connect();
    save(w, { name: 'Last month', report: 'earnings', start: 'lastMonth', sheetName: 'Monthly' });
    w.call('refreshReports');
    expect(w.statusRows()[0].Dates).toBe('Last month (2026-09-01 to 2026-09-30)');
    expect(w.values('Monthly').length - 1).toBe(30);
    setClock(w, '2026-11-03T12:00:00Z');
    w.call('refreshReports');
    expect(w.statusRows()[0].Dates).toBe('Last month (2026-10-01 to 2026-10-31)');
    expect(w.values('Monthly').length - 1).toBe(31);
  });

  test('the status sheet: one row per report, rewritten after each refresh, shown from the menu', () => {
    const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z' });
    w.connect();
    w.emu.spreadsheet.insertSheet('Budget').getRange('A1').setValue('my numbers');
    const a = save(w, { name: '=HYPERLINK("x")', report: 'earnings', sheetName: 'A', schedule: { every: 'week', hour: 7, weekDay: 1 } });
    save(w, { name: 'Pages', report: 'pages/performance', siteId: ['site-1', 'site-2'], sheetName: 'P', options: { limit: 5 } });
    w.call('menuRefreshAllReports');
    expect(w.emu.ui.toasts.at(-1)?.message).toBe('Refreshed 2 of 2 reports.');
    const rows = w.statusRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      Name: '=HYPERLINK("x")', // kept as text, not run as a formula
      Report: 'Earnings',
      // The run listed the sites (a two-site report stacks them with names): the status says them too.
      Sites: 'Example Kitchen (site-1)',
      Sheet: 'A',
      Outcome: 'OK',
      Rows: 30,
      'Data through': expect.stringMatching(/^2026-10-0\d$/),
      Schedule: 'Weekly on Monday at 07:00',
      'Trigger owner': OWNER,
      'Last error': '',
    });
    expect(rows[1]).toMatchObject({
      Name: 'Pages',
      Sites: 'Example Kitchen (site-1), Wander Far Travel (site-2)',
      Rows: 10,
      Schedule: 'Off',
      'Trigger owner': '',
    });
    expect(w.values('Budget')).toEqual([['my numbers']]);

    w.call('deleteReport', a.id);
    expect(w.statusRows().map((r) => r.Name)).toEqual(['Pages']);
    w.call('menuShowStatus');
    expect(w.emu.spreadsheet.getActiveSheet().getName()).toBe('Creator Reporting status');
  });

  test('no secret or token in any document property or status cell, even after failures', () => {
    const w = createWorld(bundle);
    w.connect();
    save(w, { name: 'A', report: 'earnings', sheetName: 'A', schedule: { every: 'hour' } });
    save(w, { name: 'B', report: 'traffic/summary', sheetName: 'B', clientSecret: 'demo-secret' });
    w.call('refreshReports');
    w.api.inject({ kind: 'revoke' });
    w.call('refreshReports');
    expect(w.tokensSeen.size).toBeGreaterThan(0);
    const stored = JSON.stringify(w.documentProperties());
    const cells = JSON.stringify(w.emu.spreadsheet.getSheets().map((s) => s.getDataRange().getValues()));
    for (const secret of ['demo-secret', ...w.tokensSeen]) {
      expect(stored).not.toContain(secret);
      expect(cells).not.toContain(secret);
    }
    expect(w.statusRows().map((r) => r.Outcome)).toEqual(['Failed', 'Failed']);
  });
});
