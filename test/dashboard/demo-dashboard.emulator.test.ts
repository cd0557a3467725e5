/**
 * A dashboard made in demo mode: its tiles fill from the demo's blocks (their bindings are kept
 * with the demo's records, where the tiles must also look for them), its tabs say "Demo data", and
 * it never stands in the way of the real dashboard of the same site and period, before or after
 * End demo.
 */
import { bundleForFile, createWorld, EDITOR, type MadeDashboard as Made } from '../reports/emulated-world';

const bundle = bundleForFile();
const REQUEST = { siteId: 'site-1', period: 'monthToDate' };

test('the demo dashboard fills its tiles, its tabs say Demo data, and a real one of the same site and period is made beside it', () => {
  const w = createWorld(bundle(), { now: '2026-11-21T15:00:00Z' });
  // Another editor's real dashboard is already there.
  w.connect(EDITOR);
  const real = w.callAs<Made>(EDITOR, 'createDashboard', REQUEST);
  w.call('startDemo');
  const demo = w.call<Made>('createDashboard', REQUEST);
  expect(demo).toMatchObject({
    sheetName: 'Dashboard - site-1 - Month to date (Demo data)',
    dataSheetName: 'Dashboard data - site-1 - Month to date (Demo data)',
  });
  const tiles = w.values(demo.sheetName);
  expect(tiles[3].filter((v) => v !== '')).toEqual(['Earnings', 'RPM', 'Pageviews', 'Sessions']);
  for (const c of [0, 2, 4, 6]) expect(typeof tiles[4][c]).toBe('number');
  // The real dashboard is as its editor made it.
  expect(String(w.values(real.sheetName)[0][0])).not.toMatch(/Demo data/);

  // After End demo, the owner's own real dashboard of the same site and period is made too.
  w.call('endDemo');
  w.connect();
  w.emu.spreadsheet.deleteSheet(w.emu.spreadsheet.getSheetByName(real.sheetName)!);
  w.emu.spreadsheet.deleteSheet(w.emu.spreadsheet.getSheetByName(real.dataSheetName)!);
  const mine = w.call<Made>('createDashboard', REQUEST);
  expect(mine.sheetName).toBe('Dashboard - site-1 - Month to date');
  expect(String(w.values(demo.sheetName)[0][0])).toMatch(/^Demo data: /);
});
