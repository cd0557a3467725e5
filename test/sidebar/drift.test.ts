/**
 * The sidebar's pulls against both fakes (fake-api/drift.ts): every report lands as a clean block
 * with readable headers, or the run fails with a clear message and leaves the sheet alone.
 */
import { REPORTS } from '../../src/catalog/reports';
import * as server from '../../src/sidebar/server';
import { FAKE_MODES } from '../fake-modes';
import { caught, sidebarWorld } from './world';

function badCells(shown: string[][]): string[] {
  return shown.flat().filter((cell) => /^(null|undefined|NaN|Infinity)$|\[object Object\]/.test(cell));
}

describe.each(FAKE_MODES)('sidebar pulls against the %s fake', (_mode, drift) => {
  it.each(REPORTS.map((r) => [r.key]))('%s lands as a clean block with readable headers', (key) => {
    const w = sidebarWorld({ drift });
    w.connect();
    const result = server.runReport(w.ex(), { report: key, siteId: key === 'sites' ? '' : 'site-3', start: 'lastMonth' });
    const shown = w.shown(result.sheetName);
    expect(shown.length).toBe(result.rows + 1);
    expect(result.rows).toBeGreaterThan(0);
    expect(badCells(shown)).toEqual([]);
    for (const header of shown[0]) expect(header.replace('eCPM', 'ECPM')).toMatch(/^[A-Z0-9]/);
    for (const header of shown[0]) expect(header.replace('eCPM', 'ECPM')).not.toMatch(/[a-z][A-Z]/);
    expect(result.notices ?? []).toEqual([]);
  });

  it('all sites: one block, catalog column order, a Site column first', () => {
    const w = sidebarWorld({ drift });
    w.connect();
    const result = server.runReport(w.ex(), { report: 'devices/performance', siteId: 'all', start: 'lastMonth' });
    const shown = w.shown(result.sheetName);
    expect(shown[0].slice(0, 4)).toEqual(['Site', 'Site name', 'Device', 'Earnings']);
    expect(result.rows).toBe(12);
  });
});

describe('sidebar pulls on drift variations that need words', () => {
  it('earnings as one summary row: the note and the result say so, and there is no Date column', () => {
    const w = sidebarWorld({ drift: { earningsSummaryOnly: true } });
    w.connect();
    const result = server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: '2026-10-01', end: '2026-10-31' });
    const notice =
      'The Creator API sent one summary row for 2026-10-01 to 2026-10-31, not a day-by-day series, so there is no Date column.';
    expect(result.notices).toEqual([notice]);
    const shown = w.shown(result.sheetName);
    expect(shown).toHaveLength(2);
    expect(shown[0]).not.toContain('Date');
    const note = w.emu.platform().spreadsheet()!.getSheetByName(result.sheetName)!.getRange('A1').getNote();
    expect(note).toContain(`Note: ${notice}`);
  });

  it('a firewall challenge fails the run with what to do, and writes nothing', () => {
    const w = sidebarWorld();
    w.connect();
    w.api.setDrift({ firewall: true });
    const error = caught(() => server.runReport(w.ex(), { report: 'earnings', siteId: 'site-1', start: 'lastMonth' }));
    expect(error.message).toContain('This usually means its web firewall stopped the request');
    expect(w.emu.platform().spreadsheet()!.getSheetByName('Earnings - site-1')).toBeNull();
  });
});
