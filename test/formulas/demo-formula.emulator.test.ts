/**
 * A formula cell is one for everyone: Sheets runs CREATOR_ functions with the spreadsheet owner's
 * properties, so while the owner tries demo mode every editor's formulas compute demo data. They
 * used to show it exactly as real numbers (header "Date", no label): the result now says
 * "Demo data" itself, with or without its header row, and says nothing once the demo ends.
 */
import * as path from 'node:path';
import { DIST, ensureDist } from '../build/fixture';
import { createWorld, EDITOR, type World } from '../reports/emulated-world';

beforeAll(ensureDist);

function typed(w: World, cell: string, formula: string): string[][] {
  const sheet = w.emu.spreadsheet.getSheets()[0];
  w.emu.runAs({ user: EDITOR, mode: 'full' }, () => sheet.getRange(cell).setValue(formula));
  w.emu.recalculate();
  return sheet.getRange(cell).offset(0, 0, 40, 3).getDisplayValues();
}

test("an editor's formula, while the owner tries the demo, says Demo data; after End demo it shows real data unlabelled", () => {
  const w = createWorld(path.join(DIST, 'Code.js'), { now: '2026-11-21T15:00:00Z' });
  w.call('saveSettings', { clientId: 'demo-client', clientSecret: 'demo-secret', allowFormulas: true });
  w.call('startDemo');
  const withHeader = typed(w, 'A1', '=CREATOR_EARNINGS("site-1","lastMonth")');
  expect(withHeader[0][0]).toBe('Demo data: Date');
  expect(withHeader[1][0]).toBe('10/1/2026');
  const noHeader = typed(w, 'E1', '=CREATOR_EARNINGS("site-1","lastMonth",,,,FALSE)').filter((r) => r[0] !== '');
  expect(noHeader[0][0]).toBe('10/1/2026');
  expect(noHeader[noHeader.length - 1][0]).toMatch(/^Demo data: built-in sample data/);
  expect(noHeader).toHaveLength(32);

  w.call('endDemo');
  const real = typed(w, 'I1', '=CREATOR_EARNINGS("site-1","lastMonth")');
  expect(real[0][0]).toBe('Date');
  expect(real.flat().join(' ')).not.toMatch(/Demo data/);
});
