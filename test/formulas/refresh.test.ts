import { isCreatorFormula } from '../../src/formulas/refresh';
import { createHarness, OWNER, refreshFormulas, type Harness } from './harness';

const ours = (formula: string) => /CREATOR_/i.test(formula);

function setUp(): Harness {
  const h = createHarness();
  h.saveCredential(OWNER, 'demo', true);
  const sheet = h.emu.spreadsheet.getSheets()[0];
  sheet.getRange('A1').setFormula('=CREATOR_EARNINGS("site-1", "2026-10-01", "2026-10-03")');
  sheet.getRange('J1').setFormula('=CREATOR_TRAFFIC_BY_DEVICE("site-2", "lastThirtyDays")');
  sheet.getRange('A20').setValue('my own note');
  sheet.getRange('B20').setFormula('=SUM(B2:B4)');
  const second = h.emu.spreadsheet.insertSheet('Pages');
  second.getRange('B2').setFormula('=CREATOR_REPORT("pages/performance", "site-1", "lastMonth", , "limit=5")');
  expect(h.emu.recalculate(h.functions, { only: ours }).errors).toEqual([]);
  return h;
}

describe('Refresh formulas', () => {
  it('re-runs every CREATOR_ formula past the cache, once, leaving other cells alone', () => {
    const h = setUp();
    const sheet = h.emu.spreadsheet.getSheets()[0];
    expect(sheet.getRange('B2').getValue()).not.toBe(999);

    // The API's numbers change; a plain recalculation still serves the cached result.
    h.override('/sites/site-1/earnings', {
      data: [
        { date: '2026-10-01', earnings: 999, pageviews: 1, sessions: 1, rpm: 1, pageRpm: 1, rps: 1 },
        { date: '2026-10-02', earnings: 998, pageviews: 1, sessions: 1, rpm: 1, pageRpm: 1, rps: 1 },
        { date: '2026-10-03', earnings: 997, pageviews: 1, sessions: 1, rpm: 1, pageRpm: 1, rps: 1 },
      ],
    });
    h.emu.recalculate(h.functions, { only: ours });
    expect(sheet.getRange('B2').getValue()).not.toBe(999);

    h.emu.resetCounters();
    const count = h.run((ex) => refreshFormulas(ex));
    expect(count).toBe(3);
    expect(h.emu.ui.toasts.map((t) => t.message)).toEqual([
      'Refreshing 3 formulas: each shows its old value until the new one arrives.',
    ]);
    // Only the three formula cells were written, each the same formula with the space after `=`
    // toggled (a changed text makes Sheets recalculate); other cells untouched.
    expect(h.emu.counters.setValuesCells).toBe(3);
    expect(sheet.getRange('A1').getFormula()).toBe('= CREATOR_EARNINGS("site-1", "2026-10-01", "2026-10-03")');
    expect(sheet.getRange('B20').getFormula()).toBe('=SUM(B2:B4)');
    expect(sheet.getRange('A20').getValue()).toBe('my own note');
    expect(h.emu.spreadsheet.getSheetByName('Pages')!.getRange('B2').getFormula()).toContain('CREATOR_REPORT');

    h.emu.resetCounters();
    expect(h.emu.recalculate(h.functions, { only: ours }).errors).toEqual([]);
    expect(h.emu.counters.requests).toBe(3);
    expect(sheet.getRange('B2:B4').getValues()).toEqual([[999], [998], [997]]);

    // The refresh is spent: the next recalculation is served from the cache again.
    h.emu.resetCounters();
    h.emu.recalculate(h.functions, { only: ours });
    expect(h.emu.counters.requests).toBe(0);

    // A second refresh toggles the text back.
    h.run((ex) => refreshFormulas(ex));
    expect(sheet.getRange('A1').getFormula()).toBe('=CREATOR_EARNINGS("site-1", "2026-10-01", "2026-10-03")');
  });

  it('uses the one token and the cached bounds when it re-runs', () => {
    const h = setUp();
    const mints = h.api.stats.tokenMints;
    const bounds = h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds'];
    h.run((ex) => refreshFormulas(ex));
    h.emu.recalculate(h.functions, { only: ours });
    expect(h.api.stats.tokenMints).toBe(mints);
    expect(h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds']).toBe(bounds);
  });

  it('says so when there is nothing to refresh', () => {
    const h = createHarness();
    expect(h.run((ex) => refreshFormulas(ex))).toBe(0);
    expect(h.emu.ui.toasts[0].message).toBe('No Creator Reporting formulas in this spreadsheet.');
  });

  it('recognises our formulas, also inside others, and only ours', () => {
    expect(isCreatorFormula('=CREATOR_SITES()')).toBe(true);
    expect(isCreatorFormula('=sum(creator_earnings(A1, "lastMonth"))')).toBe(true);
    expect(isCreatorFormula('=MY_CREATOR_SITES()')).toBe(false);
    expect(isCreatorFormula('CREATOR_SITES()')).toBe(false);
    expect(isCreatorFormula('=A1&"CREATOR_X"')).toBe(false);
  });
});
