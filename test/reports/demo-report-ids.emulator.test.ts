/**
 * A demo saved report never takes a real one's place: its block in the shared spreadsheet is named
 * after its ID, so a demo ID equal to a real report's (both made in the same millisecond, each
 * unique only in its own store) made the demo's refresh write sample data into the real block.
 */
import * as path from 'node:path';
import { DIST, ensureDist } from '../build/fixture';
import { createWorld, EDITOR, OWNER } from './emulated-world';

beforeAll(ensureDist);

const REPORT = { report: 'earnings', siteId: 'site-1', start: 'lastThirtyDays', sheetName: 'Earnings' };
const noteOf = (w: ReturnType<typeof createWorld>) => w.emu.spreadsheet.getSheetByName('Earnings')!.getRange('A1').getNote();

test("a demo report saved on a real report's sheet is refused there and leaves the real block alone", () => {
  // The emulator's clock stands still between calls: both reports are made in the same millisecond.
  const w = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
  w.connect(EDITOR);
  const real = w.callAs<{ id: string }>(EDITOR, 'saveReport', REPORT);
  w.callAs(EDITOR, 'refreshReports');
  w.call('startDemo');
  const demo = w.call<{ id: string }>('saveReport', REPORT);
  expect(demo.id).not.toBe(real.id);
  const results = w.call<Array<{ outcome: string }>>('refreshReports');
  expect(results.map((r) => r.outcome)).toEqual(['error']);
  expect(noteOf(w)).not.toContain('Demo data');
  // Another user's demo in the same millisecond gets IDs of its own too.
  w.callAs(EDITOR, 'startDemo');
  const other = w.callAs<{ id: string }>(EDITOR, 'saveReport', { ...REPORT, sheetName: 'Editor demo' });
  expect([real.id, demo.id]).not.toContain(other.id);
  expect(w.callAs<{ reports: unknown[] }>(OWNER, 'listReports').reports).toHaveLength(1);
});
