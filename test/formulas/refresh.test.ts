import { BOTH_MODES, STRICT, type PlatformVariants } from '../../emulator';
import { BURST_MESSAGE } from '../../emulator/formula-engine';
import { isCreatorFormula, REFRESH_BATCH } from '../../src/formulas/refresh';
import { startExecution } from '../../src/platform/execution';
import { createHarness, OWNER, refreshFormulas, type Harness } from './harness';

const ours = (formula: string) => /CREATOR_/i.test(formula);
const EARNINGS = '=CREATOR_EARNINGS("site-1", "2026-10-01", "2026-10-03")';

function setUp(variants: Partial<PlatformVariants>): Harness {
  const h = createHarness({ variants });
  h.saveCredential(OWNER, 'demo', true);
  const sheet = h.emu.spreadsheet.getSheets()[0];
  sheet.getRange('A1').setFormula(EARNINGS);
  sheet.getRange('J1').setFormula('=CREATOR_TRAFFIC_BY_DEVICE("site-2", "lastThirtyDays")');
  sheet.getRange('A20').setValue('my own note');
  sheet.getRange('B20').setFormula('=SUM(B2:B4)');
  const second = h.emu.spreadsheet.insertSheet('Pages');
  second.getRange('B2').setFormula('=CREATOR_REPORT("pages/performance", "site-1", "lastMonth", , "limit=5")');
  expect(h.emu.recalculate(h.functions, { only: ours }).errors).toEqual([]);
  return h;
}

function changeEarnings(h: Harness): void {
  h.override('/sites/site-1/earnings', {
    data: [
      { date: '2026-10-01', earnings: 999, pageviews: 1, sessions: 1, rpm: 1, pageRpm: 1, rps: 1 },
      { date: '2026-10-02', earnings: 998, pageviews: 1, sessions: 1, rpm: 1, pageRpm: 1, rps: 1 },
      { date: '2026-10-03', earnings: 997, pageviews: 1, sessions: 1, rpm: 1, pageRpm: 1, rps: 1 },
    ],
  });
}

describe.each(BOTH_MODES)('Refresh formulas (%s platform)', (_mode, variants) => {
  it('re-runs every CREATOR_ formula past the cache, once, leaving every formula and other cell as it was', () => {
    const h = setUp(variants);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    const pages = h.emu.spreadsheet.getSheetByName('Pages')!;
    const before = pages.getRange('B2').getFormula();

    // The API's numbers change; a plain recalculation still serves the cached result.
    changeEarnings(h);
    h.emu.recalculate(h.functions, { only: ours });
    expect(sheet.getRange('B2').getValue()).not.toBe(999);

    h.emu.resetCounters();
    expect(h.run((ex) => refreshFormulas(ex))).toBe(3);
    expect(h.emu.ui.toasts.map((t) => t.message)).toEqual([
      `Refreshing 3 formulas, ${REFRESH_BATCH} at a time: each shows Loading... until its new data arrives.`,
    ]);
    // Placeholder, flush, the formula back, flush: each formula cell written twice, nothing else.
    expect(h.emu.counters.setValuesCells).toBe(6);
    expect(h.emu.counters.flushes).toBe(2);
    expect(sheet.getRange('A1').getFormula()).toBe(EARNINGS);
    expect(pages.getRange('B2').getFormula()).toBe(before);
    expect(sheet.getRange('B20').getFormula()).toBe('=SUM(B2:B4)');
    expect(sheet.getRange('A20').getValue()).toBe('my own note');

    h.emu.resetCounters();
    expect(h.emu.recalculate(h.functions, { only: ours }).errors).toEqual([]);
    expect(h.emu.counters.customFunctionCalls).toBe(3);
    expect(h.emu.counters.requests).toBe(3);
    expect(sheet.getRange('B2:B4').getValues()).toEqual([[999], [998], [997]]);

    // The refresh is spent: the next recalculation is served from the cache again.
    h.emu.resetCounters();
    h.emu.recalculate(h.functions, { only: ours });
    expect(h.emu.counters.requests).toBe(0);

    // A second refresh leaves the texts exactly as they are too.
    h.run((ex) => refreshFormulas(ex));
    expect(sheet.getRange('A1').getFormula()).toBe(EARNINGS);
  });

  it('uses the one token and the cached bounds when it re-runs', () => {
    const h = setUp(variants);
    const mints = h.api.stats.tokenMints;
    const bounds = h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds'];
    h.run((ex) => refreshFormulas(ex));
    h.emu.recalculate(h.functions, { only: ours });
    expect(h.api.stats.tokenMints).toBe(mints);
    expect(h.api.stats.byPath['/creator-api/v1/sites/site-2/date-bounds']).toBe(bounds);
  });

  it(`lets at most ${REFRESH_BATCH} formulas start at once, pausing between batches`, () => {
    const h = createHarness({ variants });
    h.saveCredential(OWNER, 'demo', true);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    const texts = Array.from({ length: 45 }, (_, i) => `=CREATOR_SITES(FALSE${' '.repeat(i % 2)})`);
    texts.forEach((text, i) => sheet.getRange(1 + i * 7, 1).setFormula(text));
    const stored = texts.map((_, i) => sheet.getRange(1 + i * 7, 1).getFormula());
    h.emu.recalculate(h.functions, { only: ours });

    h.emu.resetCounters();
    const started = h.emu.clock.now();
    expect(h.run((ex) => refreshFormulas(ex))).toBe(45);
    expect(h.emu.counters.flushes).toBe(6);
    expect(h.emu.clock.now() - started).toBeGreaterThanOrEqual(2 * 2_000);
    expect(h.emu.counters.recalcBurstDenied).toBe(0);
    expect(texts.map((_, i) => sheet.getRange(1 + i * 7, 1).getFormula())).toEqual(stored);
    h.emu.resetCounters();
    expect(h.emu.recalculate(h.functions, { only: ours }).errors).toEqual([]);
    expect(h.emu.counters.customFunctionCalls).toBe(45);
  });

  it('puts every formula back when a write fails midway, and restores placeholders a cut-short refresh left', () => {
    const h = setUp(variants);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    const failing = h.emu.runAs({ user: OWNER, mode: 'full' }, () => {
      const ex = startExecution(h.emu.platform(), 'menu');
      ex.platform = Object.create(ex.platform, {
        flush: {
          value: () => {
            throw new Error('Service Spreadsheets timed out while accessing document');
          },
        },
      });
      try {
        refreshFormulas(ex);
        return null;
      } catch (e) {
        return (e as Error).message;
      }
    });
    expect(failing).toContain('timed out');
    expect(sheet.getRange('A1').getFormula()).toBe(EARNINGS);

    // An execution killed between the two writes leaves the placeholder, which carries the formula.
    sheet.getRange('C30').setValue(`Refreshing... (if this stays, use Extensions > Creator Reporting > Refresh formulas) ${EARNINGS}`);
    sheet.getRange('C31').setValue('Refreshing... my own text, not a formula of ours');
    expect(h.run((ex) => refreshFormulas(ex))).toBe(4);
    expect(sheet.getRange('C30').getFormula()).toBe(EARNINGS);
    expect(sheet.getRange('C31').getValue()).toBe('Refreshing... my own text, not a formula of ours');
  });

  it('fetches fresh data even when the refresh marker was evicted from the shared script cache', () => {
    const h = setUp(variants);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    changeEarnings(h);
    // An editor refreshes (the marker reaches only the shared cache); then other users of the
    // add-on fill the script cache before the formulas run.
    h.emu.runAs({ user: 'editor@example.com', mode: 'full' }, () => refreshFormulas(startExecution(h.emu.platform(), 'menu')));
    h.emu.runAs({ user: 'stranger@example.org', mode: 'full' }, () => {
      const cache = h.emu.globals.CacheService.getScriptCache()!;
      for (let i = 0; i < 1_100; i++) cache.put(`someone-else-${i}`, 'x', 600);
    });
    expect(h.emu.recalculate(h.functions, { only: ours }).errors).toEqual([]);
    expect(sheet.getRange('B2:B4').getValues()).toEqual([[999], [998], [997]]);
  });
});

