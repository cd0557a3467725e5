/**
 * A spreadsheet at its 10 million cells has no room for the status sheet. The first refresh of a
 * saved report there used to answer "Something unexpected went wrong", the sheet's creation failing
 * outside the refresh's guarded path; the report's own outcome says what happened.
 */
import { buildBundle, createWorld } from '../hardening/world';

beforeAll(async () => {
  await buildBundle();
}, 120_000);

test('the refresh answers with each report\u2019s outcome; no status sheet, and the log says why', () => {
  const w = createWorld({ variants: { spreadsheetCellLimit: 10_000_000 } });
  w.connect();
  const report = { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-10-07', sheetName: 'Mine' };
  expect(w.sidebar('runReport', [report]).ok).toBe(true);
  expect(w.sidebar('saveReport', [report]).ok).toBe(true);
  const used = () => w.emu.spreadsheet.getSheets().reduce((n, s) => n + s.getMaxRows() * s.getMaxColumns(), 0);
  w.emu.spreadsheet.insertSheet('Filler').insertRowsAfter(1000, Math.floor((10_000_000 - used() - 20_000) / 26));
  const refreshed = w.sidebar<Array<{ outcome: string; message?: string }>>('refreshReports');
  expect(refreshed.ok ? 'answered' : refreshed.message).toBe('answered');
  expect(refreshed.ok && refreshed.value).toHaveLength(1);
  expect(w.emu.spreadsheet.getSheetByName('Creator Reporting status')).toBeNull();
  expect(w.emu.logs.join('\n')).toMatch(/the status sheet could not be made: .*10000000/);
});
