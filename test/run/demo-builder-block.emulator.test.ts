/**
 * The builder owns one block per sheet, report and sites, and any run of the same report and sites
 * into that sheet replaces it. A demo run did the same to a real pull: the sample data replaced the
 * real block (and a demo report saved from that run took it over). The demo's builder blocks are
 * its own: a real block in the way is refused, as another report's is.
 */
import * as path from 'node:path';
import { DIST, ensureDist } from '../build/fixture';
import { createWorld } from '../reports/emulated-world';

beforeAll(ensureDist);

const RUN = { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Earnings' };
const noteOf = (w: ReturnType<typeof createWorld>) => w.emu.spreadsheet.getSheetByName('Earnings')!.getRange('A1').getNote();

test('a demo run of the same report and site into a sheet holding a real pull is refused; the real block stays', () => {
  const w = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
  w.connect();
  w.call('runReport', RUN);
  const before = w.values('Earnings');
  w.call('startDemo');
  expect(w.failure('owner@example.com', 'runReport', { ...RUN, start: '2026-11-01', end: '2026-11-10' })).toMatch(
    /^Sheet 'Earnings' already holds Earnings for site-1 \(A1:G31\)\. Choose another sheet/,
  );
  expect(w.values('Earnings')).toEqual(before);
  expect(noteOf(w)).not.toContain('Demo data');
  // In a sheet of its own the demo's builder works, and runs again in place.
  w.call('runReport', { ...RUN, sheetName: 'Demo' });
  expect(w.call<{ range: string }>('runReport', { ...RUN, sheetName: 'Demo', start: '2026-11-01', end: '2026-11-10' }).range).toBe(
    'A1:G11',
  );
  // After the demo, the real builder replaces its own block again, not the demo's.
  w.call('endDemo');
  expect(w.call<{ range: string }>('runReport', RUN).range).toBe('A1:G31');
  expect(noteOf(w)).not.toContain('Demo data');
});