describe('why the refresh writes a placeholder', () => {
  it('under strict recalculation, re-entering a formula (even with a space toggled) recalculates nothing', () => {
    const h = setUp(STRICT);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    h.emu.runAs({ user: OWNER, mode: 'full' }, () => {
      sheet.getRange('A1').setFormula(EARNINGS.replace('=', '= '));
      sheet.getRange('J1').setFormula(sheet.getRange('J1').getFormula());
    });
    h.emu.resetCounters();
    h.emu.recalculate(h.functions, { only: ours });
    expect(h.emu.counters.customFunctionCalls).toBe(0);
    // Sheets keeps the text normalised.
    expect(sheet.getRange('A1').getFormula()).toBe(EARNINGS);
  });

  it('under strict recalculation, starting more than 30 at once fails the rest', () => {
    const h = createHarness({ variants: STRICT });
    h.saveCredential(OWNER, 'demo', true);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    h.emu.runAs({ user: OWNER, mode: 'full' }, () => {
      for (let i = 0; i < 35; i++) sheet.getRange(1 + i * 7, 1).setFormula('=CREATOR_SITES(FALSE)');
    });
    const report = h.emu.recalculate(h.functions, { only: ours });
    expect(report.errors.map((e) => e.error)).toEqual(new Array(5).fill(BURST_MESSAGE));
  });
});

it('recognises our formulas, also inside others, and only ours', () => {
  expect(isCreatorFormula('=CREATOR_SITES()')).toBe(true);
  expect(isCreatorFormula('=sum(creator_earnings(A1, "lastMonth"))')).toBe(true);
  expect(isCreatorFormula('=MY_CREATOR_SITES()')).toBe(false);
  expect(isCreatorFormula('CREATOR_SITES()')).toBe(false);
  expect(isCreatorFormula('=A1&"CREATOR_X"')).toBe(false);
});

it('says so when there is nothing to refresh', () => {
  const h = createHarness();
  expect(h.run((ex) => refreshFormulas(ex))).toBe(0);
  expect(h.emu.ui.toasts[0].message).toBe('No Creator Reporting formulas in this spreadsheet.');
});
