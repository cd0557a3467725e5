/**
 * Saved reports and schedules under the unconfirmed platform behaviours (emulator/variants.ts):
 * trigger runs that cannot reach their spreadsheet, and the flush before every document-lock release.
 */
import { BOTH_MODES } from '../../emulator';
import { ensureDist } from '../build/fixture';
import { buildBundle, createWorld, EDITOR, OWNER, type World } from './emulated-world';

let bundle = '';

beforeAll(async () => {
  ensureDist(); // the strict allowlist reads dist/appsscript.json
  bundle = await buildBundle();
}, 120_000);

interface ListView {
  reports: Array<{ id: string }>;
  scheduleOwner: { active: boolean; isMine: boolean; problem?: string | null };
}

function scheduled(w: World): { id: string } {
  w.connect();
  return w.call<{ id: string }>('saveReport', {
    name: 'Daily',
    report: 'earnings',
    siteId: 'site-1',
    start: 'lastMonth',
    sheetName: 'Daily',
    schedule: { every: 'hour' },
  });
}

describe.each(
  BOTH_MODES.flatMap(([mode, variants]) =>
    (['detached', 'noSpreadsheet'] as const).map(
      (triggerRun) => [`${triggerRun}, ${mode} platform otherwise`, { ...variants, triggerRun }] as const,
    ),
  ),
)('a trigger run that cannot reach its spreadsheet (%s)', (_mode, variants) => {
  test('records why, where the owner sees it on the next open, and clears it once a run gets through', () => {
    const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z', variants });
    scheduled(w);
    w.emu.clock.advance(3_600_000);
    const requests = w.api.stats.requests;
    w.fire();
    // Nothing could be done, and nothing was half done.
    expect(w.api.stats.requests).toBe(requests);
    expect(w.values('Daily')).toEqual([]);

    const expected =
      'The scheduled refresh at 2026-10-05 13:00 UTC could not open this spreadsheet (Google gave the trigger no access to it), so no saved report was refreshed. Use Refresh all reports in the menu meanwhile; docs/platform.md lists what to check.';
    expect(w.call<ListView>('listReports').scheduleOwner.problem).toBe(expected);
    // Only the owner's own properties hold it: an editor's sidebar does not show it.
    expect(w.callAs<ListView>(EDITOR, 'listReports').scheduleOwner.problem).toBeNull();
    w.call('onOpen', { authMode: 'FULL' });
    expect(w.emu.ui.toasts.map((t) => t.message)).toContain(expected);
    // Not yet used in this document (AuthMode.NONE): the menu only, no properties read.
    const toasts = w.emu.ui.toasts.length;
    w.call('onOpen', { authMode: 'NONE' });
    expect(w.emu.ui.toasts).toHaveLength(toasts);

    w.emu.variants.triggerRun = 'document';
    w.emu.clock.advance(3_600_000);
    w.fire();
    expect(w.values('Daily').length).toBeGreaterThan(1);
    expect(w.call<ListView>('listReports').scheduleOwner.problem).toBeNull();
  });
});

describe.each(BOTH_MODES)('every path that writes flushes before it releases the document lock (%s platform)', (_mode, variants) => {
  test('sidebar run, refresh, menu refresh, trigger, delete, status view', () => {
    const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z', variants });
    const report = scheduled(w);
    w.call('saveReport', { name: 'Other', report: 'traffic/summary', siteId: 'site-2', start: 'lastMonth', sheetName: 'Other' });
    w.emu.resetCounters();
    w.call('runReport', { report: 'devices/performance', siteId: 'site-3', start: 'lastMonth', sheetName: 'Devices' });
    w.call('refreshReports');
    w.call('menuRefreshAllReports');
    w.emu.clock.advance(3_600_000);
    w.fire();
    w.call('deleteReport', report.id);
    w.call('menuShowStatus');
    expect(w.values('Devices').length).toBeGreaterThan(1);
    expect(w.emu.counters.lockAcquired).toBeGreaterThanOrEqual(6);
    expect(w.emu.counters.unflushedLockReleases).toBe(0);
    expect(w.emu.counters.flushes).toBeGreaterThanOrEqual(6);
  });
});

describe.each(BOTH_MODES)('a sheet the user hid is brought back into view when they ask for it (%s platform)', (_mode, variants) => {
  test("the builder's run shows the sheet it wrote, and the menu's status view shows the status sheet", () => {
    const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z', variants });
    const sheet = (name: string) => w.emu.spreadsheet.getSheetByName(name)!;
    const hide = (name: string) => w.emu.runAs({ mode: 'full' }, () => sheet(name).hideSheet());
    const request = { report: 'earnings', siteId: 'site-1', start: 'lastMonth', sheetName: 'Mine' };
    w.connect();
    w.call('runReport', request);
    w.call('saveReport', { ...request, name: 'Other', sheetName: 'Other' });
    w.call('menuShowStatus');
    hide('Mine');
    hide('Creator Reporting status');
    w.emu.runAs({ mode: 'full' }, () => w.emu.spreadsheet.setActiveSheet(sheet('Sheet1')));

    w.call('runReport', request);
    expect([sheet('Mine').isSheetHidden(), w.emu.spreadsheet.getActiveSheet()!.getName()]).toEqual([false, 'Mine']);
    w.call('menuShowStatus');
    expect([sheet('Creator Reporting status').isSheetHidden(), w.emu.spreadsheet.getActiveSheet()!.getName()]).toEqual([
      false,
      'Creator Reporting status',
    ]);
  });
});

test('a report that would pass the spreadsheet cell limit fails with words a user can act on, writing nothing', () => {
  // A low limit stands in for Google's 10 million cells.
  const w = createWorld(bundle, { now: '2026-10-05T12:00:00Z', variants: { spreadsheetCellLimit: 55_000 } });
  w.connect();
  w.emu.runAs({ mode: 'full' }, () => w.emu.spreadsheet.insertSheet('Pages'));
  const message = w.failure(OWNER, 'runReport', { report: 'pages/performance', siteId: 'site-1', start: 'lastMonth', sheetName: 'Pages' });
  // Either the block itself or its staging copy (a refresh needs room for both) passes the limit.
  expect(message).toMatch(
    /^This report (needs \d+ rows, more than fit|does not fit) in this spreadsheet: Google allows 10 million cells per spreadsheet[,.].* Delete sheets, rows or columns you do not need, add a limit, or pull it into another spreadsheet\.$/,
  );
  expect(
    w
      .values('Pages')
      .flat()
      .filter((v) => v !== ''),
  ).toEqual([]);
});
